import { definePage, definePlugin } from '@portal/plugin-api';

/**
 * Documents: one list page that serves legacy documents, the accounting archive, accounting documents v2
 * and social management; which documents it shows comes from the route's `gedContext` in the manifest.
 */
export default definePlugin({
  id: 'documents',
  pages: [definePage({ name: 'list', component: () => import('./document-list-page.tsx') })],
});
