import { definePage, definePlugin } from '../../src/plugin-api/define.ts';

/** The entity's indicators page; screen not built yet. */
export default definePlugin({
  id: 'indicators',
  pages: [definePage({ name: 'indicators', component: () => import('./indicators-page.tsx') })],
});
