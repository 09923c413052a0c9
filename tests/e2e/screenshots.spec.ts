// Screenshots that guard what people see (issue 30 item 9): each screen of the tour (screen-tour.ts), as
// the persona who uses it, at 1366 × 768 and at 390 × 844, compared with its committed baseline in
// tests/e2e/screenshots/ (full page; dates, amounts and charts masked; the browser's clock fixed). On the
// same visit: axe at both widths, the phone checks of the Done-when lines at 390 px, and no code in the
// text a person reads. Update the baselines with `npm run test:screenshots:update`.
//
// A check a screen fails today is marked in KNOWN_FAILURES with the issue-30 item that fixes it: the test
// then expects it to fail (like test.fail(), per screen and check), and fails once it passes, asking for
// its mark to be removed.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page, TestInfo } from '@playwright/test';
import { DEMO_NOW, describeViolations, expect, GATEWAY_URL, PORTAL_URL, test as base } from './fixtures';
import { codesInVisibleText, markVarying, phoneProblems, VARIES } from './screen-checks';
import { signInAs, TOUR } from './screen-tour';
import type { TourPersona, TourStop } from './screen-tour';

/** The reference desktop and phone of issue 30. */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

type Width = (typeof SIZES)[number]['width'];
type Check = 'axe' | 'codes' | 'wide' | 'title' | 'cells';
type CheckAt = `${Check}@${Width}`;

/**
 * The browser's clock during a visit: relative times and "today" read the same on every run, on the day
 * the gateway's demo seed is dated from (GATEWAY_DEMO_TODAY).
 */
const FIXED_NOW = DEMO_NOW;

/**
 * Checks each screen fails on main today, with the item of issue 30 whose branch fixes them. Remove a
 * mark when its fix is merged (the test says which marks pass now).
 */
const KNOWN_FAILURES: Readonly<Record<string, Partial<Record<CheckAt, string>>>> = {};

/** Optional outputs for a person reviewing the tour (not used by CI). */
const FINDINGS_FILE = process.env['SCREEN_TOUR_FINDINGS'];
const SAVE_DIR = process.env['SCREEN_TOUR_SAVE_DIR'];

/** A persona's signed-in tab as the tour keeps it between its screens: cookies, storage, landing. */
type SavedSession = {
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  local: Record<string, string>;
  session: Record<string, string>;
  landing: string;
};

// The tour only looks: its screens write nothing a later one shows. So a persona signs in once, at the
// first of its screens, and the next ones open in a new tab of that session, as after a reload (the
// sign-in is most of a screen's time). The gateway is reset before each persona's first screen (which
// ends the sessions kept so far), instead of before every test as the other specs do.
const sessions = new Map<TourPersona, SavedSession>();

const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies.
  freshGateway: async ({}, use) => {
    await use();
  },
});

async function resetGateway(request: APIRequestContext): Promise<void> {
  const reset = await request.post(`${GATEWAY_URL}/__admin/reset`);
  if (!reset.ok()) throw new Error(`gateway reset failed: ${String(reset.status())}`);
  sessions.clear();
}

/** Signs the persona in, or opens a new tab of the session kept from its first screen. */
async function sessionOf(
  page: Page,
  request: APIRequestContext,
  persona: TourPersona,
): Promise<SavedSession> {
  const saved = sessions.get(persona);
  if (saved !== undefined) {
    await page.context().addCookies(saved.cookies);
    await page.context().addInitScript(
      ({ origin, local, session }) => {
        if (window.location.origin !== origin) return;
        for (const [key, value] of Object.entries(local))
          if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
        for (const [key, value] of Object.entries(session))
          if (window.sessionStorage.getItem(key) === null) window.sessionStorage.setItem(key, value);
      },
      { origin: new URL(PORTAL_URL).origin, local: saved.local, session: saved.session },
    );
    return saved;
  }
  await resetGateway(request);
  if (persona === 'anonymous') {
    const nobody: SavedSession = { cookies: [], local: {}, session: {}, landing: '/login' };
    sessions.set(persona, nobody);
    return nobody;
  }
  await signInAs(page, persona);
  const storage = (area: 'localStorage' | 'sessionStorage') =>
    page.evaluate((name) => Object.fromEntries(Object.entries(window[name])), area);
  const fresh: SavedSession = {
    cookies: await page.context().cookies(),
    local: await storage('localStorage'),
    session: await storage('sessionStorage'),
    landing: new URL(page.url()).pathname,
  };
  sessions.set(persona, fresh);
  return fresh;
}

