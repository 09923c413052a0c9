// `portal docs`: the permission → feature matrix of the manifest as Markdown in docs/permissions.md;
// `--check` (run by `npm run check`) fails when the file is not what the manifest gives, so a manifest
// change without regenerated docs does not pass.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { indexRoutes } from '../../src/manifest/route-index.ts';
import { translator } from './i18n.ts';
import type { CliIo, ExitCode } from './io.ts';
import { readManifest } from './manifest-file.ts';

export const DOCS_FILE = 'docs/permissions.md';

type Uses = { codes: Set<string>; refs: Set<string> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The codes a value names (condition leaves, route guards, widget permissions) and the rules it refers to. */
function collect(value: unknown, uses: Uses, skipChildren: boolean): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, uses, false);
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, child] of Object.entries(value)) {
    // A nested route or widget is a feature of its own.
    if (skipChildren && (key === 'children' || key === 'widgets')) continue;
    if (key === 'ref' && typeof child === 'string') {
      uses.refs.add(child);
    } else if ((key === 'permission' || key === 'anyOf') && Array.isArray(child)) {
      for (const code of child) if (typeof code === 'string') uses.codes.add(code);
    } else if (key === 'permission' && typeof child === 'string') {
      uses.codes.add(child);
    } else {
      collect(child, uses, false);
    }
  }
}

/** The codes of a named rule, following its own references (cycles are refused by the lint). */
function ruleCodes(config: PortalConfig, name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return new Set();
  seen.add(name);
  const uses: Uses = { codes: new Set(), refs: new Set() };
  collect(config.conditions[name], uses, false);
  const codes = new Set(uses.codes);
  for (const ref of uses.refs) for (const code of ruleCodes(config, ref, seen)) codes.add(code);
  return codes;
}

type Feature = { name: string; node: unknown };

function features(config: PortalConfig, label: (key: string) => string): Feature[] {
  const found: Feature[] = [];
  const index = indexRoutes(config);
  // A nav item is shown only when its route opens: its rules and the route's (and ancestors') guards.
  const withRoute = (item: { route: string }) => [
    item,
    ...(index.get(item.route)?.chain ?? []).map((route) => ({ meta: route.meta })),
  ];
  // Routes nest (children): walked as plain data, each route a feature of its own.
  const routes = (list: readonly unknown[]) => {
    for (const route of list) {
      if (!isRecord(route)) continue;
      found.push({ name: `Route \`${String(route['name'])}\``, node: route });
      if (Array.isArray(route['children'])) routes(route['children']);
    }
  };
  for (const item of config.sidebar)
    found.push({ name: `Sidebar: ${label(item.title)} (\`${item.id}\`)`, node: withRoute(item) });
  for (const variant of ['collaborator', 'client'] as const)
    for (const tab of config.walletTabs[variant])
      found.push({
        name: `Wallet tab (${variant}): ${label(tab.title)} (\`${tab.id}\`)`,
        node: withRoute(tab),
      });
  for (const tab of config.overviewTabs)
    found.push({ name: `Overview tab: ${label(tab.title)} (\`${tab.id}\`)`, node: withRoute(tab) });
  for (const set of config.homeWidgets.sets) {
    found.push({ name: `Home widget set \`${set.id}\``, node: set });
    for (const widget of set.widgets)
      found.push({ name: `Home widget \`${widget.widget}\` (set \`${set.id}\`)`, node: widget });
  }
  routes(config.routes);
  for (const [name, rule] of Object.entries(config.actions ?? {}))
    found.push({ name: `Action \`${name}\``, node: rule });
  for (const application of config.applications ?? [])
    found.push({ name: `Application \`${application.id}\``, node: application });
  config.landing.forEach((rule) => {
    found.push({ name: `Landing on \`${rule.to}\``, node: rule });
  });
  found.push({ name: 'Studio editors', node: config.studio });
  return found;
}

/** The Markdown of the matrix: one row per code of the catalogue, the features it opens. */
function permissionMatrix(config: PortalConfig, label: (key: string) => string): string {
  const byCode = new Map<string, string[]>(Object.keys(config.permissions).map((code) => [code, []]));
  for (const feature of features(config, label)) {
    const uses: Uses = { codes: new Set(), refs: new Set() };
    collect(feature.node, uses, true);
    const via = new Map<string, string>();
    for (const ref of uses.refs)
      for (const code of ruleCodes(config, ref)) if (!uses.codes.has(code)) via.set(code, ref);
    for (const code of uses.codes) byCode.get(code)?.push(feature.name);
    for (const [code, ref] of via) byCode.get(code)?.push(`${feature.name} (rule \`${ref}\`)`);
  }
  const rows = [...byCode].map(([code, used]) => {
    const definition = config.permissions[code];
    const text = definition === undefined ? '' : label(definition.label);
    return `| \`${code}\` | ${definition?.scope ?? ''} | ${text.replaceAll('|', '\\|')} | ${used.length === 0 ? '(nothing)' : used.join('<br>')} |`;
  });
  return [
    '# Permissions and the features they open',
    '',
    '<!-- Generated by `npx portal docs` from portal.config.json: DO NOT EDIT. `npm run check` fails when it is stale. -->',
    '',
    'Each permission code of the manifest catalogue, and every place of the manifest whose rule names it, directly or through a named rule. A feature usually needs more than one condition: see `npx portal explain` for a given person.',
    '',
    '| Code | Scope | Label | Features |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

export async function docsCommand(
  options: { check: boolean; manifest: string; language?: string },
  io: CliIo,
): Promise<ExitCode> {
  const config = readManifest(options.manifest, io);
  if (config === undefined) return 1;
  const label = translator(io.cwd, options.language ?? 'en', 'common');
  const target = resolve(io.cwd, DOCS_FILE);
  // Formatted as `prettier --check .` expects it (tables aligned).
  const markdown = await format(
    permissionMatrix(config, (key) => label(key)),
    {
      ...(await resolveConfig(target)),
      filepath: target,
    },
  );
  if (options.check) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // Missing counts as stale.
    }
    if (current === markdown) {
      io.out(`${DOCS_FILE} is up to date`);
      return 0;
    }
    io.err(`${DOCS_FILE} is stale: run \`npx portal docs\` and commit it`);
    return 1;
  }
  writeFileSync(target, markdown);
  io.out(`wrote ${DOCS_FILE}`);
  return 0;
}
