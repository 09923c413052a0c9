// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileEdges, folderCycles, folderEdges, sideEdges } from './check-cycles.ts';

const edge = (from: string, to: string) => ({ from, to, file: `src/${from}/x.ts`, specifier: `../${to}/y` });

describe('folder cycle check', () => {
  it('finds two folders that import each other, and a longer loop', () => {
    expect(folderCycles([edge('app', 'auth'), edge('auth', 'app'), edge('auth', 'api')])).toEqual([
      ['app', 'auth'],
    ]);
    expect(folderCycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([
      ['a', 'b', 'c'],
    ]);
  });

  it('accepts one-way imports', () => {
    expect(folderCycles([edge('app', 'auth'), edge('auth', 'api'), edge('app', 'api')])).toEqual([]);
  });

  it('src/ has no folder cycle', () => {
    const edges = folderEdges();
    expect(edges.length).toBeGreaterThan(20);
    expect(folderCycles(edges)).toEqual([]);
  });

  it('gateway/src has no folder cycle', () => {
    const edges = folderEdges('gateway/src');
    expect(edges.length).toBeGreaterThan(20);
    expect(folderCycles(edges)).toEqual([]);
  });

  it('the kernel imports neither the portal nor the gateway, which both import it, and no side loops', () => {
    const edges = sideEdges();
    const pairs = new Set(edges.map((edge) => `${edge.from}>${edge.to}`));
    expect(pairs).toContain('src>kernel');
    expect(pairs).toContain('gateway>kernel');
    expect(edges.filter((edge) => edge.from === 'kernel')).toEqual([]);
    expect(pairs).not.toContain('gateway>src');
    expect(folderCycles(edges)).toEqual([]);
  });

  it('the files of the kernel (the contract and its route files among them) import one way', () => {
    const edges = fileEdges('kernel');
    expect(
      edges.some((edge) => edge.from === 'contract/api' && edge.to === 'contract/route-definition'),
    ).toBe(true);
    expect(folderCycles(edges)).toEqual([]);
  });
});
