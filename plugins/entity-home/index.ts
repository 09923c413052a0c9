import { definePage, definePlugin } from '@portal/plugin-api';

/** The entity's home page (`entity.home`), which hosts the widget grid. */
export default definePlugin({
  id: 'entity-home',
  pages: [definePage({ name: 'home', component: () => import('./home-page.tsx') })],
});
