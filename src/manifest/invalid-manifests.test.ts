import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plugins } from '../app/plugins.ts';
import { createPluginRegistry } from '../plugin-host/registry.ts';
import { createWidgetOptionsCheck } from '../../scripts/widget-options-check.ts';
import { patchedManifestSource } from '../testing/manifest.ts';
import { formatProblem } from '../../kernel/manifest/problems.ts';
import { validateManifestSource } from '../../kernel/manifest/validate.ts';
import { checkWidgetOptions } from '../../kernel/manifest/widget-options.ts';

const fixtures = join(import.meta.dirname, '../../tests/fixtures/manifests');
const realManifest = readFileSync(join(import.meta.dirname, '../../portal.config.json'), 'utf8');
const known = { ...createPluginRegistry(plugins).known, checkOptions: createWidgetOptionsCheck() };

/** Each broken case (a patch of the real manifest) and the problems `npm run validate` reports for it. */
const expected: [string, string[]][] = [
  [
    'branding-low-contrast.patch.json',
    [
      '/branding/primaryColor  contrast 4.32:1 with white (button text, page background of links) is below the 4.5:1 of WCAG AA: choose a darker colour',
    ],
  ],
  [
    'branding-not-a-colour.patch.json',
    [
      '/branding  missing required key "firmName"',
      '/branding/logo/src  must be a path of this site (one leading "/")',
      '/branding/primaryColor  must match the pattern ^#[0-9a-fA-F]{6}$',
    ],
  ],
  [
    'collaborator-code-on-widget.patch.json',
    [
      '/homeWidgets/sets/1/widgets/1/permission  a widget permission must be a customer code; "COGED0002" is a collaborator code',
    ],
  ],
  [
    'condition-ref-cycle.patch.json',
    ['/conditions/documentsV2Allowed  condition refers to itself: documentsV2Allowed -> documentsV2Allowed'],
  ],
  [
    'duplicate-route-name.patch.json',
    [
      '/routes/3/children/2/name  duplicate route name "wallet.folders" (first at /routes/3/children/1)',
      '/walletTabs/collaborator/1/route  unknown route "wallet.mandates"',
    ],
  ],
  [
    'home-grid-without-page.patch.json',
    ['/routes/3/homeGrid  the home grid is drawn under a page: this route has none'],
  ],
  ['duplicate-sidebar-id.patch.json', ['/sidebar/2/id  duplicate id "bi-reports" (also at /sidebar/1)']],
  [
    'duplicate-wallet-tab-order.patch.json',
    ['/walletTabs/collaborator/1/order  duplicate order 10 (also at /walletTabs/collaborator/0)'],
  ],
  [
    'empty-any.patch.json',
    [
      '/conditions/smartOfferAllowed/all/2/any  "any" needs at least one condition (an empty "any" is never true)',
    ],
  ],
  [
    'locale-not-in-list.patch.json',
    ['/app/defaultLocale  locale "de-DE" is not in /app/locales (fr-FR, en)'],
  ],
  [
    'manifest-urls-not-https.patch.json',
    [
      '/gateway/baseUrl  must be an https:// address or a path of this site (one leading "/")',
      '/identity/collaborator/authority  must be an https:// address (http:// only on this machine: 127.0.0.1, localhost or [::1])',
      '/identity/collaborator/loginPath  must be a path of this site (one leading "/")',
      '/constants/mandateToolUrl  must be an https:// address or a path of this site (one leading "/")',
      '/applications/0/url  must be an https:// address or a path of this site (one leading "/")',
    ],
  ],
  ['missing-required-key.patch.json', ['/  missing required key "session"']],
  ['negative-constant.patch.json', ['/constants/smartOffer/defaultPrice  must be 0 or more']],
  ['redirect-to-nowhere.patch.json', ['/routes/3/children/0/redirect/1/to  unknown route "wallet.entitees"']],
  [
    'script-consent-necessary.patch.json',
    ['/thirdPartyScripts/2/consent  must be one of "analytics", "chat", "productTour", "singleSignOn"'],
  ],
  [
    'script-url-not-https.patch.json',
    [
      '/thirdPartyScripts/0/url  must be an https:// address or a path of this site (one leading "/")',
      '/thirdPartyScripts/1/url  must be an https:// address or a path of this site (one leading "/")',
      '/thirdPartyScripts/2/url  must be an https:// address or a path of this site (one leading "/")',
      '/thirdPartyScripts/3/url  must be an https:// address or a path of this site (one leading "/")',
    ],
  ],
  [
    'unknown-fact.patch.json',
    [
      '/landing/1/when/fact  unknown fact "user.isCollaborator"; known facts: user.isAuthenticated, user.isCollab, user.isCustomer, user.hasSingleEntity, user.hasRememberedEntity, user.hasAcceptedTerms, user.isStudioEditor, entity.isSelected, entity.isSignatory, entity.isClarityVisible, entity.hasReports',
    ],
  ],
  ['unknown-flag.patch.json', ['/sidebar/1/when/all/0/flag  unknown feature flag "clarityOffers"']],
  ['unknown-key.patch.json', ['/session/tokenKeys  unknown key "tokenKeys"']],
  ['unknown-offer.patch.json', ['/homeWidgets/sets/1/when/offer  unknown offer code "PENNYLAME"']],
  [
    'unknown-permission-code.patch.json',
    ['/routes/2/children/3/meta/permissions/anyOf/3  unknown permission code "CORAPP999"'],
  ],
  [
    'unknown-plugin.patch.json',
    ['/homeWidgets/sets/2/widgets/1/widget  unknown widget plugin "weather/forecast"'],
  ],
  ['widget-size-5.patch.json', ['/homeWidgets/sets/2/widgets/0/size  must be one of 1, 2, 3, 4']],
  [
    'widget-size-not-offered.patch.json',
    [
      '/homeWidgets/sets/1/widgets/0/size  size 1 is not offered by widget "accounting/intro" (it offers 2, 3, 4)',
    ],
  ],
  [
    'widget-options-invalid.patch.json',
    [
      '/homeWidgets/sets/0/widgets/1/options  widget "lab/lab": missing required key "url"',
      '/homeWidgets/sets/2/widgets/0/options/maxItems  widget "news/rss": must be 1 or more',
      '/homeWidgets/sets/2/widgets/1/options/target  widget "lab/lab": unknown key "target"',
      '/homeWidgets/sets/2/widgets/1/options/url  widget "lab/lab": must be an https:// address or a path of this site (one leading "/")',
    ],
  ],
  [
    'widget-option-url-http.patch.json',
    [
      '/homeWidgets/sets/2/widgets/3/options/url  widget "sso/sso": must be an https:// address or a path of this site (one leading "/")',
    ],
  ],
  [
    'widget-options-not-taken.patch.json',
    ['/homeWidgets/sets/2/widgets/2/options  widget "booking/booking" takes no options'],
  ],
  ['wrong-type.patch.json', ['/app/ui/popupZIndex  must be of type integer']],
];

