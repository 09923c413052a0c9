// Answer and argument types of the SPEC section 7 calls. Where the reference gateway's contract
// describes the same shape they come from it, so a contract change breaks the build here.
import type { ApiBody, ApiResponse } from '../../kernel/contract/api.ts';

export type TokenResponse = ApiResponse<'login'>;

export type LoginRequest = ApiBody<'login'>;
export type CreateNewPasswordRequest = ApiBody<'createNewPassword'>;
export type ResetPasswordRequest = ApiBody<'resetPassword'>;
export type LogoutRequest = { gigyaUserId: string };
export type TokenExchangeRequest = ApiBody<'tokenExchange'>;

/** SPEC 1: the two kinds of user, as the contact call and analytics name them. */
export type Persona = 'Client' | 'Collaborateur';

// Wider than the contract, which pins gigyaUserId, occupation and entities to empty values (SPEC
// section 3): the portal must also accept a production backend that fills them.
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
  /** A product owner (the gateway's mark behind the fact user.isStudioEditor); absent means no. */
  studioEditor?: boolean;
};

/** The header bell's count as the user context brings it (absent: the bell reads its own list). */
export type NotificationSummary = { unreadCount: number; newestId: number | null };

export type UserInformation = {
  contact: Contact;
  permissions: string[];
  favoriteEntities: number[];
  notifications?: NotificationSummary;
};

export type Permissions = ApiResponse<'currentUserPermissions'>;

export type TermsLanguage = ApiResponse<'termsLatestContent'>['language'];

export type TermsAcceptance = ApiResponse<'termsState'>;

export type EntitySummary = ApiResponse<'accountSummary'>;

export type EntityPage = ApiResponse<'accountsCurrentUser'>;

/** 'COLLAB' leads to the collaborator login; any other answer (the contract says 'CLIENT') to the client login. */
export type UserOrigin = string;

// Compile-time guard: every answer of the reference gateway fits the wider types above.
type Fits<Narrow extends Wide, Wide> = Narrow;
/** @public A compile-time guard, used by the type checker only. */
export type ContractFits = [
  Fits<ApiResponse<'contactMe'>, Contact>,
  Fits<ApiResponse<'userInformation'>, UserInformation>,
  Fits<ApiResponse<'userOrigin'>, UserOrigin>,
];
