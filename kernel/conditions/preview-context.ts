import type { SessionSnapshot } from './context.ts';

/**
 * Who a manifest is previewed or explained for: a person on one entity, as the studio's preview and
 * `portal explain` describe them (a seeded persona or a hand-made context). Offers are the entity's
 * active ones.
 */
export type PreviewContext = {
  isCustomer: boolean;
  isStudioEditor: boolean;
  entityCount: number;
  global: string[];
  entity: string[];
  isSignatory: boolean;
  isClarityVisible: boolean;
  reports: number;
  offers: string[];
};

/** The session snapshot the portal would build for that person with these flags. */
export function previewSnapshot(
  context: PreviewContext,
  flags: Readonly<Record<string, boolean>>,
  activeStatus: string,
): SessionSnapshot {
  return {
    isAuthenticated: true,
    user: {
      isCustomer: context.isCustomer,
      hasAcceptedTerms: true,
      entityCount: context.entityCount,
      isStudioEditor: context.isStudioEditor,
    },
    entity: {
      isSignatory: context.isSignatory,
      isClarityVisible: context.isClarityVisible,
      subscriptions: context.offers.map((offerCode) => ({ offerCode, status: activeStatus })),
      reportsCount: context.reports,
    },
    permissions: { global: context.global, entity: context.entity },
    flags,
  };
}
