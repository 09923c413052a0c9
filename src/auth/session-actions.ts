/*
 * What the portal does with a started session besides its lifecycle: select or clear the entity, check
 * and accept the terms, list the entities, choose the login page. Each is a thunk over the store (so it
 * reaches the gateway through the store's own client); `createSessionActions` binds them to a store for
 * the screens and guards. Where to go after sign-in is a pure function of the session state.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { specApi } from '../api/spec-endpoints.ts';
import { prefetchHomeLayout } from '../api/home-layout.ts';
import type { PagePrefetch } from '../api/home-layout.ts';
import type { EntitySummary } from '../api/types.ts';
import type { Logger } from '../logging/logger.ts';
import type { FeatureFlags } from '../manifest/flags.ts';
import { selectConditionContext } from '../plugin-host/condition-context.ts';
import { entitySelected, sessionSlice, termsAccepted } from '../store/session-slice.ts';
import type { AppStore, RootState } from '../store/store.ts';
import type { SelectedEntityStore } from '../session/selected-entity-storage.ts';
import { call, optional } from './gateway-calls.ts';
import { landingPath, routePath } from './landing.ts';
import { safeRedirectPath } from './redirect-target.ts';
import { loginChoiceOf } from './login-choice.ts';
import type { LoginChoice } from './login-choice.ts';

type TermsCheckResult = { state: 'current' } | { state: 'required'; termsId: number };

export type { LoginChoice } from './login-choice.ts';

type SessionThunk<T> = ThunkAction<Promise<T>, RootState, unknown, UnknownAction>;

export type SessionContextActions = {
  /** Loads the entity's permissions, summary and report count, then stores it; rejects on failure (→ 403). */
  selectEntity(entityId: number): Promise<void>;
  /**
   * Starts the calls a page of this entity will make, while the router is still fetching the page's code:
   * the entity's own (selectEntity then finds them in flight or answered: none is sent twice) and the
   * page's `prefetch` reads. Only for a signed-in person whose terms are current; never rejects.
   */
  prefetchEntityPage(entityId: number, reads: readonly PagePrefetch[]): void;
  acceptTerms(termsId: number): Promise<void>;
  /**
   * Whether the signed-in customer must accept the terms: answered from the session (checked at sign-in),
   * asking `currentuser/terms` only when the session does not know; collaborators are never asked.
   */
  checkTerms(): Promise<TermsCheckResult>;
  /** A page of the user's entities (the entity switcher). */
  listEntities(args: { search?: string; pageSize: number }): Promise<readonly EntitySummary[]>;
  chooseLoginPage(): Promise<LoginChoice>;
  /** Where a signed-in user goes: the safe redirect, else the terms page when due, else the landing page. */
  destinationAfterSignIn(redirect: string | null | undefined): string;
};

/**
 * How long selecting an entity waits, past the entity's own calls, for its page's early reads that went
 * out with them and for the page's code: a slow one costs the page no more than this.
 */
export const PAGE_READS_GRACE_MS = 500;

/**
 * SPEC 4 'Selecting an entity': its permissions, summary and report count, then the entity is stored.
 * `pageReads`: the early reads of the page being opened (prefetchEntityPage), in flight alongside, and
 * `beforeSelected`'s warm-up (the page's widgets): the entity is stored once they are in too (within
 * PAGE_READS_GRACE_MS), so that the page renders whole in one go instead of rendering its loading
 * states first and then again as each lands.
 */
