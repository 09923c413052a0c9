import { describe, expect, it } from 'vitest';
import { loadRealManifest } from '../testing/manifest.ts';
import { allCodes, personaContext } from '../testing/personas.ts';
import { ACCOUNTING_SET, DEFAULT_SET, SMART_SET } from '../testing/widget-sets.ts';
import { indexRoutes } from './route-index.ts';
import {
  chooseWidgetSet,
  isRouteOpen,
  resolveLanding,
  routeAccess,
  visibleOverviewTabs,
  visibleSidebarItems,
  visibleWalletTabs,
} from './navigation.ts';

const config = loadRealManifest();
const CO = allCodes(config, 'collaborator');
const pennylane = [{ offerCode: 'PENNYLANE', status: 'validated' }];
const ids = (items: readonly { id: string }[]): string[] => items.map((i) => i.id);

// Claire: customer, one entity (1001), signatory, every customer code there, validated PENNYLANE, 3 reports.
const claire = {
  isCustomer: true,
  entityCount: 1,
  global: ['CLUSER001'],
  entity: {
    permissions: [
      'CLBANK001',
      'CLGED0001',
      'CLGED0002',
      'CLGEDPEN01',
      'CLKPI0001',
      'CLINFO001',
      'CLOFF001',
      'CLPEN001',
      'CLRAPP001',
      'CLRAPP002',
      'CLUSER001',
      'CLUSER002',
      'CLUSER003',
      'CLUSER004',
      'CLADMI001',
    ],
    isSignatory: true,
    isClarityVisible: false,
    reports: 3,
    subscriptions: pennylane,
  },
};
// Marc on 1002: signatory, clarity visible, FORMS only, no reports.
const marcOn1002 = {
  isCustomer: true,
  entityCount: 3,
  global: ['CLUSER001'],
  entity: {
    permissions: ['CLBANK001', 'CLGED0001', 'CLRAPP001', 'CLUSER001'],
    isSignatory: true,
    isClarityVisible: true,
    reports: 0,
    subscriptions: [{ offerCode: 'FORMS', status: 'validated' }],
  },
};
const paulOn1001 = {
  isCustomer: false,
  entityCount: 4,
  global: CO,
  entity: {
    permissions: CO,
    isSignatory: false,
    isClarityVisible: false,
    reports: 3,
    subscriptions: pennylane,
  },
};
const lea = {
  isCustomer: false,
  entityCount: 1,
  global: [],
  entity: {
    permissions: [],
    isSignatory: false,
    isClarityVisible: false,
    reports: 3,
    subscriptions: pennylane,
  },
};
const sam = {
  isCustomer: true,
  entityCount: 2,
  global: [],
  entity: { permissions: [], isSignatory: false, isClarityVisible: true, reports: 1 },
};

describe('landing rules (SPEC 2)', () => {
  it.each([
    ['a collaborator', paulOn1001, 'wallet.folders'],
    ['a collaborator with no codes', lea, 'wallet.folders'],
    ['a customer with a single entity', claire, 'entity.home'],
    ['a customer with several entities', marcOn1002, 'wallet.entities'],
  ])('%s lands on the right route', (_, persona, route) => {
    expect(resolveLanding(config, personaContext(config, persona))?.to).toBe(route);
  });

  it('a studio editor is a collaborator: the wallet (SPEC 2), with the studio as its last tab', () => {
    const base = personaContext(config, lea);
    const editor = { ...base, facts: { ...base.facts, 'user.isStudioEditor': true } };
    expect(resolveLanding(config, editor)?.to).toBe('wallet.folders');
    expect(ids(visibleWalletTabs(config, editor))).toEqual(['folders', 'offers-catalog', 'studio']);
    expect(ids(visibleWalletTabs(config, base))).not.toContain('studio');
  });
});

