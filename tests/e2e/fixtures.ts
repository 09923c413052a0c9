// The end-to-end `test`: Playwright's, plus an accessibility check (axe-core driven directly, since
// @axe-core/playwright needs Node 22), a recorder of the calls the page sends to the gateway, and the
// demo personas' credentials from the gateway's seed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import type { ConsoleMessage, Page, Request } from '@playwright/test';
import type { AxeResults, ElementContext, ImpactValue, RunOptions } from 'axe-core';
import manifest from '../../portal.config.json' with { type: 'json' };
import { gatewayProxy } from '../../scripts/gateway-proxy.ts';
import { e2e } from './e2e-env.mjs';

export { expect };

export const GATEWAY_URL = e2e.gateway.url;
export const PORTAL_URL = e2e.portal.url;

/**
 * The gateway's demo seed is dated from this day (GATEWAY_DEMO_TODAY); `DEMO_NOW` is a morning of it in
 * Paris, the clock a browser sets to read the seed as on that day (relative times, periods like "last
 * quarter"). Pages left on the real clock read seed dates as weeks or months old.
 */
export const DEMO_TODAY = e2e.gateway.env.GATEWAY_DEMO_TODAY;
export const DEMO_NOW = new Date(`${DEMO_TODAY}T09:30:00+01:00`);

const axeScriptPath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSourceText: string | undefined;
const axeSource = () => (axeSourceText ??= readFileSync(axeScriptPath, 'utf8'));

// ---------------------------------------------------------------------------------------------------
// Personas

export type PersonaUser = {
  email: string;
  firstName: string;
  lastName: string;
  isCustomer: boolean;
  acceptedCurrentTerms: boolean;
  [key: string]: unknown;
};

export type Persona = { email: string; password: string; user: PersonaUser };

