import { describe, expect, it } from 'vitest';
import { faviconTag } from './vite-favicon.ts';

describe('the favicon of index.html', () => {
  it("is the manifest's, with its media type", () => {
    expect(faviconTag('/branding/icon.png')).toBe(
      '<link rel="icon" href="/branding/icon.png" type="image/png" />',
    );
  });

  it("is the engine's own without one", () => {
    expect(faviconTag(undefined)).toBe('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
  });

  it('escapes what would close the attribute', () => {
    expect(faviconTag('/icon"x.svg')).toContain('href="/icon&quot;x.svg"');
  });
});
