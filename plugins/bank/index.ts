import { definePage, definePlugin } from '@portal/plugin-api';

/** The entity's bank page: accounts, balances and transactions with filters and a CSV export. */
export default definePlugin({
  id: 'bank',
  pages: [definePage({ name: 'bank', component: () => import('./bank-page.tsx') })],
});
