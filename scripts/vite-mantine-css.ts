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
