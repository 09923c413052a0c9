// Issue 30, "Touch" and "The home grid fits its widgets", in a real browser: on the reference phone
// (390 × 844) the consent banner is a compact bottom sheet that leaves the login page's actions in reach,
// the shell's and the home's controls are tap targets of at least 44 × 44 px (WCAG 2.5.5), and the home's
// widgets stack in one column in the manifest's order; on a desktop no home card is mostly blank.
import type { Locator, Page } from '@playwright/test';
import manifest from '../../portal.config.json' with { type: 'json' };
import { describeFirstVisit, describeViolations, expect, test } from './fixtures';
import { signInCustomer } from './sign-in';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
// Claire's entity has the accounting offer: the manifest's set for it is her home.
const CLAIRE = 'claire.solo@demo.test';
const claireWidgets =
  manifest.homeWidgets.sets
    .find((set) => JSON.stringify(set.when) === JSON.stringify({ offer: 'PENNYLANE' }))
    ?.widgets.map((placed) => placed.widget) ?? [];
/** WCAG 2.5.5 (AAA): a target is at least 44 × 44 CSS px. Half a pixel for sub-pixel layout. */
const TARGET = 43.5;
/** Of a card's height, at least this much is its content (title, text, padding): none is mostly blank. */
const FILLED = 0.8;

/** Whether the point at the centre of `target` is `target` (or inside it), not something drawn over it. */
function centreIsReachable(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

async function signInOnHome(page: Page): Promise<void> {
  await signInCustomer(page, CLAIRE, { landing: /\/dossier\/1001\/accueil$/ });
  await expect(page.locator('[data-widget]')).toHaveCount(claireWidgets.length);
  // Every widget has its content: none is loading any more.
  await expect(
    page.locator('[data-grid-cell] [aria-busy="true"], [data-grid-cell] [role="progressbar"]'),
  ).toHaveCount(0);
}

/** Each home card's height and the height of what it holds (its content and its own padding). */
function cardFill(page: Page): Promise<{ widget: string; card: number; content: number }[]> {
  return page.locator('[data-widget]').evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      const style = getComputedStyle(card);
      let bottom = box.top + parseFloat(style.paddingTop);
      for (const inner of card.querySelectorAll('*')) {
        const rect = inner.getBoundingClientRect();
        if (rect.height > 0) bottom = Math.max(bottom, rect.bottom);
      }
      const closing = parseFloat(style.paddingBottom) + parseFloat(style.borderBottomWidth);
      return {
        widget: card.getAttribute('data-widget') ?? '',
        card: Math.round(box.height),
        content: Math.round(bottom - box.top + closing),
      };
    }),
  );
}

