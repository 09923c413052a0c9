import { Center, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSwitch } from './language-switch.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

// Its own module: the sign-in app (src/app/sign-in-app.tsx) draws the login page in it without the shell.
/** Login and error pages: the page centred, the language switch above it. */
export function CenteredLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Group justify="flex-end" p="sm">
        <LanguageSwitch />
      </Group>
      <Center component="main" id={MAIN_CONTENT_ID} px="md" pb="xl">
        <Container size="sm" w="100%" px={0}>
          {children}
        </Container>
      </Center>
    </>
  );
}
