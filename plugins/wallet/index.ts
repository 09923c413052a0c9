import { definePage, definePlugin } from '@portal/plugin-api';

const pages = () => import('./pages.ts');

/** The wallet pages (SPEC 2 "Wallet", both variants): folders, my entities, mandates; collaborators, folder administration and users are in the people plugin. */
export default definePlugin({
  id: 'wallet',
  pages: [
    definePage({ name: 'folders', component: () => pages().then((page) => page.folders()) }),
    definePage({ name: 'mandates', component: () => pages().then((page) => page.mandates()) }),
    definePage({ name: 'entities', component: () => pages().then((page) => page.entities()) }),
  ],
});
