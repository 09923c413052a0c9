import { definePage, definePlugin } from '@portal/plugin-api';

const pages = () => import('./pages.ts');

/** Offers and subscriptions: the catalogue, MOD requests, the subscriptions list and an entity's offers. */
export default definePlugin({
  id: 'offers',
  pages: [
    definePage({ name: 'catalog', component: () => pages().then((page) => page.catalog()) }),
    definePage({ name: 'mod-requests', component: () => pages().then((page) => page.modRequests()) }),
    definePage({ name: 'subscriptions', component: () => pages().then((page) => page.subscriptions()) }),
    definePage({ name: 'entity-offers', component: () => pages().then((page) => page.entityOffers()) }),
  ],
});
