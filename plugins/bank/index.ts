import { definePage, definePlugin } from '../../src/plugin-api/define.ts';

/** The entity's bank page; screen not built yet. */
export default definePlugin({
  id: 'bank',
  pages: [definePage({ name: 'bank', component: () => import('./bank-page.tsx') })],
});
