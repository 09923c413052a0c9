import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';

/*
 * SPEC 2: the portal is reached under one per-application prefix (/hermes, /hades, /orion, /orphee,
 * /transverse). The router drops the prefix before any page renders (`UnknownPath`), so the prefix the
 * tab arrived with is remembered here (session storage: per tab, and it survives the round trip to the
 * identity provider) for the collaborator redirect URI, which must carry it.
 */

/** Session storage key of the prefix the tab arrived with. */
export const APPLICATION_PREFIX_KEY = 'application-prefix';

type PrefixStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The prefix of `prefixes` that `pathname` starts with, or '' (SPEC 2). The one place a prefix is recognised. */
export function applicationPrefix(pathname: string, prefixes: readonly string[]): string {
  return prefixes.find((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)) ?? '';
}

/** The prefix remembered for this tab when it is still one of `prefixes`, else ''. Never throws. */
export function rememberedApplicationPrefix(
  storage: Pick<Storage, 'getItem'> | null | undefined,
  prefixes: readonly string[],
): string {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(APPLICATION_PREFIX_KEY) ?? null;
  } catch {
    return '';
  }
  return stored !== null && prefixes.includes(stored) ? stored : '';
}

/**
 * An unknown path under a pass-through prefix (`routing.passThroughPrefixes`): the path without it, the
 * prefix being remembered for the collaborator redirect URI when it is an application prefix
 * (`identity.collaborator.applicationPrefixes`). Undefined when the path starts with no such prefix.
 */
export function passThroughPath(
  config: PortalConfig,
  pathname: string,
  storage: PrefixStorage | null | undefined,
): string | undefined {
  const prefix = applicationPrefix(pathname, config.routing.passThroughPrefixes);
  if (prefix === '') return undefined;
  if (config.identity.collaborator.applicationPrefixes.includes(prefix)) {
    try {
      storage?.setItem(APPLICATION_PREFIX_KEY, prefix);
    } catch {
      // Storage blocked: the redirect URI falls back to the plain login path.
    }
  }
  const rest = pathname.slice(prefix.length);
  return rest === '' ? '/' : rest;
}
