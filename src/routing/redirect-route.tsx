import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import type { RedirectRule } from '../../kernel/schemas/portal-config.ts';
import { useConditionContext } from '../plugin-host/condition-context.ts';
import { useAppSelector } from '../store/hooks.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { selectAuthStatus, selectDefaultEntityId } from '../store/session-slice.ts';
import { GuardPending } from './guard-pending.tsx';
import { redirectTarget } from './redirects.ts';
import { routingPath } from './route-paths.ts';
import { useNavigationServices } from './services.tsx';

/**
 * A route whose redirect rule holds: goes where the first matching rule says (`landing` applies the
 * landing rules). When the target is an entity page and no entity is known yet (a customer with a
 * single entity right after sign-in), the user's first entity is looked up once.
 */
export function RedirectTo({ rule }: { rule: RedirectRule }) {
  const { config, logger } = useRuntime();
  const services = useNavigationServices();
  const context = useConditionContext();
  const params = useParams();
  const { search } = useLocation();
  const status = useAppSelector(selectAuthStatus);
  // The selected, the only or the remembered entity: the landing path asks for a list only without one.
  const selectedEntityId = useAppSelector(selectDefaultEntityId);
  const [fallbackEntityId, setFallbackEntityId] = useState<number | 'none' | undefined>(undefined);

  const target =
    status === 'unknown'
      ? undefined
      : redirectTarget(config, logger, rule, context, {
          params,
          search,
          selectedEntityId,
          ...(typeof fallbackEntityId === 'number' ? { fallbackEntityId } : {}),
        });
  const needsEntity = target?.kind === 'needs-entity' && fallbackEntityId === undefined;

  useEffect(() => {
    if (!needsEntity) return;
    let live = true;
    services.listEntities({ pageSize: config.constants.entitiesPageSize }).then(
      (entities) => {
        if (live) setFallbackEntityId(entities[0]?.accountId ?? 'none');
      },
      (error: unknown) => {
        logger.error('Could not load the entities for the landing page', error);
        if (live) setFallbackEntityId('none');
      },
    );
    return () => {
      live = false;
    };
  }, [needsEntity, services, config, logger]);

  if (target === undefined || needsEntity) return <GuardPending />;
  if (target.kind === 'path') {
    // Signed in with a token the portal could not use: the login page explains why (SPEC 4).
    const expired = status === 'tokenWithoutAuth' && rule.to === config.routing.loginRoute;
    return <Navigate to={expired ? `${target.path}?sessionExpired=true` : target.path} replace />;
  }
  // No rule or no entity at all: nothing sensible to show but the 403 page.
  logger.error('A redirect rule led nowhere', rule);
  return <Navigate to={routingPath(config, 'forbiddenRoute')} replace />;
}
