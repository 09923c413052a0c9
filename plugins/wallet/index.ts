import { definePage, definePlugin } from '@portal/plugin-api';

/** The wallet pages (SPEC 2 "Wallet", both variants): folders, my entities, mandates; collaborators, folder administration and users not built yet. */
export default definePlugin({
  id: 'wallet',
  pages: [
    definePage({ name: 'folders', component: () => import('./folders-page.tsx') }),
    definePage({ name: 'mandates', component: () => import('./mandates-page.tsx') }),
    definePage({ name: 'collaborators', component: () => import('./collaborators-page.tsx') }),
    definePage({
      name: 'account-administration',
      component: () => import('./account-administration-page.tsx'),
    }),
    definePage({ name: 'entities', component: () => import('./entities-page.tsx') }),
    definePage({ name: 'users', component: () => import('./users-page.tsx') }),
  ],
});
