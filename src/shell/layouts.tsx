import { Box } from '@mantine/core';
import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { GuardPending } from '../routing/guard-pending.tsx';
import type { LayoutKind } from '../routing/layout-slot.ts';
import { CenteredLayout } from './centered-layout.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

// The signed-in shell (header, switcher, sidebar, tabs) is its own chunk: the login page never loads it.
const HomeShell = lazy(() => import('./home-shell.tsx'));

/** The four layouts of SPEC 2; the manifest says which route uses which. */
export function PortalLayout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  switch (kind) {
    case 'home':
      return (
        <Suspense fallback={<GuardPending />}>
          <HomeShell>{children}</HomeShell>
        </Suspense>
      );
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