/** Waits until the screen has drawn its data: its title, no busy region, no loader, the fonts. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(
    0,
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function visit(page: Page, request: APIRequestContext, stop: TourStop): Promise<void> {
  const { landing } = await sessionOf(page, request, stop.persona);
  // Loaded under the fixed clock (after the sign-in, whose tokens carry the real time), at the stop's
  // address or where the persona's sign-in lands.
  await page.clock.setFixedTime(FIXED_NOW);
  await page.goto(stop.path ?? landing);
  await settle(page);
  // The baseline is the stop's screen, not where a guard sent the persona instead.
  expect(new URL(page.url()).pathname, `${stop.id} shows its own address`).toBe(
    new URL(stop.path ?? landing, page.url()).pathname,
  );
  if (stop.open) {
    await stop.open(page);
    await settle(page);
  }
}

/** One check's verdict: no problem, or, for a marked check, at least one (its fix is not merged yet). */
function judge(stop: TourStop, check: CheckAt, problems: readonly string[], testInfo: TestInfo): void {
  if (FINDINGS_FILE !== undefined && problems.length > 0)
    appendFileSync(FINDINGS_FILE, `${JSON.stringify({ screen: stop.id, check, problems })}\n`);
  const mark = KNOWN_FAILURES[stop.id]?.[check];
  if (mark === undefined) {
    expect.soft(problems, `${check} on ${stop.id}`).toEqual([]);
  } else {
    testInfo.annotations.push({
      type: `known failure ${check}`,
      description: `${mark}: ${problems.join('; ')}`,
    });
    expect
      .soft(problems, `${check} on ${stop.id} passes now: remove its mark in KNOWN_FAILURES (${mark})`)
      .not.toEqual([]);
  }
}

for (const size of SIZES) {
  test.describe(`at ${String(size.width)} px`, () => {
    test.use({ viewport: size });

    for (const stop of TOUR) {
      test(`${stop.id} at ${String(size.width)} px (${stop.persona}, ${stop.route})`, async ({
        page,
        request,
        axe,
      }, testInfo) => {
        // A page too tall to take whole (firstScreenOnly) is also long to check with axe.
        test.setTimeout(stop.firstScreenOnly === undefined ? 60_000 : 180_000);
        await visit(page, request, stop);
        if (SAVE_DIR !== undefined) {
          mkdirSync(SAVE_DIR, { recursive: true });
          await page.screenshot({
            path: path.join(SAVE_DIR, `${stop.id}-${String(size.width)}.png`),
            fullPage: true,
          });
        }

        await test.step('compare with the baseline', async () => {
          await markVarying(page);
          await expect.soft(page).toHaveScreenshot(`${stop.id}-${String(size.width)}.png`, {
            fullPage: stop.firstScreenOnly === undefined,
            mask: [page.locator(VARIES)],
          });
        });

        await test.step('axe', async () => {
          judge(stop, `axe@${size.width}`, describeViolations(await axe()), testInfo);
        });

        await test.step('no code in the visible text', async () => {
          judge(stop, `codes@${size.width}`, await codesInVisibleText(page), testInfo);
        });

        if (size.width === 390) {
          await test.step('phone layout', async () => {
            const { wide, title, cells } = await phoneProblems(page);
            judge(stop, 'wide@390', wide, testInfo);
            judge(stop, 'title@390', title, testInfo);
            judge(stop, 'cells@390', cells, testInfo);
          });
        }
      });
    }
  });
}
