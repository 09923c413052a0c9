import { definePage, definePlugin, defineWidget } from '@portal/plugin-api';

/** BI reports: the entity list, the wallet list and the collaborator's deposit, with their files. */
export default definePlugin({
  id: 'bi-reports',
  pages: [
    definePage({ name: 'entity-reports', component: () => import('./entity-reports-page.tsx') }),
    definePage({ name: 'deposit', component: () => import('./deposit-page.tsx') }),
    definePage({ name: 'wallet-reports', component: () => import('./wallet-reports-page.tsx') }),
  ],
  // The home intro widget (issue 6): links to the entity's reports when it has some.
  widgets: [
    defineWidget({ name: 'intro', sizes: [1, 2, 3, 4], component: () => import('./intro-widget.tsx') }),
  ],
});
