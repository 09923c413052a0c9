import { specApi } from '../api/spec-endpoints.ts';
import type { AppDispatch } from '../app/store.ts';
import type { PortalRuntime } from '../app/runtime.tsx';
import { selectEntity } from '../auth/entity-selection.ts';
import { sessionEnded, termsAccepted } from '../auth/session-slice.ts';
import { createSelectedEntityStore } from '../session/selected-entity-storage.ts';
import type { NavigationServices } from './services.tsx';

type Subscription<T> = { unwrap(): Promise<T>; unsubscribe(): void };

async function once<T>(request: Subscription<T>): Promise<T> {
  try {
    return await request.unwrap();
  } finally {
    request.unsubscribe();
  }
}

/** The real services over the api slice and the session layer (src/auth, src/session). */
export function createDefaultServices(runtime: PortalRuntime, dispatch: AppDispatch): NavigationServices {
  const persisted = createSelectedEntityStore({
    key: runtime.config.session.selectedEntityKey,
    logger: runtime.logger,
  });
  return {
    selectEntity: (entityId) => dispatch(selectEntity(entityId, persisted)),
    async listEntities({ search, pageSize }) {
      const page = await once(
        dispatch(
          specApi.endpoints.getCurrentUserEntities.initiate({
            pageSize,
            ...(search === undefined || search === '' ? {} : { search }),
          }),
        ),
      );
      return page.items;
    },
    async checkTerms() {
      const state = await once(dispatch(specApi.endpoints.getTermsAcceptance.initiate()));
      if (!state.isCurrent) return { state: 'required', termsId: state.terms.termsId };
      dispatch(termsAccepted());
      return { state: 'current' };
    },
    // TODO(issue 4): replace with the auth layer's signOut (provider sign-out, logout call, storage).
    signOut() {
      persisted.clear();
      dispatch(sessionEnded({ expired: false }));
      return Promise.resolve();
    },
  };
}
