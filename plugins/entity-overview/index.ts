import { definePage, definePlugin } from '@portal/plugin-api';

/** The entity overview pages (SPEC 2): the company sheet. Offers live in the offers plugin; users, collaborators and delegation history in the people plugin. */
export default definePlugin({
  id: 'entity-overview',
  pages: [definePage({ name: 'info', component: () => import('./info-page.tsx') })],
});
