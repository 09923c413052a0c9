import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from './problems.ts';
import { validateManifestSource } from './validate.ts';

const dir = join(import.meta.dirname, '../../tests/fixtures/manifests/invalid');
// Widgets the real plugins provide; pages are not checked here so each fixture shows only its own fault.
const knownPlugins = {
  widgets: new Set([
    'news/rss',
    'lab/lab',
    'booking/booking',
    'smart-offer/intro',
    'bi-reports/intro',
    'accounting/intro',
    'accounting/documents',
  ]),
};

/** Each broken manifest and the exact lines `npm run validate` prints for it. */
const expected: [string, string[]][] = [
  [
    'collaborator-code-on-widget.json',
    [
      'collaborator-code-on-widget.json:1423:27  /homeWidgets/sets/1/widgets/1/permission  a widget permission must be a customer code; "COGED0002" is a collaborator code',
    ],
  ],
  [
    'condition-ref-cycle.json',
    [
      'condition-ref-cycle.json:350:27  /conditions/documentsV2Allowed  condition refers to itself: documentsV2Allowed -> documentsV2Allowed',
    ],
  ],
  [
    'duplicate-route-name.json',
    [
      'duplicate-route-name.json:870:19  /routes/3/children/2/name  duplicate route name "wallet.folders" (first at /routes/3/children/1)',
      'duplicate-route-name.json:1266:18  /walletTabs/collaborator/1/route  unknown route "wallet.mandates"',
    ],
  ],
  [
    'duplicate-sidebar-id.json',
    ['duplicate-sidebar-id.json:1156:13  /sidebar/2/id  duplicate id "bi-reports" (also at /sidebar/1)'],
  ],
  [
    'duplicate-wallet-tab-order.json',
    [
      'duplicate-wallet-tab-order.json:1267:18  /walletTabs/collaborator/1/order  duplicate order 1 (also at /walletTabs/collaborator/0)',
    ],
  ],
  [
    'empty-any.json',
    [
      'empty-any.json:339:18  /conditions/smartOfferAllowed/all/2/any  "any" needs at least one condition (an empty "any" is never true)',
    ],
  ],
  [
    'locale-not-in-list.json',
    ['locale-not-in-list.json:4:22  /app/defaultLocale  locale "de-DE" is not in /app/locales (fr-FR, en)'],
  ],
  ['missing-required-key.json', ['missing-required-key.json:1:1  /  missing required key "session"']],
  [
    'negative-constant.json',
    ['negative-constant.json:1471:23  /constants/smartOffer/defaultPrice  must be 0 or more'],
  ],
  ['not-json.json', ['not-json.json:21:11  /  not JSON: Unexpected token ,']],
  [
    'redirect-to-nowhere.json',
    ['redirect-to-nowhere.json:853:21  /routes/3/children/0/redirect/1/to  unknown route "wallet.entitees"'],
  ],
  [
    'unknown-fact.json',
    [
      'unknown-fact.json:1101:17  /landing/0/when/fact  unknown fact "user.isCollaborator"; known facts: user.isAuthenticated, user.isCollab, user.isCustomer, user.hasSingleEntity, user.hasAcceptedTerms, entity.isSelected, entity.isSignatory, entity.isClarityVisible, entity.hasReports',
    ],
  ],
  [
    'unknown-flag.json',
    ['unknown-flag.json:1131:21  /sidebar/1/when/all/0/flag  unknown feature flag "clarityOffers"'],
  ],
  ['unknown-key.json', ['unknown-key.json:74:5  /session/tokenKeys  unknown key "tokenKeys"']],
  [
    'unknown-offer.json',
    ['unknown-offer.json:1413:20  /homeWidgets/sets/1/when/offer  unknown offer code "PENNYLAME"'],
  ],
  [
    'unknown-permission-code.json',
    [
      'unknown-permission-code.json:718:17  /routes/2/children/5/meta/permissions/anyOf/3  unknown permission code "CORAPP999"',
    ],
  ],
  [
    'unknown-plugin.json',
    [
      'unknown-plugin.json:1454:23  /homeWidgets/sets/2/widgets/1/widget  unknown widget plugin "weather/forecast"',
    ],
  ],
  [
    'widget-size-5.json',
    ['widget-size-5.json:1451:21  /homeWidgets/sets/2/widgets/0/size  must be one of 1, 2, 3, 4'],
  ],
  ['wrong-type.json', ['wrong-type.json:12:22  /app/ui/popupZIndex  must be of type integer']],
];

describe('broken manifests', () => {
  it('has a fixture for every case and a case for every fixture', () => {
    expect(readdirSync(dir).sort()).toEqual(expected.map(([file]) => file).sort());
    expect(expected.length).toBeGreaterThanOrEqual(15);
  });

  it.each(expected)('%s gives the exact message and place', (file, lines) => {
    const result = validateManifestSource(readFileSync(join(dir, file), 'utf8'), {
      pages: new Set<string>(),
      widgets: knownPlugins.widgets,
    });
    expect(result.ok).toBe(false);
    const printed = result.problems
      .filter((p) => !p.message.startsWith('unknown page plugin'))
      .map((p) => formatProblem(file, p));
    expect(printed).toEqual(lines);
  });
});