describe('sidebar (SPEC 2 and 6)', () => {
  it.each([
    [
      'Claire on 1001 (documents v2)',
      claire,
      {},
      ['home', 'bi-reports', 'accounting-v2', 'social-management', 'bank', 'indicators', 'apps', 'overview'],
    ],
    [
      'Claire on 1001, documents v2 off',
      claire,
      { documentsV2: false },
      ['home', 'bi-reports', 'accounting', 'social-management', 'bank', 'indicators', 'apps', 'overview'],
    ],
    // No reports, but clarity visible and signatory: the BI entry shows.
    ['Marc on 1002', marcOn1002, {}, ['home', 'bi-reports', 'social-management', 'bank', 'overview']],
    [
      'Marc on 1002 not signatory',
      { ...marcOn1002, entity: { ...marcOn1002.entity, isSignatory: false } },
      {},
      ['home', 'social-management', 'bank', 'overview'],
    ],
    [
      'Paul on 1001',
      paulOn1001,
      {},
      ['home', 'bi-reports', 'accounting-v2', 'bank', 'indicators', 'overview', 'payroll'],
    ],
    // SPEC 6: the accounting v2 permission is granted to collaborators (offer and flag on 1001).
    ['Lea on 1001 (no codes)', lea, {}, ['home', 'accounting-v2']],
    ['Lea on 1001, documents v2 off', lea, { documentsV2: false }, ['home']],
    [
      'Lea on an entity without the offer',
      { ...lea, entity: { ...lea.entity, subscriptions: [] } },
      {},
      ['home'],
    ],
    ['Sam on 1004 (no codes)', sam, {}, ['home', 'overview']],
  ])('%s', (_, persona, flags, expected) => {
    expect(ids(visibleSidebarItems(config, personaContext(config, { ...persona, flags })))).toEqual(expected);
  });

  it('shows legacy documents only when documents are allowed and accounting and social management are not', () => {
    const onlyDocuments = {
      ...paulOn1001,
      global: ['COGED0001'],
      entity: { ...paulOn1001.entity, permissions: ['COGED0001'] },
    };
    // COGED0001 is the collaborators' "documents" code: without accounting or social management, the
    // legacy documents entry shows.
    const v2Off = { ...onlyDocuments, flags: { documentsV2: false } };
    expect(ids(visibleSidebarItems(config, personaContext(config, v2Off)))).toEqual(['home', 'documents']);
    // With documents v2 on an entity with the offer, accounting is allowed to every collaborator (SPEC 6):
    // the accounting entry replaces the legacy documents one.
    expect(ids(visibleSidebarItems(config, personaContext(config, onlyDocuments)))).toEqual([
      'home',
      'accounting-v2',
    ]);
    const withAccounting = { ...onlyDocuments, global: ['COGED0001', 'COGED0002'] };
    expect(ids(visibleSidebarItems(config, personaContext(config, withAccounting)))).not.toContain(
      'documents',
    );
    const customerSocial = { ...sam, entity: { ...sam.entity, permissions: ['CLGED0001'] } };
    const customerIds = ids(visibleSidebarItems(config, personaContext(config, customerSocial)));
    expect(customerIds).toContain('social-management');
    expect(customerIds).not.toContain('documents');
  });

  it('points the overview entry at the first available tab', () => {
    const noUsers = { ...claire, global: [], entity: { ...claire.entity, permissions: ['CLINFO001'] } };
    const overview = visibleSidebarItems(config, personaContext(config, noUsers)).find(
      (i) => i.id === 'overview',
    );
    expect(overview?.route).toBe('entity.collaborators');
  });
});

describe('wallet tabs (SPEC 2)', () => {
  const PAUL_WALLET_TABS = [
    'folders',
    'mandates',
    'bi-deposit',
    'bi-reports',
    'subscriptions',
    'mod-requests',
    'collaborators',
    'launcher',
    'account-administration',
    'offers-catalog',
    'users',
  ];
  it.each([
    ['Paul (every CO code)', paulOn1001, {}, PAUL_WALLET_TABS],
    [
      'Paul, legacy BI deposit off',
      paulOn1001,
      { legacyBiReportDeposit: false },
      PAUL_WALLET_TABS.filter((tab) => tab !== 'bi-deposit'),
    ],
    ['Lea (no codes)', lea, {}, ['folders', 'offers-catalog']],
    [
      'Claire (CLUSER001, client super admin)',
      claire,
      {},
      ['collaborators', 'account-administration', 'entities', 'users'],
    ],
    ['Sam (no users code)', sam, {}, ['collaborators', 'entities']],
  ])('%s', (_, persona, flags, expected) => {
    expect(ids(visibleWalletTabs(config, personaContext(config, { ...persona, flags })))).toEqual(expected);
  });
});

describe('users tabs: CLUSER001 or COUSER001 (SPEC 6)', () => {
  const adminOnly = { ...sam, global: ['CLADMI001'], entity: { ...sam.entity, permissions: ['CLADMI001'] } };
  it('the client super admin code alone opens neither users tab', () => {
    expect(ids(visibleWalletTabs(config, personaContext(config, adminOnly)))).not.toContain('users');
    expect(ids(visibleOverviewTabs(config, personaContext(config, adminOnly)))).not.toContain('users');
  });
  it('CLUSER001 opens both', () => {
    const viewer = { ...sam, global: ['CLUSER001'], entity: { ...sam.entity, permissions: ['CLUSER001'] } };
    expect(ids(visibleWalletTabs(config, personaContext(config, viewer)))).toContain('users');
    expect(ids(visibleOverviewTabs(config, personaContext(config, viewer)))).toContain('users');
  });
});

describe('overview tabs (SPEC 2 and 6)', () => {
  it.each([
    ['Paul', paulOn1001, ['users', 'collaborators', 'offers', 'info', 'delegations']],
    ['Claire', claire, ['users', 'collaborators', 'offers', 'info']],
    ['Lea', lea, []],
    ['Sam', sam, ['collaborators']],
  ])('%s', (_, persona, expected) => {
    expect(ids(visibleOverviewTabs(config, personaContext(config, persona)))).toEqual(expected);
  });
});

