import { createSelector } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { buildConditionContext } from '../../kernel/conditions/context.ts';
import type { SessionSnapshot } from '../../kernel/conditions/context.ts';
import type { ConditionContext } from '../../kernel/conditions/evaluate.ts';
import type { FeatureFlags } from '../manifest/flags.ts';
import type { SessionState } from '../store/session-slice.ts';
import { useAppSelector } from '../store/hooks.ts';
import { useRuntime } from './runtime.tsx';
import type { RootState } from '../store/store.ts';

function sessionSnapshot(
  session: SessionState,
  flags: FeatureFlags,
  query?: Record<string, string>,
): SessionSnapshot {
  return {
    isAuthenticated: session.status === 'authenticated',
    ...(session.user === null
      ? {}
      : {
          user: {
            isCustomer: session.user.isCustomer,
            hasAcceptedTerms: session.user.hasAcceptedTerms,
            entityCount: session.entityCount,
            hasRememberedEntity: session.rememberedEntityId !== null,
            isStudioEditor: session.user.studioEditor === true,
          },
        }),
    ...(session.selectedEntity === null
      ? {}
      : {
          entity: {
            isSignatory: session.selectedEntity.isSignatory,
            isClarityVisible: session.selectedEntity.isClarityVisible,
            subscriptions: session.selectedEntity.subscriptions,
            reportsCount: session.entityReportsCount,
          },
        }),
    permissions: { global: session.globalPermissions, entity: session.entityPermissions },
    flags,
    ...(query === undefined ? {} : { query }),
  };
}

/** The condition context of the current session, rebuilt only when the session itself changes. */
export const selectConditionContext = createSelector(
  [
    (state: RootState) => state.session,
    (_state: RootState, config: PortalConfig) => config,
    (_state: RootState, _config: PortalConfig, flags: FeatureFlags) => flags,
  ],
  (session, config, flags): ConditionContext =>
    buildConditionContext(config, sessionSnapshot(session, flags)),
);

/** For components: the condition context with the current URL's query parameters. */
export function useConditionContext(): ConditionContext {
  const { config, flags } = useRuntime();
  const base = useAppSelector((state) => selectConditionContext(state, config, flags));
  const { search } = useLocation();
  return useMemo(
    () => (search === '' ? base : { ...base, query: Object.fromEntries(new URLSearchParams(search)) }),
    [base, search],
  );
}