export type PersonaBook = {
  /** Every seeded user, in the seed's order. */
  all: readonly Persona[];
  /** The persona with this e-mail; throws (naming the known ones) when the seed has no such user. */
  byEmail: (email: string) => Persona;
  /** The first persona matching `predicate`; throws when none does. */
  find: (description: string, predicate: (user: PersonaUser) => boolean) => Persona;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPersonaUser(value: unknown): value is PersonaUser {
  return (
    isRecord(value) &&
    typeof value['email'] === 'string' &&
    typeof value['isCustomer'] === 'boolean' &&
    typeof value['firstName'] === 'string'
  );
}

export function loadPersonas(
  file = path.resolve(import.meta.dirname, '../../gateway/seed/personas.json'),
): PersonaBook {
  const seed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isRecord(seed) || typeof seed['password'] !== 'string' || !Array.isArray(seed['users'])) {
    throw new Error(`${file}: expected { password, users: [...] }`);
  }
  const password = seed['password'];
  const users: unknown[] = seed['users'];
  const all = users.filter(isPersonaUser).map((user) => ({ email: user.email, password, user }));
  return {
    all,
    byEmail(email) {
      const persona = all.find((candidate) => candidate.email === email);
      if (!persona) {
        throw new Error(`no persona ${email} in ${file}; known: ${all.map((p) => p.email).join(', ')}`);
      }
      return persona;
    },
    find(description, predicate) {
      const persona = all.find((candidate) => predicate(candidate.user));
      if (!persona) throw new Error(`no persona is ${description} in ${file}`);
      return persona;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Accessibility

export type AxeViolation = AxeResults['violations'][number];

/** The part of axe-core's global that we call, once axe.min.js is injected into the page. */
type AxeGlobal = { run: (context: ElementContext, options: RunOptions) => Promise<AxeResults> };

export type AxeCheck = (options?: {
  /** Only violations of these impacts are returned. Default: serious and critical. */
  impacts?: readonly NonNullable<ImpactValue>[];
  /** Passed to axe.run(), e.g. `{ runOnly: ['wcag2a', 'wcag2aa'] }`. */
  runOptions?: RunOptions;
  /** CSS selector of the part of the page to check. Default: the whole document. */
  include?: string;
}) => Promise<AxeViolation[]>;

/** One line per violation and node, readable in a failed `expect(...).toEqual([])`. */
export function describeViolations(violations: readonly AxeViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.impact ?? 'unknown'} ${violation.id}: ${violation.help} at ${node.target.join(' ')}`,
    ),
  );
}

// ---------------------------------------------------------------------------------------------------
// Gateway request recorder

export type RecordedRequest = {
  method: string;
  url: string;
  path: string;
  resourceType: string;
  /** When the browser sent it and when its answer ended (ms since the epoch; end once finished). */
  startedAt: number;
  endedAt?: number;
};

/**
 * Calls that do not need each other go out together: each is sent before the last of the others has
 * answered (none waits for the others). Weaker than "all in flight at once", which a busy main thread can
 * break by sending two calls of a wave 100 ms apart.
 */
export function expectOneWave(recorded: readonly RecordedRequest[], paths: readonly string[]): void {
  const calls = paths.map((path) => {
    const found = recorded.find((request) => request.path === path);
    if (found === undefined) throw new Error(`${path} was not sent`);
    return found;
  });
  for (const call of calls) {
    const othersAnswered = Math.max(
      ...calls.filter((other) => other !== call).map((other) => other.endedAt ?? Number.POSITIVE_INFINITY),
    );
    expect(call.startedAt, `${call.path} goes out with ${paths.join(', ')}`).toBeLessThan(othersAnswered);
  }
}

export type RequestRecorder = {
  /**
   * Requests the browser sent to the gateway since the test began (or the last `clear()`): to its own
   * origin (the identity provider) or through the portal's origin (the proxied service prefixes).
   */
  list: () => RecordedRequest[];
  /** Forget what was recorded, e.g. right before pressing "sign in". */
  clear: () => void;
  /** `METHOD path?query` keys sent more than once, for "no call is sent twice". */
  duplicates: () => string[];
};

const proxiedPrefixes = Object.keys(gatewayProxy(manifest.gateway, GATEWAY_URL));

function isGatewayRequest(url: URL, gatewayOrigin: string): boolean {
  if (url.origin === gatewayOrigin) return true;
  return (
    url.origin === new URL(e2e.portal.url).origin &&
    proxiedPrefixes.some((prefix) => url.pathname.startsWith(prefix))
  );
}

function recorderFor(origin: string): {
  recorder: RequestRecorder;
  onRequest: (request: Request) => void;
  onRequestDone: (request: Request) => void;
} {
  let recorded: RecordedRequest[] = [];
  const byRequest = new WeakMap<Request, RecordedRequest>();
  const keyOf = (request: RecordedRequest) => `${request.method} ${request.path}`;
  return {
    onRequest(request) {
      const url = new URL(request.url());
      if (!isGatewayRequest(url, origin)) return;
      const entry: RecordedRequest = {
        method: request.method(),
        url: url.href,
        path: url.pathname + url.search,
        resourceType: request.resourceType(),
        startedAt: Date.now(),
      };
      byRequest.set(request, entry);
      recorded.push(entry);
    },
    onRequestDone(request) {
      const entry = byRequest.get(request);
      if (entry === undefined) return;
      // The browser's own clock for both ends: the order of events seen here can lag behind.
      const timing = request.timing();
      if (timing.startTime > 0) entry.startedAt = timing.startTime;
      entry.endedAt = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : Date.now();
    },
    recorder: {
      list: () => [...recorded],
      clear: () => {
        recorded = [];
      },
      duplicates: () => {
        const counts = new Map<string, number>();
        for (const request of recorded) counts.set(keyOf(request), (counts.get(keyOf(request)) ?? 0) + 1);
        return [...counts].filter(([, count]) => count > 1).map(([key]) => key);
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------------

/**
 * Declares console errors and failed requests a test causes on purpose (an injected fault, going
 * offline); any other one fails the test.
 *
 * @example
 * expectConsoleErrors(/Failed to load resource: .* 500/, /Gateway request failed/);
 */
export type ExpectConsoleErrors = (...patterns: RegExp[]) => void;

type Fixtures = {
  /**
   * The e2e build enables the manifest's third-party scripts (their hosts are stubbed by the consent
   * test), so a first visit shows the consent banner. Every other test starts as someone who refused
   * them all: no banner over the page, no third-party request. `test.use({ firstVisit: true })` to see it.
   */
  firstVisit: boolean;
  consentChoice: void;
  axe: AxeCheck;
  requests: RequestRecorder;
  personas: PersonaBook;
  freshGateway: void;
  expectConsoleErrors: ExpectConsoleErrors;
  cleanConsole: void;
};

// What the browser says that no test causes and no person sees: the React devtools invitation.
const CONSOLE_NOISE = [/Download the React DevTools/];
const expectedConsoleErrors = new Map<string, RegExp[]>();

export const test = base.extend<Fixtures>({
  firstVisit: [false, { option: true }],
  consentChoice: [
    async ({ context, firstVisit }, use) => {
      if (!firstVisit)
        await context.addInitScript(() => {
          // Sandboxed and opaque frames have no storage of their own: nothing to set there.
          try {
            if (window.localStorage.getItem('consent') === null)
              window.localStorage.setItem(
                'consent',
                JSON.stringify({ analytics: false, chat: false, productTour: false, singleSignOn: false }),
              );
          } catch {
            // Not this frame's business.
          }
        });
      await use();
    },
    { auto: true },
  ],

  // Every test starts from the seeded personas: what one test writes (terms accepted, a saved layout,
  // a fault rule) never leaks into the next.
  freshGateway: [
    async ({ request }, use) => {
      const reset = await request.post(`${GATEWAY_URL}/__admin/reset`);
      if (!reset.ok()) throw new Error(`gateway reset failed: ${String(reset.status())}`);
      await use();
    },
    { auto: true },
  ],

  axe: async ({ page }, use) => {
    await use(async ({ impacts = ['serious', 'critical'], runOptions = {}, include } = {}) => {
      const hasAxe = await page.evaluate(() => 'axe' in window);
      // Not page.addScriptTag: the portal's Content-Security-Policy (script-src 'self') blocks inline
      // scripts, while evaluate() runs through the DevTools protocol, outside the page's CSP.
      if (!hasAxe) await page.evaluate(axeSource());
      const results = await page.evaluate(
        async ({ context, options }) => {
          const { axe } = window as unknown as { axe: AxeGlobal };
          return axe.run(context ?? document, options);
        },
        { context: include, options: runOptions },
      );
      return results.violations.filter(
        (violation) => violation.impact != null && impacts.includes(violation.impact),
      );
    });
  },

  // Context-wide, so popups and frames (the OIDC sign-in page, silent renew) are counted too.
  requests: async ({ context }, use) => {
    const { recorder, onRequest, onRequestDone } = recorderFor(new URL(GATEWAY_URL).origin);
    context.on('request', onRequest);
    context.on('requestfinished', onRequestDone);
    context.on('requestfailed', onRequestDone);
    await use(recorder);
    context.off('request', onRequest);
    context.off('requestfinished', onRequestDone);
    context.off('requestfailed', onRequestDone);
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies.
  expectConsoleErrors: async ({}, use, testInfo) => {
    await use((...patterns) => {
      expectedConsoleErrors.get(testInfo.testId)?.push(...patterns);
    });
  },

  // A normal session logs no error and loses no request: every test fails on a console error or a failed
  // request it did not declare with expectConsoleErrors (context-wide: popups and frames count too).
  cleanConsole: [
    async ({ context }, use, testInfo) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [...CONSOLE_NOISE];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() === 'error') seen.push(`console: ${message.text()}`);
      };
      const onPage = (page: Page) => {
        page.on('console', onConsole);
        page.on('pageerror', (error) => seen.push(`uncaught: ${error.message}`));
      };
      const onRequestFailed = (request: Request) => {
        const failure = request.failure()?.errorText ?? '';
        // Aborted by the page itself (a navigation, a cancelled query): not a failure a person meets.
        if (failure.includes('ERR_ABORTED')) return;
        seen.push(`request failed: ${request.method()} ${request.url()} ${failure}`);
      };
      context.pages().forEach(onPage);
      context.on('page', onPage);
      context.on('requestfailed', onRequestFailed);
      expectedConsoleErrors.set(testInfo.testId, allowed);
      await use();
      context.off('page', onPage);
      context.off('requestfailed', onRequestFailed);
      expectedConsoleErrors.delete(testInfo.testId);
      const unexpected = seen.filter((line) => !allowed.some((pattern) => pattern.test(line)));
      expect(unexpected, 'console errors or failed requests the test did not cause on purpose').toEqual([]);
    },
    { auto: true },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies.
  personas: async ({}, use) => {
    await use(loadPersonas());
  },
});

/**
 * Tests of a first visit, titled "a first visit": no consent choice is stored yet, so the banner shows
 * (the `firstVisit` option).
 */
export function describeFirstVisit(body: () => void): void {
  test.describe('a first visit', () => {
    test.use({ firstVisit: true });
    body();
  });
}
