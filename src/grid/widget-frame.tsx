import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { Component, memo, Suspense, useCallback, useId, useMemo, useState } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../plugin-host/runtime.tsx';
import type { WidgetDefinition, WidgetSize } from '../plugin-host/plugin-definition.ts';
import { usePluginTranslation } from '../plugin-host/plugin-translation.ts';
import { forgetWidget, widgetComponent } from './lazy-widget.ts';
import { Profiled } from './profiling.tsx';

export type WidgetFrameProps = {
  /** `<plugin>/<name>` */
  widgetRef: string;
  pluginId: string;
  definition: WidgetDefinition;
  size: WidgetSize;
  /** The placement's options from the manifest; the same object while the manifest stays. */
  options: unknown;
};

type BoundaryProps = {
  onError: (error: unknown, info: ErrorInfo) => void;
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
};

/**
 * Contains a widget's failure (a throw while rendering or a chunk that would not load) to its own cell.
 * A failed widget also tries again by itself when the browser comes back online: a chunk or a call that
 * failed offline should not need a click once the connection is back.
 */
class WidgetErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError(error, info);
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  // The frame remounts this boundary (new key) on retry, which also clears `failed` and the listener.
  private readonly retry = () => {
    window.removeEventListener('online', this.retry);
    this.props.onRetry();
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

function WidgetLoading() {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" h="100%" aria-busy="true">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm" c="dimmed">
        {t('grid.loading')}
      </Text>
    </Stack>
  );
}

function WidgetError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('grid.widgetError')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('grid.widgetErrorHint')}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('grid.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

function WidgetBody({ widgetRef, definition, size, options }: Omit<WidgetFrameProps, 'pluginId'>) {
  // Chosen once per mount: a component arriving later must not replace the lazy one (a remount).
  const Widget = useMemo(() => widgetComponent(definition), [definition]);
  return (
    <Profiled id={widgetRef}>
      {/* eslint-disable-next-line react-hooks/static-components -- one per definition (lazy-widget.ts), kept for the mount */}
      <Widget widgetId={widgetRef} size={size} options={options} />
    </Profiled>
  );
}

/**
 * One widget in its cell: a titled region with its own loading state and error boundary. Memoised on
 * props that stay equal while the widget stays, so a grid re-render (another entity, a layout change)
 * does not re-render widgets whose own data did not change.
 */
export const WidgetFrame = memo(function WidgetFrame({
  widgetRef,
  pluginId,
  definition,
  size,
  options,
}: WidgetFrameProps) {
  const { logger } = useRuntime();
  const { t } = usePluginTranslation(pluginId);
  const titleId = useId();
  // Bumped by "retry": remounts the widget so it renders (and, after a failed import, loads) again.
  const [attempt, setAttempt] = useState(0);
  const onError = useCallback(
    (error: unknown) => {
      logger.error(`Widget ${widgetRef} failed`, error);
    },
    [logger, widgetRef],
  );
  const onRetry = useCallback(() => {
    forgetWidget(definition);
    setAttempt((n) => n + 1);
  }, [definition]);

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      data-widget={widgetRef}
      data-size={size}
      withBorder
      radius="md"
      padding="md"
      h="100%"
      style={{ overflow: 'auto' }}
    >
      <Title order={2} size="h4" id={titleId} mb="sm">
        {t(definition.title)}
      </Title>
      <WidgetErrorBoundary
        key={attempt}
        onError={onError}
        onRetry={onRetry}
        fallback={(retry) => <WidgetError onRetry={retry} />}
      >
        <Suspense fallback={<WidgetLoading />}>
          <WidgetBody widgetRef={widgetRef} definition={definition} size={size} options={options} />
        </Suspense>
      </WidgetErrorBoundary>
    </Card>
  );
});
