import { Group, Paper, Text } from '@mantine/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useOnline } from './connectivity.ts';
import { ReloadButton } from './reload-button.tsx';
import { browserVersionWatch } from './version-watch.ts';
import type { VersionWatch } from './version-watch.ts';

/**
 * Asks whether a newer build is published on each navigation and when the tab regains focus; once one
 * is known, the next navigation loads the new version at its address instead of failing on a chunk that
 * is no longer on the server.
 */
function useNewVersion(watch: VersionWatch = browserVersionWatch()): boolean {
  const { pathname } = useLocation();
  const newer = useSyncExternalStore(watch.subscribe, watch.getSnapshot, () => false);
  const knownAt = useRef<string | null>(null);

  useEffect(() => {
    if (knownAt.current !== null && knownAt.current !== pathname) {
      window.location.reload();
      return;
    }
    void watch.check();
  }, [pathname, watch]);
  useEffect(() => {
    if (newer && knownAt.current === null) knownAt.current = pathname;
  }, [newer, pathname]);
  useEffect(() => {
    const onFocus = () => void watch.check();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [watch]);
  return newer;
}

/**
 * Bottom-of-screen notices that hold for every page: the browser is offline (leaves when it is back), and
 * a newer portal is published (reload, same address). Part of the engine's main chunk.
 */
export function StatusBanners({ watch }: { watch?: VersionWatch }) {
  const { t } = useTranslation();
  const online = useOnline();
  const newer = useNewVersion(watch);
  if (online && !newer) return null;
  return (
    <Paper
      shadow="md"
      withBorder
      p="sm"
      role="status"
      aria-live="polite"
      style={{
        position: 'fixed',
        insetInline: 16,
        bottom: 16,
        zIndex: 3000,
        maxWidth: 560,
        marginInline: 'auto',
      }}
    >
      {online ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('shell.newVersionTitle')}</Text>
          <ReloadButton />
        </Group>
      ) : (
        <Text size="sm">{t('shell.offlineBanner')}</Text>
      )}
    </Paper>
  );
}
