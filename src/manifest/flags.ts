import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';

export type FeatureFlags = Readonly<Record<string, boolean>>;

/** A flag is on only when its environment value is exactly the string 'true' (SPEC 5). */
export function readFeatureFlags(
  config: Pick<PortalConfig, 'featureFlags'>,
  env: Readonly<Record<string, unknown>>,
): FeatureFlags {
  return Object.fromEntries(
    Object.entries(config.featureFlags).map(([name, flag]) => [name, env[flag.env] === 'true']),
  );
}
