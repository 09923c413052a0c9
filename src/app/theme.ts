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

/** The firm's primary colour (manifest `branding.primaryColor`) as a CSS variable, for CSS modules too. */
const BRAND = 'var(--portal-primary)';
const tint = (transparent: number) => `color-mix(in srgb,${BRAND},transparent ${String(transparent)}%)`;

/**
 * Mantine's "dimmed" text is gray 6, about 3.3:1 on white: below the 4.5:1 WCAG AA asks for small text
 * (axe flags it). Gray 7 keeps the secondary look at about 8:1. With a firm colour, what Mantine derives
 * from its primary colour (filled buttons, light and outline variants, links, the current tab) points at
 * that colour, mixed in CSS: no colour library, nothing computed in the browser's JS. The lint has
 * checked it against white (kernel/manifest/contrast.ts).
 */
export function cssVariablesResolver(primaryColor: string | undefined): CSSVariablesResolver {
  return (theme) => {
    const name = `--mantine-color-${theme.primaryColor}-`;
    return {
      variables: primaryColor === undefined ? {} : { '--portal-primary': primaryColor },
      light: {
        '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
        ...(primaryColor === undefined
          ? {}
          : {
              [`${name}filled`]: BRAND,
              [`${name}filled-hover`]: `color-mix(in srgb,${BRAND},black 12%)`,
              [`${name}light`]: tint(90),
              [`${name}light-hover`]: tint(88),
              [`${name}light-color`]: BRAND,
              [`${name}outline`]: BRAND,
              [`${name}outline-hover`]: tint(95),
              [`${name}text`]: BRAND,
              '--mantine-color-anchor': BRAND,
            }),
      },
      dark: {},
    };
  };
}
