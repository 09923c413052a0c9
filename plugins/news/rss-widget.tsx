import { Anchor, Stack, Text, Typography } from '@mantine/core';
import { widgetQueryState } from '@portal/ui';
import { memo, useMemo } from 'react';
import { useTrack } from '@portal/plugin-api';
import type { WidgetOptions, WidgetProps } from '@portal/plugin-api';
import type { newsOptions } from './options.ts';
import { useNewsQuery } from './news-api.ts';
import type { NewsItem } from './news-api.ts';
import { useNewsSanitizer } from './lazy-sanitizer.ts';
import type { Sanitize } from './lazy-sanitizer.ts';
import { safeHttpUrl } from './safe-url.ts';
import { useT } from './translation.ts';

const hasSummary = (item: NewsItem) => item.summaryHtml.trim() !== '';

function NewsEntry({
  item,
  onOpen,
  language,
  sanitize,
}: {
  item: NewsItem;
  onOpen: () => void;
  language: string;
  /** Undefined only when no item has a summary to show. */
  sanitize: Sanitize | undefined;
}) {
  const href = safeHttpUrl(item.link);
  const summary = useMemo(
    () => (sanitize === undefined || !hasSummary(item) ? '' : sanitize(item.summaryHtml)),
    [sanitize, item],
  );
  const published = new Date(item.publishedAt);
  return (
    <li>
      {href === undefined ? (
        <Text fw={600}>{item.title}</Text>
      ) : (
        <Anchor href={href} target="_blank" rel="noopener noreferrer" fw={600} onClick={onOpen}>
          {item.title}
        </Anchor>
      )}
      {!Number.isNaN(published.getTime()) && (
        <Text size="xs" c="dimmed">
          <time dateTime={published.toISOString()}>
            {published.toLocaleDateString(language, { dateStyle: 'long' })}
          </time>
        </Text>
      )}
      {summary !== '' && (
        <Typography fz="sm">
          {/* Sanitised by DOMPurify just above: tags, attributes and URL schemes are allow-listed. */}
          <div dangerouslySetInnerHTML={{ __html: summary }} />
        </Typography>
      )}
    </li>
  );
}

function RssWidget({ widgetId, options }: WidgetProps<WidgetOptions<typeof newsOptions>>) {
  const { t, language } = useT();
  const track = useTrack();
  const { data, isLoading, isError } = useNewsQuery();
  const items = useMemo(() => data?.items.slice(0, options.maxItems) ?? [], [data, options.maxItems]);
  // The feed shows when its summaries can be sanitised: nothing moves in the card afterwards.
  const needsSanitizer = items.some(hasSummary);
  const sanitize = useNewsSanitizer(needsSanitizer);
  const waiting = widgetQueryState({
    isError,
    isLoading: isLoading || (needsSanitizer && sanitize === undefined),
    isEmpty: items.length === 0,
    texts: { error: t('rss.error'), loading: t('rss.loading'), empty: t('rss.empty') },
  });
  if (waiting !== null) return waiting;
  return (
    <Stack component="ul" gap="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <NewsEntry
          key={`${item.link}|${item.title}`}
          item={item}
          language={language}
          sanitize={sanitize}
          onOpen={() => track('widgetInteracted', { widget: widgetId, action: 'open-news' })}
        />
      ))}
    </Stack>
  );
}

export default memo(RssWidget);
