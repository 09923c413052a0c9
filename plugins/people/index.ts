import { definePage, definePlugin } from '@portal/plugin-api';

const pages = () => import('./pages.ts');

/** People and rights (SPEC 2 overview and wallet tabs): users, collaborators, delegation history, account administration. */
export default definePlugin({
  id: 'people',
  pages: [
    definePage({ name: 'entity-users', component: () => pages().then((page) => page.entityUsers()) }),
    definePage({
      name: 'entity-collaborators',
      component: () => pages().then((page) => page.entityCollaborators()),
    }),
    definePage({ name: 'delegations', component: () => pages().then((page) => page.delegations()) }),
    definePage({ name: 'wallet-users', component: () => pages().then((page) => page.walletUsers()) }),
    definePage({
      name: 'wallet-collaborators',
      component: () => pages().then((page) => page.walletCollaborators()),
    }),
    definePage({
      name: 'account-administration',
      component: () => pages().then((page) => page.accountAdministration()),
    }),
  ],
});
