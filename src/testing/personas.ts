import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { buildConditionContext } from '../../kernel/conditions/context.ts';
import type { SessionSnapshot } from '../../kernel/conditions/context.ts';
import type { ConditionContext } from '../../kernel/conditions/evaluate.ts';

/** Every flag on except maintenance, as the repository's .env sets them. */
export function demoFlags(
  config: PortalConfig,
  overrides: Record<string, boolean> = {},
): Record<string, boolean> {
  const flags = Object.fromEntries(
    Object.keys(config.featureFlags).map((f) => [f, f !== config.routing.maintenanceFlag]),
  );
  return { ...flags, ...overrides };
}

export function allCodes(config: PortalConfig, scope: 'collaborator' | 'customer'): string[] {
  return Object.entries(config.permissions)
    .filter(([, p]) => p.scope === scope)
    .map(([code]) => code);
}

type PersonaInput = {
  isCustomer: boolean;
  entityCount: number;
  global: readonly string[];
  entity?: {
    permissions: readonly string[];
    isSignatory: boolean;
    isClarityVisible: boolean;
    reports: number;
    subscriptions?: readonly { offerCode: string; status: string }[];
  };
  flags?: Record<string, boolean>;
};

export function personaContext(config: PortalConfig, input: PersonaInput): ConditionContext {
  const session: SessionSnapshot = {
    isAuthenticated: true,
    user: { isCustomer: input.isCustomer, hasAcceptedTerms: true, entityCount: input.entityCount },
    permissions: { global: input.global, entity: input.entity?.permissions ?? [] },
    flags: demoFlags(config, input.flags),
    ...(input.entity === undefined
      ? {}
      : {
          entity: {
            isSignatory: input.entity.isSignatory,
            isClarityVisible: input.entity.isClarityVisible,
            reportsCount: input.entity.reports,
            subscriptions: input.entity.subscriptions ?? [],
          },
        }),
  };
  return buildConditionContext(config, session);
}
