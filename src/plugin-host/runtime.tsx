import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import type { FeatureFlags } from '../manifest/flags.ts';
import type { PluginRegistry } from './registry.ts';
import type { Logger } from '../logging/logger.ts';

/** What every part of the running portal reads and nobody changes: manifest, flags, plugins, logger. */
export type PortalRuntime = {
  config: PortalConfig;
  flags: FeatureFlags;
  registry: PluginRegistry;
  logger: Logger;
};

const RuntimeContext = createContext<PortalRuntime | null>(null);

export function RuntimeProvider({ runtime, children }: { runtime: PortalRuntime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): PortalRuntime {
  const runtime = useContext(RuntimeContext);
  if (runtime === null)
    throw new Error('useRuntime must be used inside <RuntimeProvider> (createPortal mounts it)');
  return runtime;
}
