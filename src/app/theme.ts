import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineSize, MantineThemeOverride } from '@mantine/core';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';

// The manifest says 'default' for Mantine's own default size.
function componentSize(size: PortalConfig['app']['ui']['componentSize']): MantineSize {
  return size === 'default' ? 'sm' : size;
}

/** SPEC 9 UI settings from the manifest: component size, popups at their z-index. */
export function themeFromManifest(ui: PortalConfig['app']['ui']): MantineThemeOverride {
  const size = componentSize(ui.componentSize);
  const zIndex = ui.popupZIndex;
  return createTheme({
    primaryColor: 'indigo',
    // Shade 6 gives white button text and links about 4.2:1 on white; WCAG AA needs 4.5:1 (axe, e2e).
    primaryShade: { light: 8, dark: 6 },
    defaultRadius: 'sm',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    components: {
      Button: { defaultProps: { size } },
      TextInput: { defaultProps: { size } },
      PasswordInput: { defaultProps: { size } },
      Select: { defaultProps: { size, comboboxProps: { zIndex } } },
      Autocomplete: { defaultProps: { size, comboboxProps: { zIndex } } },
      Modal: { defaultProps: { zIndex } },
      Drawer: { defaultProps: { zIndex } },
      Popover: { defaultProps: { zIndex } },
      Menu: { defaultProps: { zIndex } },
      Tooltip: { defaultProps: { zIndex } },
      HoverCard: { defaultProps: { zIndex } },
      Combobox: { defaultProps: { zIndex } },
    },
  });
}

/** dayjs weekday numbers for @mantine/dates' firstDayOfWeek. */
export function firstDayOfWeek(weekStartsOn: PortalConfig['app']['ui']['weekStartsOn']): 0 | 1 | 6 {
  return weekStartsOn === 'monday' ? 1 : weekStartsOn === 'saturday' ? 6 : 0;
}

/**
 * Mantine's "dimmed" text is gray 6, about 3.3:1 on white: below the 4.5:1 WCAG AA asks for small text
 * (axe flags it). Gray 7 keeps the secondary look at about 8:1. The firm's primary colour (manifest
 * `branding.primaryColor`, checked against white by the lint) is one CSS variable, --portal-primary:
 * brand-colour.css points Mantine's primary colour variables at it (no colour code in the browser's JS).
 */
export function cssVariablesResolver(primaryColor: string | undefined): CSSVariablesResolver {
  return () => ({
    variables: primaryColor === undefined ? {} : { '--portal-primary': primaryColor },
    light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
    dark: {},
  });
}
