import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import news from './index.ts';
import RssWidget from './rss-widget.tsx';

afterEach(cleanup);

describe('RSS widget', () => {
  it('shows the items with sanitised summaries and safe links', async () => {
    const config = loadRealManifest();
    const view = await renderWithPortal(
      <RssWidget widgetId="news/rss" size={2} options={{ maxItems: 5 }} />,
      {
        config,
        plugins: [news],
        gateway: ({ path }) =>
          path === '/contact/api/news'
            ? {
                body: {
                  items: [
                    {
                      title: 'Loi de finances',
                      link: 'https://example.org/lf',
                      publishedAt: '2026-11-20T08:00:00.000Z',
                      summaryHtml: '<p>Ce qui change <img src=x onerror="window.pwned=1"></p>',
                    },
                    {
                      title: 'Piège',
                      link: 'javascript:alert(1)',
                      publishedAt: 'x',
                      summaryHtml: '<b>gras</b>',
                    },
                  ],
                },
              }
            : undefined,
      },
    );
    const link = await screen.findByRole('link', { name: 'Loi de finances' });
    expect(link).toHaveAttribute('href', 'https://example.org/lf');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Ce qui change')).toBeVisible();
    expect(document.querySelector('img')).toBeNull();
    // The javascript: item is shown as text, not as a link.
    expect(screen.getByText('Piège')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Piège' })).toBeNull();
    await view.user.click(link);
    expect(view.tracked[0]?.event).toBe('Widget Interacted With');
  });

  it('shows the spec message for an empty feed, in English too', async () => {
    await renderWithPortal(<RssWidget widgetId="news/rss" size={2} options={{ maxItems: 5 }} />, {
      config: loadRealManifest(),
      plugins: [news],
      language: 'en',
      gateway: () => ({ body: { items: [] } }),
    });
    expect(await screen.findByText('No news available at the moment.')).toBeVisible();
  });
});
