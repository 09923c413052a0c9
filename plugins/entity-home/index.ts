import { definePage, definePlugin } from '@portal/plugin-api';

/** The entity's home page (`entity.home`): its heading, above the engine's widget grid. */
export default definePlugin({
  id: 'entity-home',
  pages: [definePage({ name: 'home', component: () => import('./home-page.tsx') })],
});
