import type { Plugin } from 'vite';

// Each Mantine component reads its class names from `<Name>.module.css.mjs`; the stylesheet of the same
// name is `@mantine/core/styles/<Name>.css` (one to one in Mantine 8).
const CLASS_MAP =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.css\.mjs$/;

/**
 * The build only: each Mantine component brings its own stylesheet, in the chunk that holds the
 * component, instead of Mantine's whole stylesheet in the first chunk (32 KiB gz, of which the login page
 * uses a sixth). Dependencies come first because a component module imports the ones it is built on.
 * The dev server pre-bundles Mantine out of reach of this hook, so it loads the whole stylesheet instead
 * (src/app/mantine-styles.ts).
 */
export function mantineCssPerComponent(): Plugin {
  return {
    name: 'portal-mantine-css-per-component',
    apply: 'build',
    transform: {
      filter: { id: CLASS_MAP },
      handler(code, id) {
        const name = CLASS_MAP.exec(id)?.[1];
        if (name === undefined) return null;
        return { code: `import '@mantine/core/styles/${name}.css';\n${code}`, map: null };
      },
    },
  };
}

const STYLESHEET = /[\\/]@mantine[\\/]core[\\/]styles[\\/][A-Za-z-]+\.css$/;
const DARK_SCHEME = /data-mantine-color-scheme=['"]?dark/;

/**
 * A Mantine stylesheet without the rules of its dark colour scheme: the portal forces the light one
 * (src/app/portal-theme.tsx), so they never apply. Only a rule whose every selector names the dark scheme
 * goes; a selector list that mixes both (or a comma inside a `:where()`) keeps its rule.
 *
 * @example
 * withoutDarkRules(".a { color: red; } :where([data-mantine-color-scheme='dark']) .a { color: pink; }");
 * // ".a { color: red; } "
 */
export function withoutDarkRules(css: string): string {
  return css.replace(/([^{}]+)\{[^{}]*\}/g, (rule, selectors: string) =>
    selectors.split(',').every((selector) => DARK_SCHEME.test(selector)) ? '' : rule,
  );
}

/** The build only: Mantine's stylesheets without their dark scheme's rules (about 0.1 KiB gz on the login page). */
export function mantineLightOnly(): Plugin {
  return {
    name: 'portal-mantine-light-only',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: STYLESHEET },
      handler: (code) => ({ code: withoutDarkRules(code), map: null }),
    },
  };
}
