import { createSelector } from '@reduxjs/toolkit';
import { useCallback, useContext, useEffect } from 'react';
import type { Condition, PortalConfig } from '../../kernel/schemas/portal-config.ts';
import type { EntitySummary } from '../api/types.ts';
import { useAppSelector } from '../store/hooks.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { selectConditionContext } from '../plugin-host/condition-context.ts';
import type { RootState as AppState } from '../store/store.ts';
import type { AuthStatus, CurrentUser } from '../store/session-slice.ts';
import { isConditionMet } from '../../kernel/conditions/evaluate.ts';
import type { ConditionContext, PermissionScope } from '../../kernel/conditions/evaluate.ts';
import { pathOf } from '../manifest/route-index.ts';
import { isRouteOpen } from '../manifest/navigation.ts';
import { TrackerContext } from '../plugin-host/tracker.ts';
import type { TrackProperties } from '../plugin-host/tracker.ts';

/**
 * What a plugin may know about the signed-in person.
 *
 * @example
 * const { isCollab } = useSession();
 */
export type PluginSession = {
  status: AuthStatus;
  user: CurrentUser | null;
  /** SPEC 1: a collaborator exactly when not a customer; false while nobody is signed in. */
  isCollab: boolean;
};

const selectPluginSession = createSelector(
  [(state: AppState) => state.session.status, (state: AppState) => state.session.user],
  (status, user): PluginSession => ({ status, user, isCollab: user?.isCollab === true }),
);

/**
 * The session as plugins see it. The object stays the same until the session changes, so a widget
 * using it does not re-render when only the selected entity changes.
 *
 * @example
 * function Greeting() {
 *   const { user } = useSession();
 *   return <p>{user?.firstName}</p>;
 * }
 */
export function useSession(): PluginSession {
  return useAppSelector(selectPluginSession);
}

/**
 * The entity the user works on, its permissions and its BI report count.
 *
 * @example
 * const selected = useSelectedEntity();
 * const accountId = selected?.entity.accountId;
 */
export type SelectedEntity = {
  entity: EntitySummary;
  permissions: readonly string[];
  reportsCount: number;
};

const selectPluginEntity = createSelector(
  [
    (state: AppState) => state.session.selectedEntity,
    (state: AppState) => state.session.entityPermissions,
    (state: AppState) => state.session.entityReportsCount,
  ],
  (entity, permissions, reportsCount): SelectedEntity | null =>
    entity === null ? null : { entity, permissions, reportsCount },
);

/**
 * The selected entity, or null when none is selected (for example on the wallet pages).
 *
 * @example
 * function EntityName() {
 *   const selected = useSelectedEntity();
 *   return <span>{selected?.entity.name}</span>;
 * }
 */
export function useSelectedEntity(): SelectedEntity | null {
  return useAppSelector(selectPluginEntity);
}

/**
 * Whether the user holds any of `codes` (SPEC 5: holding one of them is enough) in `scope` (default: global or the
 * selected entity). The codes come from the caller's configuration (the manifest, a widget
 * definition), never from string literals in plugin code.
 *
 * @example
 * const canSeeDocuments = usePermission(widgetPermissionCodes);
 */
export function usePermission(codes: readonly string[], scope: PermissionScope = 'either'): boolean {
  const { config, flags } = useRuntime();
  return useAppSelector(
    (state) =>
      codes.length > 0 &&
      isConditionMet({ permission: [...codes], scope }, selectConditionContext(state, config, flags)),
  );
}

/** For an action on a row of another entity than the selected one (a wallet-wide list). */
export type ActionOptions = {
  /** The person's codes on the row's entity, as the gateway gave them; replaces the selected entity's. */
  entityPermissions?: readonly string[];
};

/**
 * Whether the person may do a named action of the manifest (`actions` in portal.config.json, e.g.
 * `users.add`), in the context of the selected entity. The rule lives in the manifest, so a product owner
 * changes who may act without a code change; the gateway enforces the same codes on the call. An action
 * the manifest does not name is refused (and logged), never allowed by default.
 *
 * @example
 * const canAdd = useAction('users.add');
 * return canAdd ? <Button onClick={openInvite}>{t('users.add')}</Button> : null;
 * // On a wallet row: the person's codes on that row's entity.
 * const canRemove = useAction('users.remove', { entityPermissions: row.callerPermissions });
 */