describe('broken manifests (patches of the real one)', () => {
  it('the real manifest is valid, so each patch shows only its own fault', () => {
    const result = validateManifestSource(realManifest, known);
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('has a patch for every case and a case for every patch', () => {
    expect(readdirSync(join(fixtures, 'invalid')).sort()).toEqual(expected.map(([file]) => file).sort());
    expect(expected.length).toBeGreaterThanOrEqual(15);
  });

  it.each(expected)('%s gives the exact pointer and message', (file, lines) => {
    const result = validateManifestSource(patchedManifestSource(file), known);
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => `${p.pointer === '' ? '/' : p.pointer}  ${p.message}`)).toEqual(lines);
  });

  // The studio, the portal and the gateway check options with the precompiled validators instead.
  it.each(expected)('%s: the precompiled options checks say the same', (file, lines) => {
    const precompiled = { ...known, checkOptions: checkWidgetOptions };
    const result = validateManifestSource(patchedManifestSource(file), precompiled);
    expect(result.problems.map((p) => `${p.pointer === '' ? '/' : p.pointer}  ${p.message}`)).toEqual(lines);
  });
});

describe('line and column of a problem (small hand-written files)', () => {
  const printed = (file: string) =>
    validateManifestSource(readFileSync(join(fixtures, 'line-col', file), 'utf8'), known).problems.map((p) =>
      formatProblem(file, p),
    );

  it('a syntax error is placed where the parser stopped', () => {
    expect(printed('not-json.json')).toEqual(['not-json.json:21:11  /  not JSON: Unexpected token ,']);
  });

  it('a value of the wrong type is placed at the value', () => {
    expect(printed('wrong-type.json')).toContain(
      'wrong-type.json:4:28  /app/ui/popupZIndex  must be of type integer',
    );
  });

  it('an unknown key is placed at the key', () => {
    expect(printed('unknown-key.json')).toContain(
      'unknown-key.json:4:5  /session/tokenKeys  unknown key "tokenKeys"',
    );
  });
});
