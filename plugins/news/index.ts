import { definePlugin, defineWidget } from '@portal/plugin-api';
import { newsOptions } from './options.ts';

/** The RSS news feed home widget (SPEC 'Home widgets'). */
export default definePlugin({
  id: 'news',
  widgets: [
    defineWidget({
      name: 'rss',
      sizes: [1, 2, 3, 4],
      options: newsOptions,
      height: 3,
      component: () => import('./rss-widget.tsx'),
    }),
  ],
});
