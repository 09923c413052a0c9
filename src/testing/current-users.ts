// Test fixtures: demo people as the gateway's contact answer and as the session holds them, and Claire's
// entity.
import type { CurrentUser } from '../store/session-slice.ts';

/** Claire, a customer, as GET /contact/me answers her. */
export const claireContact = {
  firstName: 'Claire',
  lastName: 'Solo',
  id: 11,
  email: 'claire.solo@demo.test',
  officeMobile: '',
  isCustomer: true,
  oldId: 0,
  persona: 'Client' as const,
  gigyaUserId: 'gigya-11',
  occupation: '',
  entities: [],
};

/** Claire as the session holds her once signed in (terms accepted, no favourites). */
export const claire: CurrentUser = {
  ...claireContact,
  isCollab: false,
  hasAcceptedTerms: true,
  favoriteEntities: [],
};

/** Paul, a collaborator, as the session holds him. */
export const paul: CurrentUser = {
  firstName: 'Paul',
  lastName: 'Collab',
  id: 15,
  email: 'paul.collab@demo.test',
  officeMobile: '',
  isCustomer: false,
  oldId: 0,
  persona: 'Collaborateur',
  gigyaUserId: '',
  occupation: '',
  entities: [],
  isCollab: true,
  hasAcceptedTerms: true,
  favoriteEntities: [],
};

/** Claire's entity, Boulangerie Martin SARL (no offer, not clarity-visible; she signs for it). */
export const entity1001 = {
  accountId: 1001,
  accountNumber: 'C-1001',
  name: 'Boulangerie Martin SARL',
  subscriptions: [],
  isClarityVisible: false,
  isSignatory: true,
};
