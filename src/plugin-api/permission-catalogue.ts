// Its own module: only the rights screens (lazy) use it, so it stays out of the first pages' chunks.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../plugin-host/runtime.tsx';

/** A permission code of the manifest's catalogue, with its label and the group it is shown in (both translated). */
export type PermissionEntry = { code: string; label: string; domain: string; domainLabel: string };

/**
 * The manifest's permission catalogue for one scope, in the manifest's order: a rights screen lists the
 * codes a person can be granted from here, never from a list in plugin code. Labels are the common
 * namespace's (`permission.CLBANK001`, `permissionDomain.<domain>`), in the current language; a code
 * without a domain is in `other`.
 *
 * @example
 * const codes = usePermissionCatalogue('customer');
 */
export function usePermissionCatalogue(scope: 'customer' | 'collaborator'): readonly PermissionEntry[] {
  const { config } = useRuntime();
  const { t } = useTranslation();
  const translate = t as unknown as (key: string) => string;
  return useMemo(
    () =>
      Object.entries(config.permissions)
        .filter(([, definition]) => definition.scope === scope)
        .map(([code, definition]) => {
          const domain = definition.domain ?? 'other';
          return {
            code,
            label: translate(definition.label),
            domain,
            domainLabel: translate(`permissionDomain.${domain}`),
          };
        }),
    [config, scope, translate],
  );
}
