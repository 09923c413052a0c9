import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import type { NewsItem } from './news-api.ts';
import news from './index.ts';
import RssWidget from './rss-widget.tsx';

// The sanitiser's chunk arrives when the test says so.
let release: () => void = () => undefined;
const arrived = new Promise<void>((resolve) => {
  release = resolve;
});
const loads = vi.fn();
vi.mock('./sanitize.ts', async (importOriginal) => {
  loads();
  await arrived;
  return importOriginal();
});

afterEach(cleanup);

const item = (title: string, summaryHtml: string): NewsItem => ({
  title,
  link: `https://example.org/${encodeURIComponent(title)}`,
  publishedAt: '2026-11-20T08:00:00.000Z',
  summaryHtml,
});

function renderFeed(items: NewsItem[]) {
  return renderWithPortal(<RssWidget widgetId="news/rss" size={2} options={{ maxItems: 5 }} />, {
    config: loadRealManifest(),
    plugins: [news],
    gateway: ({ path }) => (path === '/contact/api/news' ? { body: { items } } : undefined),
  });
}

describe('the news sanitiser, loaded with the summaries that need it', () => {
  it('a feed without summaries shows without it', async () => {
    await renderFeed([item('Sans résumé', ''), item('Vide', '  ')]);
    expect(await screen.findByRole('link', { name: 'Sans résumé' })).toBeVisible();
    expect(loads).not.toHaveBeenCalled();
  });

  it('a feed with summaries waits for it: nothing of the feed shows unsanitised meanwhile', async () => {
    await renderFeed([item('Loi de finances', '<p>Ce qui change <img src=x onerror="window.pwned=1"></p>')]);
    await vi.waitFor(() => expect(loads).toHaveBeenCalledOnce());
    expect(screen.getByRole('progressbar', { name: 'Chargement des actualités…' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Loi de finances' })).toBeNull();
    expect(screen.queryByText('Ce qui change')).toBeNull();
    expect(document.querySelector('img')).toBeNull();

    release();
    expect(await screen.findByText('Ce qui change')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Loi de finances' })).toBeVisible();
    expect(document.querySelector('img, [onerror]')).toBeNull();
  });
});
