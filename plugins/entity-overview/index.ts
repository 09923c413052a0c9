import { definePage, definePlugin } from '@portal/plugin-api';

/** The entity overview pages (SPEC 2: users, collaborators, offers, info, delegation history); screens not built yet. */
export default definePlugin({
  id: 'entity-overview',
  pages: [
    definePage({ name: 'users', component: () => import('./users-page.tsx') }),
    definePage({ name: 'collaborators', component: () => import('./collaborators-page.tsx') }),
    definePage({ name: 'offers', component: () => import('./offers-page.tsx') }),
    definePage({ name: 'info', component: () => import('./info-page.tsx') }),
    definePage({ name: 'delegations', component: () => import('./delegations-page.tsx') }),
  ],
});
