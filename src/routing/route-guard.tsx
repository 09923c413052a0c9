import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useConditionContext } from '../plugin-host/condition-context.ts';
import { useAppSelector } from '../store/hooks.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { selectSession } from '../store/session-slice.ts';
import { useCurrentRoute } from './current-route.ts';
import { decideGuard } from './guard-decision.ts';
import type { EntityLoad, TermsCheck } from './guard-decision.ts';
import { GuardPending } from './guard-pending.tsx';
import { ServiceUnavailable } from './service-unavailable.tsx';
import { ENTITY_PARAM } from './redirects.ts';
import { useNavigationServices, useSwitchingEntity } from './services.tsx';

/**
 * Runs the guards for the page being shown before anything of it (or of its layout) renders. Redirects
 * replace the history entry, so the back button never lands on a page that only redirects again.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { config, flags, logger } = useRuntime();
  const services = useNavigationServices();
  const switchingRef = useSwitchingEntity();
  const current = useCurrentRoute();
  const location = useLocation();
  const session = useAppSelector(selectSession);
  const context = useConditionContext();
  const [terms, setTerms] = useState<TermsCheck>({ state: 'idle' });
  const [entityLoad, setEntityLoad] = useState<EntityLoad>(null);

  // The guard lives as long as the tab: what it remembered belongs to one navigation (a failed entity
  // load is tried again on the next visit) and one user (the terms answer), not to the tab.
  const userId = session.user?.id ?? null;
  const [scope, setScope] = useState({ userId, key: location.key });
  if (scope.userId !== userId || scope.key !== location.key) {
    setScope({ userId, key: location.key });
    setEntityLoad(null);
    if (scope.userId !== userId) setTerms({ state: 'idle' });
  }

  const decision =
    current === null
      ? ({ kind: 'render' } as const)
      : decideGuard({
          config,
          flags,
          routeName: current.name,
          meta: current.indexed.meta,
          pathname: location.pathname,
          search: location.search,
          status: session.status,
          signingOut: session.signingOut,
          signedOutTo: session.signedOutTo,
          user: session.user,
          terms,
          entityParam: current.params[ENTITY_PARAM],
          selectedEntityId: session.selectedEntity?.accountId ?? null,
          entityLoad,
          context,
        });

  const termsToCheck = decision.kind === 'check-terms';
  useEffect(() => {
    if (!termsToCheck) return;
    // Until the answer, the decision stays 'check-terms', which shows nothing protected.
    services.checkTerms().then(
      (answer) => setTerms(answer),
      (error: unknown) => {
        // SPEC 8: a failed check is logged; the user is not locked out by it.
        logger.error('Terms of use check failed', error);
        setTerms({ state: 'current' });
      },
    );
  }, [termsToCheck, services, logger]);

  const entityToLoad = decision.kind === 'load-entity' ? decision.entityId : null;
  useEffect(() => {
    // The switcher is selecting another entity and will navigate there: do not reload this URL's one.
    if (entityToLoad === null || switchingRef.current !== null) return;
    let live = true;
    // Until it is selected, the decision stays 'load-entity', which shows nothing protected.
    services.selectEntity(entityToLoad).then(
      () => {
        if (live) setEntityLoad(null);
      },
      (error: unknown) => {
        logger.error(`Entity ${String(entityToLoad)} could not be loaded`, error);
        if (live) setEntityLoad({ id: entityToLoad, state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [entityToLoad, services, logger, switchingRef]);

  switch (decision.kind) {
    case 'render':
      return children;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'load-entity':
      return <GuardPending />;
    case 'unavailable':
      return <ServiceUnavailable onRetry={() => void services.retryBootstrap()} />;
    default:
      return <GuardPending />;
  }
}
