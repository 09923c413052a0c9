/*
 * The user context of SPEC 4 and 7, loaded when a session starts: the user information, contact, global
 * permissions, the first page of entities and (for customers) the terms acceptance, all at once. A thunk,
 * so it reaches the gateway through the store's own client.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { specApi } from '../api/spec-endpoints.ts';
import type { Contact, EntityPage, Permissions, TermsAcceptance, UserInformation } from '../api/types.ts';
import type { Logger } from '../logging/logger.ts';
import { sessionStarted } from '../store/session-slice.ts';
import type { CurrentUser } from '../store/session-slice.ts';
import type { RootState } from '../store/store.ts';
import { decodeToken } from '../session/token.ts';
import { call, httpStatus } from './gateway-calls.ts';
import type { UnwrappableResult } from './gateway-calls.ts';

/** The gateway answered 401 to a call of the user context: the token is not accepted, no session starts. */
export class SessionRejectedError extends Error {
  override readonly name = 'SessionRejectedError';
}

/** The gateway could not be reached while loading the user context (network, timeout or 5xx). */
export class GatewayUnavailableError extends Error {
  override readonly name = 'GatewayUnavailableError';
  constructor() {
    super('The gateway could not be reached to load the user context');
  }
}

function isUnreachable(status: unknown): boolean {
  return typeof status === 'number' ? status >= 500 : status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/**
 * What the stored token says of its holder, when it says it (the reference gateway's `isCustomer`
 * claim): a customer's terms acceptance is then asked with the rest of the user context rather than
 * once the contact has answered, one round trip less before the first page. Only a hint: the contact's
 * own answer decides (a collaborator's terms answer, were the claim wrong, is ignored), and without
 * the claim the terms wait for it as before.
 */
export function kindClaimed(token: string, logger: Logger): 'customer' | 'collaborator' | undefined {
  const claim = decodeToken(token, logger)?.['isCustomer'];
  return claim === true ? 'customer' : claim === false ? 'collaborator' : undefined;
}

type LoadUserContextArgs = {
  /** How the session is being started; undefined when a stored session is resumed. */
  kind: 'customer' | 'collaborator' | undefined;
  entitiesPageSize: number;
  /** The entity id persisted by an earlier visit (SPEC 3 `selected-entity`), null when none. */
  storedEntityId?: number | null;
  logger: Logger;
  /** False once the session ended meanwhile (another tab signed out, a 401): it is not started again. */
  stillSignedIn: () => boolean;
};

/**
 * Loads the user context and dispatches `sessionStarted`; answers the user. Rejects with
 * SessionRejectedError on a 401, GatewayUnavailableError when the gateway did not answer, else an Error.
 */
export function loadUserContext(
  args: LoadUserContextArgs,
): ThunkAction<Promise<CurrentUser>, RootState, unknown, UnknownAction> {
  const { kind, logger } = args;
  /**
   * A user-context call: a 401 rejects the whole context (no session), any other failure yields no data.
   * `unreachable` records whether a failure was the gateway not answering (network, timeout, 5xx).
   */
  async function contextCall<T>(
    what: string,
    result: UnwrappableResult<T>,
    unreachable?: { value: boolean },
  ): Promise<T | null> {
    try {
      return await call(result);
    } catch (error) {
      const status = httpStatus(error);
      if (status === 401)
        throw new SessionRejectedError(`The gateway rejected the token when loading ${what}`);
      if (unreachable !== undefined && isUnreachable(status)) unreachable.value = true;
      logger.warn(`Continuing without ${what}`, { status });
      return null;
    }
  }

  return async (dispatch) => {
    const askTerms = () =>
      contextCall<TermsAcceptance>(
        'the terms acceptance',
        dispatch(specApi.endpoints.getTermsAcceptance.initiate()),
      );
    const unreachable = { value: false };
    // A 401 on any of these calls rejects the token: no session is started (SessionRejectedError).
    const [information, contactMe, permissions, entities, earlyTerms] = await Promise.all([
      contextCall<UserInformation>(
        'the user information',
        dispatch(specApi.endpoints.getUserInformation.initiate()),
      ),
      contextCall<Contact>('the contact', dispatch(specApi.endpoints.getContactMe.initiate()), unreachable),
      contextCall<Permissions>(
        'the permissions',
        dispatch(specApi.endpoints.getCurrentUserPermissions.initiate(undefined)),
      ),
      contextCall<EntityPage>(
        'the entities',
        dispatch(specApi.endpoints.getCurrentUserEntities.initiate({ pageSize: args.entitiesPageSize })),
      ),
      kind === 'customer' ? askTerms() : Promise.resolve(null),
    ]);
    if (!args.stillSignedIn()) throw new Error('The session ended while its context was loading');
    const contact = contactMe ?? information?.contact ?? null;
    if (contact === null) {
      if (unreachable.value) throw new GatewayUnavailableError();
      throw new Error('The user context could not be loaded');
    }
    // SPEC 4: a customer without stored acceptance is checked; collaborators are not asked.
    const terms = contact.isCustomer ? (earlyTerms ?? (kind === 'customer' ? null : await askTerms())) : null;
    if (contact.isCustomer && terms === null) throw new Error('The terms acceptance could not be checked');
    const entityCount = entities?.totalItems ?? 0;
    const favoriteEntities = information?.favoriteEntities ?? [];
    // Only an entity the session already knows to be the user's: checking any other would cost a call.
    const stored = args.storedEntityId ?? null;
    const rememberedEntityId =
      stored !== null &&
      ((entities?.items ?? []).some((entity) => entity.accountId === stored) ||
        favoriteEntities.includes(stored))
        ? stored
        : null;
    const user: CurrentUser = {
      ...contact,
      isCollab: !contact.isCustomer,
      hasAcceptedTerms: terms === null || terms.isCurrent,
      favoriteEntities,
    };
    dispatch(
      sessionStarted({
        user,
        globalPermissions: unique([...(information?.permissions ?? []), ...(permissions?.permissions ?? [])]),
        entityCount,
        singleEntityId: entityCount === 1 ? (entities?.items[0]?.accountId ?? null) : null,
        rememberedEntityId,
        pendingTermsId: terms === null || terms.isCurrent ? null : terms.terms.termsId,
        notifications: information?.notifications ?? null,
      }),
    );
    return user;
  };
}
