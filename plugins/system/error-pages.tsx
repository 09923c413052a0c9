import { Button } from '@mantine/core';
import { useBranding } from '@portal/plugin-api';
import { ErrorCard, SupportContact } from '@portal/ui';
import { useT } from './translation.ts';

/** What each page of the engine says and offers; its texts are `<kind>.title` and `<kind>.message`. */
const PAGES = {
  // '/' applies the root redirect, so the way back leads to this user's landing page (or the login).
  forbidden: { code: '403', back: true },
  notFound: { code: '404', back: true },
  // Shown by the route error boundary where a page failed, and at /error/500: go home, or retry as the
  // secondary action (a bordered button beside the way back, not bare text).
  serverError: { code: '500', back: true, retry: 'default' },
  // While maintenance mode is on every route leads here; once it is off, reloading sends people home.
  maintenance: { retry: 'light' },
  featureNotAvailable: { back: true },
} as const satisfies Record<string, { code?: string; back?: true; retry?: 'default' | 'light' }>;

function ErrorPage({ kind }: { kind: keyof typeof PAGES }) {
  const { t } = useT();
  const page: { code?: string; back?: true; retry?: 'default' | 'light' } = PAGES[kind];
  const support = useBranding()?.support;
  return (
    <ErrorCard
      {...(page.code === undefined ? {} : { code: page.code })}
      title={t(`${kind}.title`)}
      message={t(`${kind}.message`)}
      {...(page.back === true ? { backLabel: t('backHome'), backTo: '/' } : {})}
    >
      {page.retry === undefined ? null : (
        <Button variant={page.retry} onClick={() => window.location.reload()}>
          {t('retry')}
        </Button>
      )}
      <SupportContact support={support} />
    </ErrorCard>
  );
}

export const ForbiddenPage = () => <ErrorPage kind="forbidden" />;
export const NotFoundPage = () => <ErrorPage kind="notFound" />;
export const ServerErrorPage = () => <ErrorPage kind="serverError" />;
export const MaintenancePage = () => <ErrorPage kind="maintenance" />;
export const FeatureNotAvailablePage = () => <ErrorPage kind="featureNotAvailable" />;
