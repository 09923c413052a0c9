import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { routePath } from './landing.ts';

/** What the customers' single sign-on client needs, from the manifest, the environment and the origin. */
export type SingleSignOnSettings = {
  authority: string;
  clientId: string;
  scope: string;
  /** The callback route: the provider returns there after signing in, and after signing out. */
  redirectUri: string;
};

/** Null when the manifest configures no single sign-on adapter (`identity.customer.singleSignOn`). */
export function singleSignOnSettings(
  config: PortalConfig,
  env: Readonly<Record<string, unknown>>,
  origin: string,
): SingleSignOnSettings | null {
  const adapter = config.identity.customer.singleSignOn;
  if (adapter === undefined) return null;
  const fromEnv = adapter.authorityEnv === undefined ? undefined : env[adapter.authorityEnv];
  const authority = typeof fromEnv === 'string' && fromEnv.trim() !== '' ? fromEnv.trim() : adapter.authority;
  return {
    authority: authority.replace(/\/+$/, ''),
    clientId: adapter.clientId,
    scope: adapter.scopes.join(' '),
    redirectUri: `${origin}${routePath(config, adapter.callbackRoute)}`,
  };
}

/** Whether the customers' single sign-on flag is on in this build. */
export function singleSignOnOn(config: PortalConfig, flags: Readonly<Record<string, boolean>>): boolean {
  return flags[config.identity.customer.singleSignOnFlag] === true;
}