function selectEntity(
  entityId: number,
  logger: Logger,
  pageReads: Promise<unknown> | undefined,
  beforeSelected: SessionActionsDeps['beforeEntitySelected'],
): SessionThunk<void> {
  return async (dispatch, getState) => {
    if (!Number.isSafeInteger(entityId)) throw new Error(`Not an entity id: ${String(entityId)}`);
    const [permissions, entity, reports] = await Promise.all([
      call(dispatch(specApi.endpoints.getCurrentUserPermissions.initiate({ accountId: entityId }))),
      call(dispatch(specApi.endpoints.getEntitySummary.initiate(entityId))),
      optional(
        logger,
        'the report count',
        dispatch(specApi.endpoints.getReportsCount.initiate({ accountId: entityId })),
      ),
    ]);
    const selected = entitySelected({
      entity,
      permissions: permissions.permissions,
      reportsCount: reports?.totalItems ?? 0,
    });
    const state = getState();
    const warming = beforeSelected?.({ ...state, session: sessionSlice.reducer(state.session, selected) });
    const waits = [pageReads, warming].filter((wait) => wait !== undefined);
    if (waits.length > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.allSettled(waits),
        new Promise((resolve) => {
          timer = setTimeout(resolve, PAGE_READS_GRACE_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    dispatch(selected);
  };
}

/** Answers the page's own early reads (settled once in the cache), null when nothing was asked. */
function prefetchEntityPage(
  entityId: number,
  reads: readonly PagePrefetch[],
): ThunkAction<Promise<unknown> | null, RootState, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const { session } = getState();
    const ready =
      session.status === 'authenticated' &&
      !session.signingOut &&
      session.user !== null &&
      (!session.user.isCustomer || session.user.hasAcceptedTerms);
    if (!ready || !Number.isSafeInteger(entityId) || session.selectedEntity?.accountId === entityId)
      return null;
    dispatch(specApi.util.prefetch('getCurrentUserPermissions', { accountId: entityId }, {}));
    dispatch(specApi.util.prefetch('getEntitySummary', entityId, {}));
    dispatch(specApi.util.prefetch('getReportsCount', { accountId: entityId }, {}));
    // The layout's read is in the entry (tiny): imported lazily, it would wait for the home page's chunk.
    if (!reads.includes('homeLayout')) return null;
    return Promise.resolve(dispatch(prefetchHomeLayout(entityId)));
  };
}

function acceptTerms(termsId: number): SessionThunk<void> {
  return async (dispatch) => {
    await call(dispatch(specApi.endpoints.acceptTerms.initiate({ termsId })));
    dispatch(termsAccepted());
  };
}

function checkTerms(): SessionThunk<TermsCheckResult> {
  return async (dispatch, getState) => {
    const { user, pendingTermsId } = getState().session;
    if (user === null || !user.isCustomer || user.hasAcceptedTerms) return { state: 'current' };
    if (pendingTermsId !== null) return { state: 'required', termsId: pendingTermsId };
    const answer = await call(dispatch(specApi.endpoints.getTermsAcceptance.initiate()));
    if (answer.isCurrent) {
      dispatch(termsAccepted());
      return { state: 'current' };
    }
    return { state: 'required', termsId: answer.terms.termsId };
  };
}

function listEntities(args: { search?: string; pageSize: number }): SessionThunk<readonly EntitySummary[]> {
  return async (dispatch) => {
    const page = await call(
      dispatch(
        specApi.endpoints.getCurrentUserEntities.initiate({
          pageSize: args.pageSize,
          ...(args.search === undefined ? {} : { search: args.search }),
        }),
      ),
    );
    return page.items;
  };
}

function chooseLoginPage(logger: Logger): SessionThunk<LoginChoice> {
  return async (dispatch) => {
    const origin = await optional(
      logger,
      'the user origin',
      dispatch(specApi.endpoints.getUserOrigin.initiate()),
    );
    return loginChoiceOf(origin);
  };
}

/**
 * Where a signed-in user goes (a pure function of the session): the terms page when the customer must
 * accept them first (keeping a safe redirect), else the safe same-origin redirect, else the landing page.
 */
function destinationAfterSignIn(
  state: RootState,
  config: PortalConfig,
  flags: FeatureFlags,
  redirect: string | null | undefined,
  origin: string,
): string {
  const session = state.session;
  const safe = safeRedirectPath(redirect, origin);
  if (
    session.user?.isCustomer === true &&
    !session.user.hasAcceptedTerms &&
    session.pendingTermsId !== null
  ) {
    const termsPath = routePath(config, config.routing.termsRoute, { termsId: session.pendingTermsId });
    return safe === null ? termsPath : `${termsPath}?redirect=${encodeURIComponent(safe)}`;
  }
  if (safe !== null) return safe;
  const context = selectConditionContext(state, config, flags);
  return (
    landingPath(config, context, {
      singleEntityId: session.singleEntityId,
      rememberedEntityId: session.rememberedEntityId,
    }) ?? '/'
  );
}

export type SessionActionsDeps = {
  store: Pick<AppStore, 'dispatch' | 'getState'>;
  config: PortalConfig;
  flags: FeatureFlags;
  logger: Logger;
  selectedEntityStore: SelectedEntityStore;
  window?: Window;
  /**
   * Told, once an entity's calls have answered and before it is stored, what the state will then be:
   * what it answers (the code the page will render with) is awaited with the page's early reads.
   */
  beforeEntitySelected?: (next: RootState) => Promise<unknown> | undefined;
};

/** The actions bound to one store; the selected entity's id is persisted (SPEC 3) beside the store. */
export function createSessionActions(deps: SessionActionsDeps): SessionContextActions {
  const { store, config, flags, logger, selectedEntityStore } = deps;
  const win = deps.window ?? window;
  // The early reads of the page of each entity being opened, until that entity is selected.
  const pageReads = new Map<number, Promise<unknown>>();
  return {
    async selectEntity(entityId) {
      const reads = pageReads.get(entityId);
      pageReads.delete(entityId);
      await store.dispatch(selectEntity(entityId, logger, reads, deps.beforeEntitySelected));
      selectedEntityStore.set(entityId);
    },
    prefetchEntityPage(entityId, reads) {
      const pending = store.dispatch(prefetchEntityPage(entityId, reads));
      if (pending !== null) pageReads.set(entityId, pending);
    },
    acceptTerms: (termsId) => store.dispatch(acceptTerms(termsId)),
    checkTerms: () => store.dispatch(checkTerms()),
    listEntities: (args) => store.dispatch(listEntities(args)),
    chooseLoginPage: () => store.dispatch(chooseLoginPage(logger)),
    destinationAfterSignIn: (redirect) =>
      destinationAfterSignIn(store.getState(), config, flags, redirect, win.location.origin),
  };
}
