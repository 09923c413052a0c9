// The launcher catalogue for plugins. Its own module, so only the launcher pages' chunk carries it and
// the first pages (login, entity home) stay as light as before.
import { useMemo } from 'react';
import { useAppSelector } from '../store/hooks.ts';
import { useRuntime } from '../plugin-host/runtime.tsx';
import { selectConditionContext } from '../plugin-host/condition-context.ts';
import { isConditionMet } from '../../kernel/conditions/evaluate.ts';

/** An application whose URL names the entity belongs to the entity launcher; the others are the firm's tools. */
const ENTITY_PLACEHOLDER = '{accountNumber}';

/**
 * An application of the manifest's launcher catalogue (`applications`), ready to open: its URL has the
 * selected entity's number in place of `{accountNumber}`.
 *
 * @example
 * const apps = useApplications('entity');
 * apps.map((app) => <a key={app.id} href={app.href} target="_blank" rel="noopener noreferrer">{t(app.label)}</a>);
 */
export type LauncherApplication = {
  id: string;
  /** A key of the calling plugin's translations; the description's key is this one + `Text`. */
  label: string;
  icon: string;
  href: string;
};

/**
 * The applications of one launcher whose `when` holds for the person: `entity`, those whose URL names the
 * entity (`{accountNumber}`), shown only with a selected entity; `wallet`, the firm's tools.
 *
 * @example
 * const tools = useApplications('wallet');
 */
export function useApplications(scope: 'entity' | 'wallet'): readonly LauncherApplication[] {
  const { config, flags } = useRuntime();
  const accountNumber = useAppSelector((state) => state.session.selectedEntity?.accountNumber);
  // A string, so the selector's answer compares equal while nothing relevant changes.
  const allowedIds = useAppSelector((state) => {
    const context = selectConditionContext(state, config, flags);
    return (config.applications ?? [])
      .filter(
        (application) =>
          application.url.includes(ENTITY_PLACEHOLDER) === (scope === 'entity') &&
          isConditionMet(application.when, context),
      )
      .map((application) => application.id)
      .join('\n');
  });
  return useMemo(() => {
    const allowed = new Set(allowedIds.split('\n'));
    return (config.applications ?? []).flatMap((application) => {
      if (!allowed.has(application.id)) return [];
      if (application.url.includes(ENTITY_PLACEHOLDER) && accountNumber === undefined) return [];
      return [
        {
          id: application.id,
          label: application.label,
          icon: application.icon,
          href: application.url.replaceAll(ENTITY_PLACEHOLDER, encodeURIComponent(accountNumber ?? '')),
        },
      ];
    });
  }, [config, allowedIds, accountNumber]);
}
