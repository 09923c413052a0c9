import { describe, expect, it } from 'vitest';
import { loadRealManifest } from '../testing/manifest.ts';
import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { cssVariablesResolver, firstDayOfWeek, themeFromManifest } from './theme.ts';

describe('theme from the manifest', () => {
  const { ui } = loadRealManifest().app;

  it('puts popups at z-index 2000 and uses the default component size', () => {
    const theme = themeFromManifest(ui);
    expect(theme.components?.Modal?.defaultProps).toEqual({ zIndex: 2000 });
    expect(theme.components?.Button?.defaultProps).toEqual({ size: 'sm' });
  });

  it('starts the week on Monday', () => {
    expect(firstDayOfWeek(ui.weekStartsOn)).toBe(1);
  });

  it('follows an edited manifest', () => {
    const theme = themeFromManifest({ ...ui, popupZIndex: 3000, componentSize: 'lg' });
    expect(theme.components?.Drawer?.defaultProps).toEqual({ zIndex: 3000 });
    expect(theme.components?.TextInput?.defaultProps).toEqual({ size: 'lg' });
  });
});

describe("the firm's primary colour", () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, themeFromManifest(loadRealManifest().app.ui));

  it('becomes the colour of filled buttons, links and light variants, through one CSS variable', () => {
    const variables = cssVariablesResolver('#0b6e4f')(theme);
    expect(variables.variables['--portal-primary']).toBe('#0b6e4f');
    const primary = `--mantine-color-${theme.primaryColor}` as const;
    expect(variables.light[`${primary}-filled`]).toBe('var(--portal-primary)');
    expect(variables.light['--mantine-color-anchor']).toBe('var(--portal-primary)');
    expect(variables.light[`${primary}-filled-hover`]).toContain('var(--portal-primary)');
    expect(variables.light[`${primary}-light`]).toContain('var(--portal-primary)');
  });

  it("leaves Mantine's own primary colour without a firm colour", () => {
    const variables = cssVariablesResolver(undefined)(theme);
    expect(variables.variables).toEqual({});
    expect(variables.light).toEqual({ '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' });
  });
});
