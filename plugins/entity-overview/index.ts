import { definePage, definePlugin } from '@portal/plugin-api';

/** The entity overview pages (SPEC 2): the company sheet; users, collaborators and delegation history not built yet. Offers live in the offers plugin. */
export default definePlugin({
  id: 'entity-overview',
  pages: [
    definePage({ name: 'users', component: () => import('./users-page.tsx') }),
    definePage({ name: 'collaborators', component: () => import('./collaborators-page.tsx') }),
    definePage({ name: 'info', component: () => import('./info-page.tsx') }),
    definePage({ name: 'delegations', component: () => import('./delegations-page.tsx') }),
  ],
});
