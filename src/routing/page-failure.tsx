import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from './connectivity.ts';
import { ReloadButton } from './reload-button.tsx';
import { classifyLoadFailure, isCodeLoadError } from './load-failure.ts';
import { browserVersionWatch } from './version-watch.ts';
import type { VersionWatch } from './version-watch.ts';

export type PageFailureProps = {
  error: unknown;
  /** Tries the page again (its code, its data); called by itself when the connection returns. */
  onRetry: () => void;
  watch?: VersionWatch;
};

/**
 * What a person sees where a page could not be shown, inside the shell (header and sidebar stay): offline
 * (retries by itself when the connection returns), a newer portal published (reload, same address), or
 * a plain failure with retry. Built into the engine's main chunk: it must show when no chunk can load.
 */
export function PageFailure({ error, onRetry, watch = browserVersionWatch() }: PageFailureProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const newerVersion = useSyncExternalStore(watch.subscribe, watch.getSnapshot, () => false);
  const kind = classifyLoadFailure(error, { online, newerVersion });

  // A chunk that failed while online may be gone after a deploy: ask whether a newer build is out.
  const codeMissing = isCodeLoadError(error);
  useEffect(() => {
    if (online && codeMissing) void watch.check({ force: true });
  }, [online, codeMissing, watch]);

  // Back online after failing offline: try again by itself (on the change of state, not the event, so
  // the re-render that the same event causes cannot remove the retry before it runs).
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
    } else if (wasOffline.current) {
      wasOffline.current = false;
      onRetry();
    }
  }, [online, onRetry]);

  if (kind === 'offline') {
    return (
      <Alert color="gray" variant="light" title={t('shell.offlineTitle')} role="alert" data-failure="offline">
        <Text size="sm">{t('shell.offlineMessage')}</Text>
      </Alert>
    );
  }
  if (kind === 'newVersion') {
    return (
      <Alert
        color="blue"
        variant="light"
        title={t('shell.newVersionTitle')}
        role="alert"
        data-failure="new-version"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('shell.newVersionMessage')}</Text>
          <ReloadButton />
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title={t('shell.pageFailed')} role="alert" data-failure="failed">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('shell.pageFailedMessage')}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
