// `portal explain --persona <email> [--entity <id>]`: what a seeded persona sees and why, from the
// evaluator's trace: the landing, the wallet tabs, and per entity the sidebar, the overview tabs and the
// home widgets, each hidden item with the rule that hides it (the studio preview's "why is this hidden?").
import { resolve } from 'node:path';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { buildConditionContext } from '../../kernel/conditions/context.ts';
import type { SessionSnapshot } from '../../kernel/conditions/context.ts';
import { previewSnapshot } from '../../kernel/conditions/preview-context.ts';
import type { PreviewContext } from '../../kernel/conditions/preview-context.ts';
import { readFeatureFlags } from '../../src/manifest/flags.ts';
import { itemsOf } from '../../src/manifest/manifest-diff.ts';
import type { ListKey } from '../../src/manifest/manifest-diff.ts';
import { chooseWidgetSet, resolveLanding } from '../../src/manifest/navigation.ts';
import { whyHidden } from '../../src/manifest/why-hidden.ts';
import { personaPreviews } from '../../gateway/seed/persona-previews.ts';
import { loadPermissionCatalogue } from '../../gateway/src/permissions.ts';
import { translator } from './i18n.ts';
import type { CliIo, ExitCode } from './io.ts';
import { readManifest } from './manifest-file.ts';

export type ExplainOptions = {
  persona: string;
  entity?: number;
  manifest: string;
  language?: string;
  /** Flags turned on on top of the environment's (SPEC 5: a flag is on when its variable is 'true'). */
  flags: readonly string[];
};

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => by + line)
    .join('\n');

function listLines(
  config: PortalConfig,
  key: ListKey,
  title: string,
  snapshot: SessionSnapshot,
  label: (key: string) => string,
): string[] {
  const context = buildConditionContext(config, snapshot);
  const lines = [`${title}:`];
  for (const item of itemsOf(config, key)) {
    const name = item.isWidget ? item.label : label(item.label);
    const why = whyHidden(config, key, item, context);
    lines.push(why === null ? `  ✓ ${name}` : `  ✗ ${name}, hidden because:\n${indent(why, '      ')}`);
  }
  return lines;
}

/** The wallet is seen before any entity is chosen: no entity facts or codes. */
function walletSnapshot(snapshot: SessionSnapshot): SessionSnapshot {
  const { entity: _entity, ...rest } = snapshot;
  return { ...rest, permissions: { global: snapshot.permissions.global, entity: [] } };
}

export function explainCommand(options: ExplainOptions, io: CliIo): ExitCode {
  const config = readManifest(options.manifest, io);
  if (config === undefined) return 1;
  const catalogue = loadPermissionCatalogue(resolve(io.cwd, options.manifest), (message) => {
    io.err(message);
  });
  const persona = personaPreviews(catalogue.expand, config.offers.activeStatus).find(
    (candidate) => candidate.email.toLowerCase() === options.persona.toLowerCase(),
  );
  if (persona === undefined) {
    io.err(`No seeded persona ${options.persona} (gateway/seed/personas.json)`);
    return 1;
  }
  const entities =
    options.entity === undefined
      ? persona.entities
      : persona.entities.filter((entity) => entity.accountId === options.entity);
  if (entities.length === 0) {
    io.err(`${persona.email} does not belong to entity ${String(options.entity)}`);
    return 1;
  }
  const flags = { ...readFeatureFlags(config, io.env) };
  for (const flag of options.flags) flags[flag] = true;
  const label = translator(io.cwd, options.language ?? config.app.defaultLocale, 'common');
  const snapshotOf = (context: PreviewContext) => previewSnapshot(context, flags, config.offers.activeStatus);
  const on = Object.keys(flags).filter((name) => flags[name] === true);

  const first = entities[0];
  if (first === undefined) return 1;
  const wallet = walletSnapshot(snapshotOf(first.context));
  const landing = resolveLanding(config, buildConditionContext(config, wallet));
  const variant = persona.isCustomer ? 'client' : 'collaborator';
  const lines = [
    `${persona.name} <${persona.email}>, ${persona.isCustomer ? 'customer' : 'collaborator'}, ${String(persona.entities.length)} entit${persona.entities.length === 1 ? 'y' : 'ies'}; flags on: ${on.length === 0 ? 'none' : on.join(', ')}`,
    `Landing: ${landing?.to ?? 'none'}`,
    ...listLines(config, { kind: 'walletTabs', variant }, `Wallet tabs (${variant})`, wallet, label),
  ];
  for (const entity of entities) {
    const snapshot = snapshotOf(entity.context);
    const set = chooseWidgetSet(config, buildConditionContext(config, snapshot));
    const setIndex = config.homeWidgets.sets.findIndex((candidate) => candidate.id === set?.id);
    lines.push(
      '',
      `Entity ${String(entity.accountId)} ${entity.name} (codes: ${entity.context.entity.join(' ') || 'none'})`,
      ...listLines(config, { kind: 'sidebar' }, 'Sidebar', snapshot, label).map((line) => `  ${line}`),
      ...listLines(config, { kind: 'overviewTabs' }, 'Overview tabs', snapshot, label).map(
        (line) => `  ${line}`,
      ),
      ...(setIndex < 0
        ? ['  Home widgets: none (no widget set holds, or the grid is off)']
        : listLines(
            config,
            { kind: 'widgets', set: setIndex },
            `Home widgets (set ${set?.id ?? ''})`,
            snapshot,
            label,
          ).map((line) => `  ${line}`)),
    );
  }
  io.out(lines.join('\n'));
  return 0;
}
