import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { firstScreenFiles, loginDocument, scriptHash, withScriptHash } from './vite-prerender-login.ts';

const INDEX = `<!doctype html>
<html lang="fr-FR">
  <head>
    <meta
      http-equiv="Content-Security-Policy"
      content="default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'"
    />
    <title>Portail client</title>
    <script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/vendor-BBBBBBBB.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

function chunk(fileName: string, facadeModuleId: string | null, imports: string[], css: string[] = []) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId,
    isEntry: false,
    imports,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as Rollup.OutputChunk;
}

describe('the login page pre-rendered by the build', () => {
  it('carries the markup, its title, the decision script and the first screen files index.html lacks', () => {
    const html = loginDocument(
      INDEX,
      { html: '<h1>Connexion</h1>', title: 'Connexion & co', script: 'decide()' },
      { js: ['assets/page-CCCCCCCC.js'], css: ['assets/vendor-BBBBBBBB.css', 'assets/page-DDDDDDDD.css'] },
      '/',
    );
    expect(html).toContain('<div id="root"><h1>Connexion</h1></div>');
    expect(html).toContain('<title>Connexion &amp; co</title>');
    expect(html).toContain('<html lang="fr-FR" data-mantine-color-scheme="light">');
    expect(html).toContain('<script>decide()</script>');
    expect(html).toMatch(/<style>html\[data-prerender=off\] #root,[^<]*<\/style>/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/page-DDDDDDDD.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/page-CCCCCCCC.js">');
    // Already linked by index.html: not twice.
    expect(html.match(/vendor-BBBBBBBB\.css/g)).toHaveLength(1);
    // Everything in the head: the styles are there before the markup paints.
    expect(html.indexOf('page-DDDDDDDD.css')).toBeLessThan(html.indexOf('</head>'));
  });

  it("puts the script's hash in index.html's policy, which both servers send as the header", () => {
    const hash = scriptHash('decide()');
    expect(hash).toBe(`'sha256-${createHash('sha256').update('decide()').digest('base64')}'`);
    expect(withScriptHash(INDEX, hash)).toContain(`script-src 'self' ${hash}; style-src`);
    expect(() => withScriptHash(INDEX.replace("script-src 'self'", "script-src 'none'"), hash)).toThrow(
      /script-src/,
    );
  });

  it('lists the JS and CSS of the first screen: its chunks and what they import, once each', () => {
    const bundle: Rollup.OutputBundle = {
      'assets/sign-in-app-A.js': chunk('assets/sign-in-app-A.js', '/p/src/app/sign-in-app.tsx', [
        'assets/vendor-V.js',
      ]),
      'assets/client-login-page-B.js': chunk(
        'assets/client-login-page-B.js',
        '/p/plugins/auth/client-login-page.tsx',
        ['assets/vendor-V.js', 'assets/auth-shared-S.js'],
        ['assets/client-login-page-B.css'],
      ),
      'assets/auth-shared-S.js': chunk('assets/auth-shared-S.js', null, [], ['assets/auth-shared-S.css']),
      'assets/vendor-V.js': chunk('assets/vendor-V.js', null, []),
      'assets/grid-G.js': chunk(
        'assets/grid-G.js',
        '/p/src/grid/grid.tsx',
        ['assets/vendor-V.js'],
        ['g.css'],
      ),
    };
    const files = firstScreenFiles(bundle, [/sign-in-app\.tsx$/, /client-login-page\.tsx$/]);
    expect(files.js.sort()).toEqual([
      'assets/auth-shared-S.js',
      'assets/client-login-page-B.js',
      'assets/sign-in-app-A.js',
      'assets/vendor-V.js',
    ]);
    expect(files.css.sort()).toEqual(['assets/auth-shared-S.css', 'assets/client-login-page-B.css']);
  });
});
