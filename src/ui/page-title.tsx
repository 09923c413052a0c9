import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The page's one `h1`. It can take focus (tabIndex -1) because the shell moves focus to it after each
 * navigation, so screen-reader and keyboard users start at the new page's heading.
 *
 * @example
 * <PageTitle>{t('title')}</PageTitle>
 */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} size="h2" tabIndex={-1} data-page-title="" mb="md" style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}
