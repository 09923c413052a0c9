// The portal hides, the gateway decides: every manifest action named by a plugin exists, and a contract
// route that serves an action requires exactly the permission codes of that action's rule.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../kernel/contract/api.ts';
import type { RouteDefinition } from '../../kernel/contract/route-definition.ts';
import type { Condition } from '../../kernel/schemas/portal-config.ts';
import { loadRealManifest } from '../../src/testing/manifest.ts';

const config = loadRealManifest();
const repoRoot = path.resolve(import.meta.dirname, '../..');

function permissionCodes(condition: Condition, seen = new Set<string>()): Set<string> {
  const codes = new Set<string>();
  const walk = (c: Condition): void => {
    if (typeof c === 'boolean') return;
    if ('all' in c) c.all.forEach(walk);
    else if ('any' in c) c.any.forEach(walk);
    else if ('not' in c) walk(c.not);
    else if ('permission' in c) c.permission.forEach((code) => codes.add(code));
    else if ('ref' in c && !seen.has(c.ref)) {
      seen.add(c.ref);
      const named = config.conditions[c.ref];
      if (named !== undefined) walk(named);
    }
  };
  walk(condition);
  return codes;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('manifest actions', () => {
  it('every action a plugin asks for with useAction is named in the manifest', () => {
    const used = new Map<string, string>();
    for (const file of sourceFiles(path.join(repoRoot, 'plugins'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/useAction\(\s*['"]([^'"]+)['"]/g)) {
        used.set(match[1] ?? '', path.relative(repoRoot, file));
      }
    }
    const missing = [...used].filter(([name]) => config.actions?.[name] === undefined);
    expect(missing).toEqual([]);
  });

  it('a gateway route serving an action requires exactly the codes of the action’s rule', () => {
    const mismatches: string[] = [];
    for (const [id, route] of Object.entries(routes) as [string, RouteDefinition][]) {
      if (route.action === undefined) continue;
      const rule = config.actions?.[route.action];
      if (rule === undefined) {
        mismatches.push(`${id}: unknown action "${route.action}"`);
        continue;
      }
      const manifestCodes = [...permissionCodes(rule)].sort();
      // A wallet-wide action (no entity) is served on the caller's global codes.
      const gatewayCodes = [...(route.requiresAnyOf ?? route.globalRequiresAnyOf ?? [])].sort();
      if (manifestCodes.join() !== gatewayCodes.join())
        mismatches.push(
          `${id} (${route.action}): manifest ${manifestCodes.join('|')} ≠ gateway ${gatewayCodes.join('|')}`,
        );
    }
    expect(mismatches).toEqual([]);
  });

  it('finds the codes of a rule through named conditions', () => {
    expect(
      [...permissionCodes({ any: [{ permission: ['CLUSER002'] }, { ref: 'documentsV2Allowed' }] })].sort(),
    ).toEqual(['CLGEDPEN01', 'CLUSER002']);
  });
});
