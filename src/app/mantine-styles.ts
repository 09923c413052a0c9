// What every page needs of Mantine's styles: the reset and the global rules. The theme's CSS variables
// are written by MantineProvider at run time, all of them (deduplicateCssVariables off in portal-providers.tsx),
// so default-css-variables.css (3.7 KiB gz) is not shipped. Each component's own stylesheet comes with
// its chunk (scripts/vite-mantine-css.ts): the login page does not carry the grid's or the tables' styles.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
// After Mantine's reset: tap targets on phones (WCAG 2.5.5), one rule for the whole portal.
import './touch.css';
import './brand-colour.css';

// The dev server pre-bundles Mantine where the per-component hook cannot reach: the whole stylesheet.
if (import.meta.env.DEV) void import('@mantine/core/styles.css');
