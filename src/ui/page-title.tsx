import { Title } from '@mantine/core';
import type { MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The page's one `h1`. It can take focus (tabIndex -1) because the shell moves focus to it after each
 * navigation, so screen-reader and keyboard users start at the new page's heading. Pages use it through
 * `PageHeader`; `mb` is 0 there, where the header spaces what follows.
 *
 * @example
 * <PageTitle>{t('title')}</PageTitle>
 */
export function PageTitle({ children, mb = 'md' }: { children: ReactNode; mb?: MantineSpacing }) {
  return (
    <Title order={1} size="h2" tabIndex={-1} data-page-title="" mb={mb} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}
