import { definePage, definePlugin } from '@portal/plugin-api';

/** The entity's home page (`entity.home`), which hosts the widget grid. */
export default definePlugin({
  id: 'entity-home',
  // The grid's saved layout is read with the entity's calls, not once this page's code has arrived.
  pages: [definePage({ name: 'home', component: () => import('./home-page.tsx'), prefetch: ['homeLayout'] })],
});
