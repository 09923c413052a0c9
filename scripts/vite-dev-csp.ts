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
