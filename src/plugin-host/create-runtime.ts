import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { createLogger, isLogLevel } from '../logging/logger.ts';
import { readFeatureFlags } from '../manifest/flags.ts';
import type { PortalRuntime } from './runtime.tsx';
import type { PluginRegistry } from './registry.ts';

/** The runtime of a checked manifest: its flags from the environment, a logger at the manifest's level. */
export function createRuntime(
  config: PortalConfig,
  registry: PluginRegistry,
  env: Readonly<Record<string, unknown>>,
): PortalRuntime {
  const { minLevel, minLevelEnv } = config.app.logging;
  const envLevel = minLevelEnv === undefined ? undefined : Number(env[minLevelEnv]);
  const logger = createLogger({
    minLevel: isLogLevel(envLevel) ? envLevel : isLogLevel(minLevel) ? minLevel : 5,
  });
  return { config, flags: readFeatureFlags(config, env), registry, logger };
}
