import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect-target.ts';

const ORIGIN = 'http://127.0.0.1:5174';

describe('safeRedirectPath', () => {
  it.each([
    ['/dossier/1001/accueil', '/dossier/1001/accueil'],
    ['/portefeuille/mes-entites?page=2#top', '/portefeuille/mes-entites?page=2#top'],
    ['/', '/'],
    ['/a/../b', '/b'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeRedirectPath(input, ORIGIN)).toBe(expected);
  });

  it.each([
    ['https://evil.example'],
    ['http://127.0.0.1:5174/dossier'],
    ['//evil.example'],
    ['///evil.example'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['evil.example'],
    [''],
    ['   '],
    [null],
    [undefined],
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input, ORIGIN)).toBeNull();
  });
});
