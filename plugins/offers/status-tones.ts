import type { StatusTone } from '@portal/ui';
import type { EntityOffer, ModRequestStatus } from './offers-api.ts';

type SubscriptionStatus = NonNullable<EntityOffer['subscriptionStatus']>;

/** How a subscription's status reads (docs/ui.md): one map for the entity's offers and the wallet's list. */
export const SUBSCRIPTION_TONES: Readonly<Record<SubscriptionStatus, StatusTone>> = {
  validated: 'success',
  pending: 'info',
  refused: 'danger',
  cancelled: 'neutral',
};

/** How an MOD request's status reads. */
export const MOD_REQUEST_TONES: Readonly<Record<ModRequestStatus, StatusTone>> = {
  pending: 'info',
  validated: 'success',
  refused: 'danger',
};

/** An offer the entity asked for, waiting for the firm's answer. */
export const REQUESTED_TONE: Readonly<Record<'requested', StatusTone>> = { requested: 'info' };
