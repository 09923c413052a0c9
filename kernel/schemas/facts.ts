/**
 * The facts the engine computes from the session. A condition may only name one of these, so an
 * unknown fact is a validation error. Code gives the values; the manifest gives the rules.
 */
export const factNames = [
  'user.isAuthenticated',
  'user.isCollab',
  'user.isCustomer',
  'user.hasSingleEntity',
  /** The entity selected in an earlier visit is still one of the user's (see session rememberedEntityId). */
  'user.hasRememberedEntity',
  'user.hasAcceptedTerms',
  /** A product owner the gateway lets reshape and publish the portal (the studio). */
  'user.isStudioEditor',
  'entity.isSelected',
  'entity.isSignatory',
  'entity.isClarityVisible',
  'entity.hasReports',
] as const;

export type FactName = (typeof factNames)[number];