describe('home widget set (SPEC 2)', () => {
  const widgets = (persona: Parameters<typeof personaContext>[1]): string[] | undefined =>
    chooseWidgetSet(config, personaContext(config, persona))?.widgets.map((w) => w.widget);

  it('smart offer allowed: smart intro, lab, news, booking, BI intro', () => {
    expect(widgets(marcOn1002)).toEqual(SMART_SET);
  });
  it('validated accounting-software offer: accounting intro, documents, lab, news, booking, BI intro', () => {
    expect(widgets(claire)).toEqual(ACCOUNTING_SET);
  });
  it('otherwise: news, lab, booking, and the single sign-on widget for customers while its flag is on', () => {
    const samPlain = { ...sam, entity: { ...sam.entity, isClarityVisible: false } };
    expect(widgets(samPlain)).toEqual(DEFAULT_SET);
    expect(widgets({ ...samPlain, flags: { singleSignOn: false } })).toEqual([
      'news/rss',
      'lab/lab',
      'booking/booking',
    ]);
    expect(widgets({ ...lea, entity: { ...lea.entity, subscriptions: [] } })).toEqual([
      'news/rss',
      'lab/lab',
      'booking/booking',
    ]);
  });
  it('smart offer needs the clarity flag, the entity visible, and a collaborator or signatory', () => {
    expect(
      chooseWidgetSet(config, personaContext(config, { ...marcOn1002, flags: { clarityOffer: false } }))?.id,
    ).toBe('default');
    expect(chooseWidgetSet(config, personaContext(config, { ...sam }))?.id).toBe('default');
    const collabOnVisible = { ...lea, entity: { ...lea.entity, isClarityVisible: true } };
    expect(chooseWidgetSet(config, personaContext(config, collabOnVisible))?.id).toBe('smart-offer');
  });
  it('a pending accounting offer does not count', () => {
    const pending = {
      ...sam,
      entity: {
        ...sam.entity,
        isClarityVisible: false,
        subscriptions: [{ offerCode: 'PENNYLANE', status: 'pending' }],
      },
    };
    expect(chooseWidgetSet(config, personaContext(config, pending))?.id).toBe('default');
  });
  it('hides a widget whose customer permission is not held, and booking when its flag is off', () => {
    const noDocs = {
      ...claire,
      entity: { ...claire.entity, permissions: ['CLGED0002'] },
      flags: { booking: false },
    };
    expect(widgets(noDocs)).toEqual(['accounting/intro', 'lab/lab', 'news/rss', 'bi-reports/intro']);
  });
});

describe('gating examples (SPEC 6)', () => {
  const access = (route: string, persona: Parameters<typeof personaContext>[1]): boolean =>
    routeAccess(config, route, personaContext(config, persona)).allowed;

  it('users tab needs CLUSER001 or COUSER001', () => {
    expect(access('entity.users', claire)).toBe(true);
    expect(access('entity.users', sam)).toBe(false);
    expect(access('entity.users', { ...lea, global: ['COUSER001'] })).toBe(true);
  });
  it('documents v2 needs CLGEDPEN01, its flag and the accounting-software offer; collaborators have it', () => {
    expect(access('entity.accounting.product', claire)).toBe(true);
    expect(access('entity.accounting.product', { ...claire, flags: { documentsV2: false } })).toBe(false);
    expect(
      access('entity.accounting.product', { ...claire, entity: { ...claire.entity, subscriptions: [] } }),
    ).toBe(false);
    const noPen = { ...claire, entity: { ...claire.entity, permissions: ['CLGED0002'] } };
    expect(access('entity.accounting.product', noPen)).toBe(false);
    expect(access('entity.accounting.product', paulOn1001)).toBe(true);
  });
  it('admin collaborators needs COADMI001, delegation history COGES001, BI deposit CORAP001', () => {
    expect(access('wallet.accountAdministration', { ...lea, global: ['COADMI001'] })).toBe(true);
    expect(access('wallet.accountAdministration', lea)).toBe(false);
    expect(access('entity.delegations', { ...lea, global: ['COGES001'] })).toBe(true);
    expect(access('entity.delegations', lea)).toBe(false);
    expect(access('wallet.biDeposit', { ...lea, global: ['CORAP001'] })).toBe(true);
    expect(access('wallet.biDeposit', lea)).toBe(false);
  });
  it('a feature flag that is off closes the route with reason "flag" (404), before permissions', () => {
    const result = routeAccess(
      config,
      'wallet.biDeposit',
      personaContext(config, { ...lea, flags: { legacyBiReportDeposit: false } }),
    );
    expect(result).toEqual({ allowed: false, reason: 'flag', flag: 'legacyBiReportDeposit' });
  });
});

describe('isRouteOpen', () => {
  it('agrees with routeAccess for every route and persona', () => {
    for (const persona of [claire, marcOn1002, paulOn1001, lea, sam]) {
      for (const flags of [{}, { documentsV2: false, legacyBiReportDeposit: false }]) {
        const ctx = personaContext(config, { ...persona, flags });
        for (const name of indexRoutes(config).keys()) {
          expect(isRouteOpen(config, name, ctx), name).toBe(routeAccess(config, name, ctx).allowed);
        }
      }
    }
  });
});
