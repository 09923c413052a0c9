import { definePage, definePlugin } from '../../src/plugin-api/define.ts';

/** The entity's home page (`entity.home`), which hosts the widget grid. */
export default definePlugin({
  id: 'entity-home',
  pages: [definePage({ name: 'home', component: () => import('./home-page.tsx') })],
});
