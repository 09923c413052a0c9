import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { Contact, EntitySummary, NotificationSummary } from '../api/types.ts';

/**
 * SPEC 4 authentication states. `unknown` only lasts while a stored token is being checked at start,
 * so guards wait instead of flashing the login page.
 */
/** unavailable: a token is stored but the gateway could not be reached to load its context (not an expiry). */
export type AuthStatus = 'unknown' | 'anonymous' | 'tokenWithoutAuth' | 'unavailable' | 'authenticated';

export type CurrentUser = Contact & {
  /** SPEC 1: a collaborator exactly when not a customer. */
  isCollab: boolean;
  hasAcceptedTerms: boolean;
  favoriteEntities: number[];
};

export type SessionState = {
  status: AuthStatus;
  user: CurrentUser | null;
  globalPermissions: string[];
  /** How many entities the user is attached to (totalItems of accounts/currentuser). */
  entityCount: number;
  selectedEntity: EntitySummary | null;
  entityPermissions: string[];
  entityReportsCount: number;
  /** Set when the session ended by expiry, so the login page shows the 'Session expirée' modal. */
  expiredNotice: boolean;
  /** The only entity's id when the user has exactly one (the landing rule needs it for its path). */
  singleEntityId: number | null;
  /**
   * The entity selected in an earlier visit (local storage `selected-entity`, SPEC 3), read back at start
   * and kept only when it is still among the entities the session knows (the first page or favourites);
   * forgotten as soon as an entity is selected or cleared in this session (it guides the first landing).
   */
  rememberedEntityId: number | null;
  /** For a customer who has not accepted the current terms: the terms to accept (route validation-cgu/:termsId). */
  pendingTermsId: number | null;
  /**
   * The user asked to sign out and the sign-out calls are still running: nothing else changes until they
   * are settled, and a guard waits instead of reacting to a half-ended session.
   */
  signingOut: boolean;
  /** After a sign-out the user asked for: the login page they were sent to (a guard sends there too). */
  signedOutTo: string | null;
  /**
   * The header bell's unread count and newest id: from the user context, then kept by the bell (its
   * stream, its list once opened). Null when the gateway did not send it: the bell reads its list.
   */
  notifications: NotificationSummary | null;
};

export const initialSessionState: SessionState = {
  status: 'unknown',
  user: null,
  globalPermissions: [],
  entityCount: 0,
  selectedEntity: null,
  entityPermissions: [],
  entityReportsCount: 0,
  expiredNotice: false,
  singleEntityId: null,
  rememberedEntityId: null,
  pendingTermsId: null,
  signingOut: false,
  signedOutTo: null,
  notifications: null,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    sessionStarted(
      state,
      action: PayloadAction<{
        user: CurrentUser;
        globalPermissions: string[];
        entityCount: number;
        singleEntityId?: number | null;
        rememberedEntityId?: number | null;
        pendingTermsId?: number | null;
        notifications?: NotificationSummary | null;
      }>,
    ) {
      state.notifications = action.payload.notifications ?? null;
      state.status = 'authenticated';
      state.user = action.payload.user;
      state.globalPermissions = action.payload.globalPermissions;
      state.entityCount = action.payload.entityCount;
      state.singleEntityId = action.payload.singleEntityId ?? null;
      state.rememberedEntityId = action.payload.rememberedEntityId ?? null;
      state.pendingTermsId = action.payload.pendingTermsId ?? null;
      state.expiredNotice = false;
      state.signingOut = false;
      state.signedOutTo = null;
    },
    /** The user asked to sign out; the session stays as it is until the sign-out calls are settled. */
    signOutStarted(state) {
      state.signingOut = true;
    },
    /** A token is stored but the user context could not be loaded (SPEC 4 'token without authentication'). */
    sessionUnauthenticated(state) {
      return { ...initialSessionState, status: 'tokenWithoutAuth', expiredNotice: state.expiredNotice };
    },
    /** The gateway did not answer while the stored session was resumed: the token is kept for a retry. */
    sessionUnavailable() {
      return { ...initialSessionState, status: 'unavailable' as const };
    },
    /** Trying to resume the stored session again. */
    sessionResuming() {
      return { ...initialSessionState, status: 'unknown' as const };
    },
    sessionEnded(_state, action: PayloadAction<{ expired: boolean; signedOutTo?: string | null }>) {
      return {
        ...initialSessionState,
        status: 'anonymous',
        expiredNotice: action.payload.expired,
        signedOutTo: action.payload.signedOutTo ?? null,
      };
    },
    expiredNoticeDismissed(state) {
      state.expiredNotice = false;
    },
    termsAccepted(state) {
      if (state.user !== null) state.user.hasAcceptedTerms = true;
      state.pendingTermsId = null;
    },
    entitySelected(
      state,
      action: PayloadAction<{ entity: EntitySummary; permissions: string[]; reportsCount: number }>,
    ) {
      state.selectedEntity = action.payload.entity;
      state.entityPermissions = action.payload.permissions;
      state.entityReportsCount = action.payload.reportsCount;
      // A hint for the first landing only: once the person chose here, SPEC 2's landing rules apply.
      state.rememberedEntityId = null;
    },
    /** The bell read its list: the count it shows is the list's. */
    notificationsCounted(state, action: PayloadAction<NotificationSummary>) {
      state.notifications = action.payload;
    },
    /** The stream pushed a notification; one at or below the newest known id is already counted. */
    notificationArrived(state, action: PayloadAction<{ id: number; read: boolean }>) {
      const known = state.notifications;
      if (known === null || (known.newestId !== null && action.payload.id <= known.newestId)) return;
      known.newestId = action.payload.id;
      if (!action.payload.read) known.unreadCount += 1;
    },
  },
});

export const {
  sessionStarted,
  sessionUnauthenticated,
  sessionUnavailable,
  sessionResuming,
  sessionEnded,
  signOutStarted,
  expiredNoticeDismissed,
  termsAccepted,
  entitySelected,
  notificationsCounted,
  notificationArrived,
} = sessionSlice.actions;

type WithSession = { session: SessionState };
export const selectSession = (state: WithSession): SessionState => state.session;
export const selectAuthStatus = (state: WithSession): AuthStatus => state.session.status;
export const selectCurrentUser = (state: WithSession): CurrentUser | null => state.session.user;
export const selectSelectedEntity = (state: WithSession): EntitySummary | null =>
  state.session.selectedEntity;
/**
 * The entity a page of the entity area opens on when the address names none: the selected one, else the
 * only one, else the one remembered from an earlier visit; null when a list must be asked for.
 */
export const selectDefaultEntityId = (state: WithSession): number | null =>
  state.session.selectedEntity?.accountId ?? state.session.singleEntityId ?? state.session.rememberedEntityId;
export const selectIsAuthenticated = (state: WithSession): boolean =>
  state.session.status === 'authenticated';
export const selectExpiredNotice = (state: WithSession): boolean => state.session.expiredNotice;
