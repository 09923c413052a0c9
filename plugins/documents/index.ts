import { definePage, definePlugin } from '@portal/plugin-api';

/** Documents: legacy, accounting archive, accounting v2 and social management; screens not built yet. */
export default definePlugin({
  id: 'documents',
  pages: [
    definePage({ name: 'legacy', component: () => import('./legacy-page.tsx') }),
    definePage({ name: 'accounting-archive', component: () => import('./accounting-archive-page.tsx') }),
    definePage({ name: 'accounting-v2', component: () => import('./accounting-v2-page.tsx') }),
    definePage({ name: 'social-management', component: () => import('./social-management-page.tsx') }),
  ],
});
