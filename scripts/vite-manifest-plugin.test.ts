// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, createServer } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { withIncludes } from './static-server.ts';
import {
  brandingIncludeDirective,
  manifestValidation,
  publishedBrandingInclude,
} from './vite-manifest-plugin.ts';

const realManifest = readFileSync(join(import.meta.dirname, '..', 'portal.config.json'), 'utf8');
const broken = realManifest.replace('"popupZIndex": 2000', '"popupZIndex": "high"');

function project(manifest: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'manifest-plugin-'));
  writeFileSync(join(dir, 'portal.config.json'), manifest);
  writeFileSync(
    join(dir, 'main.js'),
    "import manifest from './portal.config.json';\nconsole.log(manifest.app);\n",
  );
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>');
  return dir;
}

describe('manifest validation inside Vite', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('fails the build with the file, place and message', async () => {
    const root = project(broken);
    dirs.push(root);
    await expect(
      build({ root, logLevel: 'silent', plugins: [manifestValidation()], build: { write: false } }),
    ).rejects.toThrow(/portal\.config\.json:\d+:\d+ {2}\/app\/ui\/popupZIndex {2}must be of type integer/);
  });

  it('shows the problem in the dev server and recovers once the file is fixed', async () => {
    const root = project(broken);
    dirs.push(root);
    const server = await createServer({
      root,
      logLevel: 'silent',
      plugins: [manifestValidation()],
      server: { middlewareMode: true, hmr: false, watch: null },
    });
    try {
      // A transform error is what Vite's overlay shows.
      await expect(server.transformRequest('/portal.config.json')).rejects.toThrow(
        /popupZIndex {2}must be of type integer/,
      );
      writeFileSync(join(root, 'portal.config.json'), realManifest);
      const module = await server.moduleGraph.getModuleByUrl('/portal.config.json');
      if (module !== undefined) server.moduleGraph.invalidateModule(module);
      const fixed = await server.transformRequest('/portal.config.json');
      expect(fixed?.code).toContain('popupZIndex');
    } finally {
      await server.close();
    }
  });
});

describe("the published branding's include in index.html", () => {
  const transform = (url: string | undefined, html: string): string => {
    const hook = publishedBrandingInclude(url).transformIndexHtml as {
      handler: (html: string) => string;
    };
    return hook.handler(html);
  };
  const icon = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';
  const page = `<html><head>${icon}<title>Portail</title></head></html>`;

  it("wraps the build's icon: the server's fragment replaces it, or it stays when none comes", async () => {
    const html = transform('/studio/api/manifest/branding', page);
    expect(html).toBe(
      `<html><head>${brandingIncludeDirective('/studio/api/manifest/branding', icon)}<title>Portail</title></head></html>`,
    );
    // As the portal's server reads it: the fragment in its place, or the build's icon.
    expect(await withIncludes(html, () => Promise.resolve('<meta name="portal-branding">'))).toBe(
      '<html><head><meta name="portal-branding"><title>Portail</title></head></html>',
    );
    expect(await withIncludes(html, () => Promise.resolve(''))).toBe(page);
  });

  it('leaves the page alone when the gateway is not on the portal origin', () => {
    expect(transform(undefined, page)).toBe(page);
  });
});
