import { definePage, definePlugin } from '@portal/plugin-api';

/** The entity's key figures: cards against the previous year and monthly charts with table alternatives. */
export default definePlugin({
  id: 'indicators',
  pages: [definePage({ name: 'indicators', component: () => import('./indicators-page.tsx') })],
});