export function useAction(name: string, options: ActionOptions = {}): boolean {
  const { config, flags } = useRuntime();
  const rule = useActionRule(name);
  const { entityPermissions } = options;
  return useAppSelector((state) =>
    actionAllowed(rule, selectConditionContext(state, config, flags), entityPermissions),
  );
}

/** The manifest's rule of a named action; an unknown name is logged once (and refused by the caller). */
function useActionRule(name: string): Condition | undefined {
  const { config, logger } = useRuntime();
  const rule = config.actions?.[name];
  useEffect(() => {
    if (rule === undefined) logger.warn('Unknown action of the manifest: refused', { action: name });
  }, [rule, name, logger]);
  return rule;
}

function actionAllowed(
  rule: Condition | undefined,
  context: ConditionContext,
  entityPermissions: readonly string[] | undefined,
): boolean {
  return (
    rule !== undefined &&
    isConditionMet(
      rule,
      entityPermissions === undefined
        ? context
        : { ...context, permissions: { ...context.permissions, entity: new Set(entityPermissions) } },
    )
  );
}

/**
 * `useAction` for the rows of a list, each on its own entity: one hook answers a check to call per row
 * (a table's row actions are data, built outside any row's component).
 *
 * @example
 * const mayRemove = useActionCheck('users.remove');
 * const actions = (row) => (mayRemove({ entityPermissions: row.callerPermissions }) ? [removeAction(row)] : []);
 */
export function useActionCheck(name: string): (options?: ActionOptions) => boolean {
  const { config, flags } = useRuntime();
  const rule = useActionRule(name);
  const context = useAppSelector((state) => selectConditionContext(state, config, flags));
  return useCallback(
    ({ entityPermissions }: ActionOptions = {}) => actionAllowed(rule, context, entityPermissions),
    [rule, context],
  );
}

/**
 * Whether a feature flag of the manifest is on (SPEC 5: only when its environment value is 'true').
 * An unknown flag name is off.
 *
 * @example
 * const bookingOn = useFlag('booking');
 */
export function useFlag(name: string): boolean {
  return useRuntime().flags[name] === true;
}

/**
 * A business constant of the manifest (`constants` in portal.config.json), by key.
 *
 * @example
 * const { defaultPrice } = useConstant('smartOffer');
 */
export function useConstant<K extends keyof PortalConfig['constants']>(key: K): PortalConfig['constants'][K] {
  return useRuntime().config.constants[key];
}

/**
 * The names of the manifest's tracking events (`trackingEvents`), e.g. `widgetInteracted`.
 *
 * @example
 * const event: TrackingEventKey = 'widgetInteracted';
 */
export type TrackingEventKey = keyof PortalConfig['trackingEvents'];

/**
 * Sends an analytics event; the event name comes from the manifest's `trackingEvents`.
 *
 * @example
 * const track = useTrack();
 * <Button onClick={() => track('widgetInteracted', { widget: widgetId, action: 'open' })} />
 */
export function useTrack(): (event: TrackingEventKey, properties?: TrackProperties) => void {
  const { config, logger } = useRuntime();
  const tracker = useContext(TrackerContext);
  return useCallback(
    (event: TrackingEventKey, properties: TrackProperties = {}) => {
      const name = config.trackingEvents[event];
      if (tracker === null) {
        // No analytics wired in (tests, or analytics off): keep a trace for debugging.
        logger.debug('track', { event: name, properties });
        return;
      }
      tracker.track(name, properties);
    },
    [config, logger, tracker],
  );
}

/**
 * The link to a route of the manifest, by name, when the user may open it; `undefined` otherwise.
 * `:entityId` defaults to the selected entity. The route's own rules (permission, flag, `when`) decide.
 *
 * @example
 * const reportsHref = useRouteHref('entity.biReports');
 * return reportsHref === undefined ? null : <Anchor component={Link} to={reportsHref}>…</Anchor>;
 */
export function useRouteHref(
  routeName: string,
  params: Readonly<Record<string, string | number>> = {},
): string | undefined {
  const { config, flags } = useRuntime();
  const entityId = useAppSelector((state) => state.session.selectedEntity?.accountId);
  // A selector re-runs on every store update: the boolean check, without explanations.
  const allowed = useAppSelector((state) =>
    isRouteOpen(config, routeName, selectConditionContext(state, config, flags)),
  );
  // A missing parameter gives no link rather than a broken one.
  return allowed ? pathOf(config, routeName, { entityId, ...params }) : undefined;
}
