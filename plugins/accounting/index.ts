import { definePage, definePlugin, defineWidget } from '@portal/plugin-api';

/**
 * The accounting software: the home widgets (an intro and the entity's latest documents) and documents v2,
 * the documents the gateway syncs from the software.
 */
export default definePlugin({
  id: 'accounting',
  pages: [definePage({ name: 'documents-v2', component: () => import('./synced-documents-page.tsx') })],
  widgets: [
    defineWidget({ name: 'intro', sizes: [2, 3, 4], component: () => import('./intro-widget.tsx') }),
    defineWidget({
      name: 'documents',
      sizes: [1, 2, 3, 4],
      height: 3,
      component: () => import('./documents-widget.tsx'),
    }),
  ],
});
