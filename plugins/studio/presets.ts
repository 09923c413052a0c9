// Who to preview as: the demo personas of the seed (gateway/seed/personas.json) on one of their
// entities, as the session snapshot the portal would build for them. A hand-made context starts from one.
import type { SessionSnapshot } from '@portal/plugin-api/studio';

export type PreviewContext = {
  isCustomer: boolean;
  entityCount: number;
  global: string[];
  entity: string[];
  isSignatory: boolean;
  isClarityVisible: boolean;
  reports: number;
  offers: string[];
};

export const PRESETS = {
  claire: {
    isCustomer: true,
    entityCount: 1,
    global: ['CLUSER001'],
    entity: [
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
    offers: ['PENNYLANE'],
  },
  marc: {
    isCustomer: true,
    entityCount: 3,
    global: ['CLUSER001'],
    entity: ['CLBANK001', 'CLGED0001', 'CLRAPP001', 'CLUSER001'],
    isSignatory: true,
    isClarityVisible: true,
    reports: 0,
    offers: ['FORMS'],
  },
  lea: {
    isCustomer: false,
    entityCount: 1,
    global: [],
    entity: [],
    isSignatory: false,
    isClarityVisible: false,
    reports: 3,
    offers: ['PENNYLANE'],
  },
} satisfies Readonly<Record<string, PreviewContext>>;

export type PresetName = keyof typeof PRESETS;

export function isPresetName(name: string): name is PresetName {
  return name in PRESETS;
}

export function snapshotOf(
  context: PreviewContext,
  flags: Readonly<Record<string, boolean>>,
): SessionSnapshot {
  return {
    isAuthenticated: true,
    user: { isCustomer: context.isCustomer, hasAcceptedTerms: true, entityCount: context.entityCount },
    entity: {
      isSignatory: context.isSignatory,
      isClarityVisible: context.isClarityVisible,
      subscriptions: context.offers.map((offerCode) => ({ offerCode, status: 'validated' })),
      reportsCount: context.reports,
    },
    permissions: { global: context.global, entity: context.entity },
    flags,
  };
}
