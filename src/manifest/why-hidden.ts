// Why an item of a list the studio edits is not shown to a context: its route's rules, then its own rule,
// from the evaluator's trace. The studio's preview and `portal explain` give the same answer.
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { evaluateCondition, formatTrace } from '../../kernel/conditions/evaluate.ts';
import type { ConditionContext } from '../../kernel/conditions/evaluate.ts';
import type { ListItem, ListKey } from './manifest-diff.ts';
import { routeAccess } from './navigation.ts';

/** The reason in plain text (route, then the trace, one line per node), or null when the item is shown. */
export function whyHidden(
  config: PortalConfig,
  key: ListKey,
  item: ListItem,
  context: ConditionContext,
): string | null {
  const ctx = { ...context, conditions: config.conditions };
  if (key.kind !== 'widgets') {
    const source =
      key.kind === 'sidebar'
        ? config.sidebar
        : key.kind === 'overviewTabs'
          ? config.overviewTabs
          : config.walletTabs[key.variant];
    const route = source.find((candidate) => candidate.id === item.key)?.route;
    if (route !== undefined) {
      const access = routeAccess(config, route, ctx);
      if (!access.allowed) {
        if (access.reason === 'flag') return `route ${route}: flag ${access.flag} off`;
        if (access.reason === 'unknown-route') return `route ${route}: unknown`;
        return `route ${route} (${access.reason}):\n${formatTrace(access.trace)}`;
      }
    }
  }
  const own = evaluateCondition(item.when, ctx);
  return own.result ? null : formatTrace(own.trace);
}
