import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LayoutKind } from '../routing/layout-slot.ts';
import { CenteredLayout } from './centered-layout.tsx';
// The signed-in shell (header, switcher, sidebar, tabs) comes with the portal's first chunk: nearly every
// start of the portal draws it, and the login page is the sign-in app, which never loads this module.
import HomeShell from './home-shell.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

/** The four layouts of SPEC 2; the manifest says which route uses which. */
export function PortalLayout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  switch (kind) {
    case 'home':
      return <HomeShell>{children}</HomeShell>;
    case 'login':
    case 'error':
      return <CenteredLayout>{children}</CenteredLayout>;
    case 'empty':
      return (
        <>
          <SkipLink />
          <Box component="main" id={MAIN_CONTENT_ID} p="md">
            {children}
          </Box>
        </>
      );
  }
}
