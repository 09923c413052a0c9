import { definePage, definePlugin } from '@portal/plugin-api';

/** The applications launcher of an entity and of the wallet; screens not built yet. */
export default definePlugin({
  id: 'launcher',
  pages: [
    definePage({ name: 'entity-apps', component: () => import('./entity-apps-page.tsx') }),
    definePage({ name: 'wallet-launcher', component: () => import('./wallet-launcher-page.tsx') }),
  ],
});
