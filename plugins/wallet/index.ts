import { definePage, definePlugin } from '@portal/plugin-api';

const pages = () => import('./pages.ts');

/** The wallet pages (SPEC 2 "Wallet", both variants): folders, my entities, mandates; collaborators, folder administration and users not built yet. */
export default definePlugin({
  id: 'wallet',
  pages: [
    definePage({ name: 'folders', component: () => pages().then((page) => page.folders()) }),
    definePage({ name: 'mandates', component: () => pages().then((page) => page.mandates()) }),
    definePage({ name: 'collaborators', component: () => import('./collaborators-page.tsx') }),
    definePage({
      name: 'account-administration',
      component: () => import('./account-administration-page.tsx'),
    }),
    definePage({ name: 'entities', component: () => pages().then((page) => page.entities()) }),
    definePage({ name: 'users', component: () => import('./users-page.tsx') }),
  ],
});
