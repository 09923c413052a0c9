import { describe, expect, it } from 'vitest';
import { classifyLoadFailure, isCodeLoadError } from './load-failure.ts';

const chunkGone = new TypeError(
  'Failed to fetch dynamically imported module: http://127.0.0.1/assets/bank-page-1a2b.js',
);

describe('why a page could not load', () => {
  it('recognises the browsers’ wording of a chunk that failed to load, and not a page that threw', () => {
    expect(isCodeLoadError(chunkGone)).toBe(true);
    expect(isCodeLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isCodeLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isCodeLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isCodeLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isCodeLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('says offline first, a new version when the code is gone after a deploy, else a plain failure', () => {
    expect(classifyLoadFailure(chunkGone, { online: false, newerVersion: true })).toBe('offline');
    expect(classifyLoadFailure(chunkGone, { online: true, newerVersion: true })).toBe('newVersion');
    expect(classifyLoadFailure(chunkGone, { online: true, newerVersion: false })).toBe('failed');
    expect(classifyLoadFailure(new Error('boom'), { online: true, newerVersion: true })).toBe('failed');
  });
});
