import { MantineProvider } from '@mantine/core';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { applyFavicon } from './favicon.ts';
import { cssVariablesResolver, themeFromManifest } from './theme.ts';

/** Mantine with the manifest's theme: the portal's providers and the sign-in app both draw with it. */
export function PortalTheme({
  ui,
  branding,
  env = 'default',
  children,
}: {
  ui: PortalConfig['app']['ui'];
  /** The firm's look: its primary colour becomes Mantine's (a CSS variable, see cssVariablesResolver). */
  branding: PortalConfig['branding'];
  /** 'test': Mantine without transitions or portals, so menus and options show at once in jsdom. */
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  const favicon = branding?.favicon;
  // The browser tab's icon follows the manifest in use (a published one may name another).
  useEffect(() => applyFavicon(document, favicon), [favicon]);
  return (
    <MantineProvider
      theme={themeFromManifest(ui)}
      cssVariablesResolver={cssVariablesResolver(branding?.primaryColor)}
      // Mantine's styles come per component (scripts/vite-mantine-css.ts): keep every variable.
      deduplicateCssVariables={false}
      // The portal has one colour scheme; its build leaves out Mantine's dark rules (scripts/vite-mantine-css.ts).
      forceColorScheme="light"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}
