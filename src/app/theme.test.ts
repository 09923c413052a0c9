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

  it('is the --portal-primary CSS variable that brand-colour.css gives Mantine', () => {
    expect(cssVariablesResolver('#0b6e4f')(theme).variables).toEqual({ '--portal-primary': '#0b6e4f' });
    expect(cssVariablesResolver(undefined)(theme).variables).toEqual({});
    // brand-colour.css names Mantine's primary colour: the theme's.
    expect(theme.primaryColor).toBe('indigo');
  });
});