describeFirstVisit(() => {
  test('on a phone the consent banner is a compact bottom sheet that covers none of the login actions', async ({
    page,
    axe,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/login');
    const sheet = page.getByRole('region', { name: 'Vos choix de confidentialité' });
    await expect(sheet).toBeVisible();
    const box = await sheet.boundingBox();
    expect(box).not.toBeNull();
    if (box === null) return;
    // Along the bottom edge, the screen's full width, a quarter of its height at most.
    expect(box.x).toBe(0);
    expect(box.width).toBe(PHONE.width);
    expect(Math.round(box.y + box.height)).toBe(PHONE.height);
    expect(box.height).toBeLessThanOrEqual(PHONE.height * 0.25);
    // Its three choices on one row, no label cut.
    const choices = sheet.getByRole('button');
    await expect(choices).toHaveCount(3);
    const tops = await choices.evaluateAll((buttons) =>
      buttons.map((b) => Math.round(b.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    for (const label of await sheet.locator('.mantine-Button-label').all())
      expect(await label.evaluate((l) => l.scrollWidth <= l.clientWidth + 1)).toBe(true);

    // What the page brings into view stops above the sheet, and the page can scroll its end above it (the
    // page scrolls in the part of the screen above the sheet: the body, not the window).
    const collaborators = page.getByRole('link', { name: /Connexion collaborateur/ });
    const signIn = page.getByRole('button', { name: 'Se connecter', exact: true });
    for (const action of [signIn, collaborators]) {
      await action.evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
      expect(await centreIsReachable(action)).toBe(true);
    }
    await page.evaluate(() => document.body.scrollTo(0, document.body.scrollHeight));
    expect(await centreIsReachable(collaborators)).toBe(true);
    expect(describeViolations(await axe())).toEqual([]);

    // The keyboard reaches its choices from the top of the page, and a choice gives the room back.
    await page.evaluate(() => document.body.scrollTo(0, 0));
    const refuse = sheet.getByRole('button', { name: 'Tout refuser' });
    for (let tab = 0; tab < 12 && !(await refuse.evaluate((b) => b === document.activeElement)); tab++)
      await page.keyboard.press('Tab');
    await expect(refuse).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sheet).toBeHidden();
    expect(
      await page.evaluate(() => [document.body.style.height, document.documentElement.style.overflow]),
    ).toEqual(['', '']);
  });
});

test('on a phone the shell, its menus and the home are tap targets of 44 × 44 px at least', async ({
  page,
  axe,
}) => {
  await page.setViewportSize(PHONE);
  await signInOnHome(page);
  const small = async (targets: Locator) =>
    (
      await targets.evaluateAll((elements) =>
        elements
          .filter((element) => element.getClientRects().length > 0)
          .map((element) => {
            const box = element.getBoundingClientRect();
            return {
              name: element.getAttribute('aria-label') ?? element.textContent.trim(),
              width: box.width,
              height: box.height,
            };
          }),
      )
    ).filter(({ width, height }) => width < TARGET || height < TARGET);

  const controls = page.locator('header button, header a[href], main button');
  expect(await controls.count()).toBeGreaterThan(3);
  expect(await small(controls)).toEqual([]);

  // The entity's navigation, behind the burger.
  await page.getByRole('button', { name: 'Ouvrir la navigation' }).click();
  const links = page.getByRole('navigation', { name: "Navigation de l'entité" }).getByRole('link');
  await expect(links.first()).toBeVisible();
  expect(await small(links)).toEqual([]);
  await page.keyboard.press('Escape');

  // The user menu's items.
  await page.getByRole('button', { name: /^Menu de / }).click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  expect(await small(items)).toEqual([]);
  await page.keyboard.press('Escape');
  expect(describeViolations(await axe())).toEqual([]);
});

test("on a phone the home's widgets stack in one column, in the manifest's order, none mostly blank", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInOnHome(page);
  const cards = await page.locator('[data-widget]').evaluateAll((frames) =>
    frames.map((frame) => {
      const box = frame.getBoundingClientRect();
      return {
        widget: frame.getAttribute('data-widget') ?? '',
        left: box.left,
        width: box.width,
        top: box.top,
      };
    }),
  );
  expect(new Set(cards.map((card) => Math.round(card.left))).size).toBe(1);
  expect(new Set(cards.map((card) => Math.round(card.width))).size).toBe(1);
  expect([...cards].sort((a, b) => a.top - b.top).map((card) => card.widget)).toEqual(claireWidgets);
  for (const { widget, card, content } of await cardFill(page))
    expect(content / card, `${widget}: ${String(content)} of ${String(card)} px`).toBeGreaterThanOrEqual(
      FILLED,
    );
});

test('on a desktop each home card is as tall as what it shows: none is mostly blank', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInOnHome(page);
  const fills = await cardFill(page);
  expect(fills.map((fill) => fill.widget).sort()).toEqual([...claireWidgets].sort());
  for (const { widget, card, content } of fills)
    expect(content / card, `${widget}: ${String(content)} of ${String(card)} px`).toBeGreaterThanOrEqual(
      FILLED,
    );
  // The cards keep the manifest's columns: the accounting introduction is the full width of the grid.
  const intro = await page.locator('[data-widget="accounting/intro"]').boundingBox();
  const grid = await page.locator('[data-grid="static"]').boundingBox();
  expect(intro?.width).toBeCloseTo(grid?.width ?? 0, 0);
});
