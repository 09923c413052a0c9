/**
 * `npm run check:cycles`: imports run one way, at three scales. Builds graphs of imports (relative and
 * `@portal/*` imports of non-test files) and fails on any cycle, printing each cycle and one import per
 * edge that closes it:
 * - the sides of the house: kernel/ (shared), src/ (the portal), plugins/ and gateway/; the kernel
 *   imports no other side;
 * - the folders inside src/, gateway/src/, kernel/ and plugins/ (one folder per plugin);
 * - the files of kernel/ (a type loop between the contract's files counts too).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicEntries } from './aliases.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The trees whose top folders are checked, each on its own. */
const ROOTS = ['src', 'gateway/src', 'kernel', 'plugins'] as const;
/** The sides of the house; the first is the shared kernel, which imports none of the others. */
const SIDES = ['kernel', 'src', 'plugins', 'gateway'] as const;

export type FolderEdge = { from: string; to: string; file: string; specifier: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

const importPattern =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** `<root>/<folder>` of a repository file, or undefined outside the root's folders. */
function folderOf(root: string, file: string): string | undefined {
  const relative = path.relative(root, file).split(path.sep);
  return relative.length > 1 && !relative[0]?.startsWith('..') ? relative[0] : undefined;
}

/** The files a source file imports (relative and `@portal/*` specifiers), resolved, with their specifier. */
function importsOf(file: string): { target: string; specifier: string }[] {
  // Comments (doc examples) are not imports.
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(importPattern)].flatMap((match) => {
    const specifier = match[1] ?? match[2] ?? '';
    const entry = publicEntries[specifier];
    const target = specifier.startsWith('.')
      ? path.resolve(path.dirname(file), specifier)
      : entry === undefined
        ? undefined
        : path.join(repoRoot, entry);
    return target === undefined ? [] : [{ target, specifier }];
  });
}

/** Edges between the groups `groupOf` gives the files of `trees` (undefined: not counted). */
function groupEdges(trees: readonly string[], groupOf: (file: string) => string | undefined): FolderEdge[] {
  const edges: FolderEdge[] = [];
  for (const tree of trees)
    for (const file of sourceFiles(path.join(repoRoot, tree))) {
      const from = groupOf(file);
      if (from === undefined) continue;
      for (const { target, specifier } of importsOf(file)) {
        const to = groupOf(target);
        if (to !== undefined && to !== from)
          edges.push({ from, to, file: path.relative(repoRoot, file), specifier });
      }
    }
  return edges;
}

export function folderEdges(tree = 'src'): FolderEdge[] {
  const root = path.join(repoRoot, tree);
  return groupEdges([tree], (file) => folderOf(root, file));
}

/** Imports between the sides of the house (SIDES). */
export function sideEdges(): FolderEdge[] {
  return groupEdges(SIDES, (file) => {
    const side = path.relative(repoRoot, file).split(path.sep)[0];
    return SIDES.find((name) => name === side);
  });
}

/** Imports between the files of a tree (extension-less, as imports name them with or without one). */
export function fileEdges(tree: string): FolderEdge[] {
  const root = path.join(repoRoot, tree);
  return groupEdges([tree], (file) => {
    const relative = path.relative(root, file);
    return relative.startsWith('..') ? undefined : relative.replace(/\.(ts|tsx)$/, '');
  });
}

/** Strongly connected components of more than one folder (Tarjan). */
export function folderCycles(edges: readonly FolderEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from)?.add(to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  reportSides();
  for (const tree of ROOTS) report(tree, folderEdges(tree), 'folder');
  report('kernel', fileEdges('kernel'), 'file');
}

function reportSides(): void {
  const edges = sideEdges();
  const outward = edges.filter((edge) => edge.from === SIDES[0]);
  for (const edge of outward) console.error(`kernel/ imports ${edge.to}/: ${edge.file}: '${edge.specifier}'`);
  if (outward.length > 0) process.exitCode = 1;
  report('.', edges, 'side');
}

function report(tree: string, edges: readonly FolderEdge[], unit: 'side' | 'folder' | 'file'): void {
  const cycles = folderCycles(edges);
  const name = (node: string) => (tree === '.' ? `${node}/` : `${tree}/${node}`);
  if (cycles.length === 0) {
    console.log(
      `${tree === '.' ? 'the sides' : `${tree}/`}: ${String(new Set(edges.map((e) => `${e.from}>${e.to}`)).size)} ${unit} imports, no cycle`,
    );
  } else {
    for (const cycle of cycles) {
      console.error(`cycle between ${cycle.map(name).join(', ')}:`);
      const members = new Set(cycle);
      const shown = new Set<string>();
      for (const edge of edges) {
        const key = `${edge.from}>${edge.to}`;
        if (!members.has(edge.from) || !members.has(edge.to) || shown.has(key)) continue;
        shown.add(key);
        console.error(`  ${edge.from} -> ${edge.to}  (${edge.file}: '${edge.specifier}')`);
      }
    }
    process.exitCode = 1;
  }
}
