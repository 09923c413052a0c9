import { definePage, definePlugin, defineWidget } from '@portal/plugin-api';

/**
 * Payroll variables (EVP): each month the customer enters the employees' variable items of pay and
 * submits them; the firm reviews, asks for a correction or locks the month and exports it as CSV. A home
 * widget counts the days left before the cut-off.
 */
export default definePlugin({
  id: 'payroll',
  pages: [definePage({ name: 'months', component: () => import('./months-page.tsx') })],
  widgets: [
    defineWidget({
      name: 'cutoff',
      title: 'widget.title',
      sizes: [1, 2, 3, 4],
      component: () => import('./cutoff-widget.tsx'),
    }),
  ],
});
