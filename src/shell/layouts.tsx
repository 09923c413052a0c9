import { Box } from '@mantine/core';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { GuardPending } from '../routing/guard-pending.tsx';
import { preloadableLazy } from '../ui/preloadable-lazy.tsx';
import type { LayoutKind } from '../routing/layout-slot.ts';
import { CenteredLayout } from './centered-layout.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

// The signed-in shell (header, switcher, sidebar, tabs) is its own chunk: the login page never loads it.
// The entry asks for it ahead on a signed-in route (app/warm-up.ts): it then renders without suspending.
const HomeShell = preloadableLazy(() => import('./home-shell.tsx'));

/** Starts loading the signed-in shell before the router renders it. */
export const preloadHomeShell = (): Promise<unknown> => HomeShell.preload();

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
