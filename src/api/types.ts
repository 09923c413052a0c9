// Answer and argument types of the SPEC section 7 calls, matching gateway/contract/schemas.ts.
// Kept here rather than imported from gateway/contract while that contract is still being written.

export type Page<T> = { items: T[]; currentPage: number; totalPage: number; totalItems: number };

export type TokenResponse = { token: string };

export type LoginRequest = { email: string; password: string };
export type CreateNewPasswordRequest = { token: string; password: string };
export type ResetPasswordRequest = { email: string };
export type LogoutRequest = { gigyaUserId: string };
export type TokenExchangeRequest = { accessToken: string };

export type Persona = 'Client' | 'Collaborateur';

export type Contact = {
  firstName: string;
  lastName: string;
  id: number;
  email: string;
  officeMobile: string;
  isCustomer: boolean;
  oldId: number;
  persona: Persona;
  gigyaUserId: string;
  occupation: string;
  entities: number[];
};

export type UserInformation = { contact: Contact; permissions: string[]; favoriteEntities: number[] };

export type Permissions = { accountId: number | null; permissions: string[] };

export type Terms = { termsId: number; version: string; publishedAt: string };

export type TermsLanguage = 'fr' | 'en';

export type TermsContent = { termsId: number; language: TermsLanguage; content: string };

export type TermsAcceptance = { isCurrent: boolean; terms: { termsId: number } };

export type SubscriptionStatus = 'validated' | 'pending' | 'refused' | 'cancelled';

export type Subscription = { offerCode: string; status: SubscriptionStatus };

export type EntitySummary = {
  accountId: number;
  accountNumber: string;
  name: string;
  subscriptions: Subscription[];
  isClarityVisible: boolean;
  isSignatory: boolean;
};

export type BiReport = {
  id: number;
  accountId: number;
  title: string;
  kind: 'financial' | 'hr';
  createdAt: string;
  createdBy: number | null;
};

/** 'COLLAB' leads to the collaborator login; any other answer to the client login. */
export type UserOrigin = string;
