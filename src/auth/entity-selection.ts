import { specApi } from '../api/spec-endpoints.ts';
import type { AppDispatch } from '../app/store.ts';
import type { SelectedEntityStore } from '../session/selected-entity-storage.ts';
import { entitySelected } from './session-slice.ts';

/*
 * SPEC 4 'Selecting an entity: load its permissions, store the entity, persist its id.' Minimal version
 * written by the routing issue (5) so the entity guard and the switcher call the real thing; the auth
 * issue (4) owns it and may extend it.
 */

type Subscription<T> = { unwrap(): Promise<T>; unsubscribe(): void };

async function once<T>(request: Subscription<T>): Promise<T> {
  try {
    return await request.unwrap();
  } finally {
    request.unsubscribe();
  }
}

/** Loads the entity, its permissions and report count, then selects it; rejects when any load fails. */
export function selectEntity(entityId: number, persisted: SelectedEntityStore) {
  return async (dispatch: AppDispatch): Promise<void> => {
    const [entity, permissions, reports] = await Promise.all([
      once(dispatch(specApi.endpoints.getEntitySummary.initiate(entityId))),
      once(dispatch(specApi.endpoints.getCurrentUserPermissions.initiate({ accountId: entityId }))),
      // The report count only feeds the BI sidebar rule: failing to read it hides that entry, nothing more.
      once(dispatch(specApi.endpoints.getReportsCount.initiate({ accountId: entityId, pageSize: 1 }))).catch(
        () => ({ totalItems: 0 }),
      ),
    ]);
    dispatch(
      entitySelected({ entity, permissions: permissions.permissions, reportsCount: reports.totalItems }),
    );
    persisted.set(entityId);
  };
}
