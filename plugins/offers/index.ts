import { definePage, definePlugin } from '@portal/plugin-api';

/** Offers and subscriptions: the catalogue, MOD requests, the subscriptions list and an entity's offers. */
export default definePlugin({
  id: 'offers',
  pages: [
    definePage({ name: 'catalog', component: () => import('./catalog-page.tsx') }),
    definePage({ name: 'mod-requests', component: () => import('./mod-requests-page.tsx') }),
    definePage({ name: 'subscriptions', component: () => import('./subscriptions-page.tsx') }),
    definePage({ name: 'entity-offers', component: () => import('./entity-offers-page.tsx') }),
  ],
});
