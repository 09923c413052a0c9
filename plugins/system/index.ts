import { definePage, definePlugin } from '@portal/plugin-api';

/** The engine's own pages: maintenance, 403, 404, 500 and 'feature not available' (SPEC 2 and 8). */
export default definePlugin({
  id: 'system',
  pages: [
    definePage({ name: 'maintenance', component: () => import('./maintenance-page.tsx') }),
    definePage({ name: 'forbidden', component: () => import('./forbidden-page.tsx') }),
    definePage({ name: 'not-found', component: () => import('./not-found-page.tsx') }),
    definePage({ name: 'server-error', component: () => import('./server-error-page.tsx') }),
    definePage({
      name: 'feature-not-available',
      component: () => import('./feature-not-available-page.tsx'),
    }),
  ],
});
