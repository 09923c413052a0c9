import type { Plugin } from 'vite';

/**
 * The dev server only: removes the Content-Security-Policy meta of index.html, because Vite's hot
 * reload and React refresh inject an inline script that the built portal's policy (script-src 'self')
 * forbids. `vite build` and `vite preview` keep the policy.
 */
export function devWithoutCsp(): Plugin {
  return {
    name: 'portal-dev-without-csp',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/i, ''),
    },
  };
}

const ANY_LOOPBACK = 'http://127.0.0.1:* http://localhost:*';

/**
 * The built portal's policy names the configured identity provider's origin in connect-src (token calls)
 * and frame-src (the silent-renew frame), instead of any loopback port: index.html holds a placeholder
 * that only the build fills in.
 */
export function cspIdentityOrigin(authority: string): Plugin {
  const origin = new URL(authority).origin;
  return {
    name: 'portal-csp-identity-origin',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        if (!html.includes(ANY_LOOPBACK))
          throw new Error(`index.html: the CSP no longer holds "${ANY_LOOPBACK}"`);
        return html.replaceAll(ANY_LOOPBACK, origin);
      },
    },
  };
}
