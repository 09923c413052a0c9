// What tests/e2e/screenshots.spec.ts checks on each screen of the tour, measured in the page: the phone
// layout (issue 30, Done when: no page-wide sideways scroll, the title within the first 280 px, no table
// cell narrower than its words), the codes a person must never read, and the parts of a screen that vary
// from run to run (masked in the screenshots). Each check answers its problems, one readable line each.
import type { Page } from '@playwright/test';
import manifest from '../../portal.config.json' with { type: 'json' };
import { COLLABORATOR_ROLES, DELEGATION_ACTIONS } from '../../kernel/contract/people-routes.ts';

/** Where a page's title must start on a 390 × 844 phone: within its first third. */
export const TITLE_TOP_MAX = 280;

/** At most this many examples per check in a message; the count says how many there are in all. */
const EXAMPLES = 6;

export type PhoneProblems = { wide: string[]; title: string[]; cells: string[] };

/** The phone checks of the Done-when lines, on the screen as it is (scrolled to its top). */
export async function phoneProblems(page: Page): Promise<PhoneProblems> {
  return page.evaluate(
    ({ titleTopMax, examples }) => {
      const shown = (element: Element) => {
        if (element.getClientRects().length === 0) return false;
        const style = getComputedStyle(element);
        return style.visibility !== 'hidden' && style.display !== 'none';
      };
      const quote = (text: string) => `"${text.replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
      const sample = (found: string[]) =>
        found.length > examples
          ? [...found.slice(0, examples), `… and ${String(found.length - examples)} more`]
          : found;

      const viewport = window.innerWidth;
      const documentWidth = document.documentElement.scrollWidth;
      const wide =
        documentWidth > viewport
          ? [
              `the page is ${String(documentWidth)} px wide on a ${String(viewport)} px screen (scrolls sideways)`,
            ]
          : [];

      const heading = [...document.querySelectorAll('h1')].find(shown);
      const top = heading ? Math.round(heading.getBoundingClientRect().top + window.scrollY) : null;
      const title =
        heading === undefined || top === null
          ? ['no visible level-1 heading (the page title)']
          : top > titleTopMax
            ? [
                `the title ${quote(heading.textContent)} starts ${String(top)} px down (at most ${String(titleTopMax)})`,
              ]
            : [];

      // A cell's text is squeezed when a box of it is narrower than what it holds (cut or spilling out),
      // or when a word of it is split across two lines (a break after a hyphen is a normal one).
      const cells: string[] = [];
      const cellSelector =
        'td, th, [role="cell"], [role="gridcell"], [role="columnheader"], [role="rowheader"]';
      for (const cell of document.querySelectorAll(cellSelector)) {
        if (!shown(cell)) continue;
        const boxes = [cell, ...cell.querySelectorAll('*')].filter(
          (element) =>
            element instanceof HTMLElement &&
            element.clientWidth > 0 &&
            getComputedStyle(element).display !== 'inline' &&
            element.textContent.trim() !== '' &&
            shown(element),
        );
        const cut = boxes.find((element) => element.scrollWidth > element.clientWidth + 1);
        if (cut instanceof HTMLElement) {
          cells.push(
            `cell ${quote(cell.textContent)}: ${quote(cut.textContent)} needs ${String(cut.scrollWidth)} px, has ${String(cut.clientWidth)}`,
          );
          continue;
        }
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        let broken: string | null = null;
        for (let node = walker.nextNode(); node !== null && broken === null; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/[^\s\u00a0\u202f-]+-?/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(
              [...range.getClientRects()]
                .filter((rect) => rect.width > 0)
                .map((rect) => Math.round(rect.top)),
            );
            if (lines.size > 1) {
              broken = match[0];
              break;
            }
          }
        }
        if (broken !== null)
          cells.push(`cell ${quote(cell.textContent)}: the word ${quote(broken)} is split across lines`);
      }
      return { wide, title, cells: sample(cells) };
    },
    { titleTopMax: TITLE_TOP_MAX, examples: EXAMPLES },
  );
}

/**
 * What a person must never read (issue 30 item 7): the manifest's permission codes, the collaborators'
 * role ids, the home widgets' and widget sets' ids, the notification event types and the delegation log's
 * action ids. Matched as whole words, case-sensitively.
 */
export const CODE_VOCABULARY: readonly string[] = [
  ...Object.keys(manifest.permissions),
  'ALL_COLLABORATOR_CODES',
  ...COLLABORATOR_ROLES,
  ...new Set(
    manifest.homeWidgets.sets.flatMap((set) => [set.id, ...set.widgets.map(({ widget }) => widget)]),
  ),
  ...manifest.notifications.eventTypes,
  ...DELEGATION_ACTIONS,
];

/** Anything shaped like a permission code (letters then digits, e.g. CLBANK001), declared or not. */
const CODE_SHAPE = /\b[A-Z]{4,}[0-9]{2,}\b/g;

/** The studio's JSON view shows the manifest as it is, codes included: the only place they may show. */
const MAY_SHOW_CODES = '[role="tabpanel"][id$="-panel-json"], textarea';

/** Codes in the page's visible text (innerText), outside the studio's JSON view, each with its context. */
export async function codesInVisibleText(page: Page): Promise<string[]> {
  const text = await page.evaluate((excluded) => {
    let visible = document.body.innerText;
    for (const element of document.querySelectorAll(excluded))
      if (element instanceof HTMLElement && element.innerText !== '')
        visible = visible.replace(element.innerText, '');
    return visible;
  }, MAY_SHOW_CODES);
  const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const found = new Map<string, string>();
  const context = (index: number, length: number) =>
    text
      .slice(Math.max(0, index - 30), index + length + 30)
      .replace(/\s+/g, ' ')
      .trim();
  for (const word of CODE_VOCABULARY) {
    const match = new RegExp(`(?<![\\w/.-])${escape(word)}(?![\\w/-])`).exec(text);
    if (match) found.set(word, context(match.index, word.length));
  }
  for (const match of text.matchAll(CODE_SHAPE))
    if (!found.has(match[0])) found.set(match[0], context(match.index, match[0].length));
  const lines = [...found].map(([word, where]) => `${word} in "…${where}…"`);
  return lines.length > EXAMPLES
    ? [...lines.slice(0, EXAMPLES), `… and ${String(lines.length - EXAMPLES)} more`]
    : lines;
}

/** The attribute that marks what varies from run to run; the screenshots mask it. */
export const VARIES = '[data-screen-tour-varies]';

/**
 * Marks the parts of the screen that vary from one run to the next: the times of day and relative times
 * (what the gateway stamps when a run creates something), and drawn charts (caught mid-animation). Dates
 * and amounts are not masked: the demo seed is dated from one fixed day (GATEWAY_DEMO_TODAY) and the
 * browser's clock is fixed, so the figures are the same on every run and the baselines guard them.
 * Called again before each screenshot, since a screen may render more after the first mark.
 */
export async function markVarying(page: Page): Promise<void> {
  await page.evaluate(() => {
    const varying = new RegExp(
      [
        '\\d{1,2}\\s?[:h]\\s?\\d{2}', // 09:30, 9 h 30
        // Whole words only: "hier" is also inside "fichiers" (the drop zone, its button, the ZIP button).
        "(?<!\\p{L})(il y a|dans \\d|aujourd[’']hui|hier|demain|à l[’']instant|ago|yesterday|today)(?!\\p{L})",
      ].join('|'),
      'iu',
    );
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      // A fixed day the person typed (a fiscal year end, "31 décembre") reads like a date but never varies.
      if (parent?.closest('[data-fixed-date]') === null && varying.test(node.textContent ?? ''))
        parent.setAttribute('data-screen-tour-varies', '');
    }
    for (const chart of document.querySelectorAll('canvas'))
      chart.setAttribute('data-screen-tour-varies', '');
  });
}
