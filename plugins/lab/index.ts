import { definePlugin, defineWidget, linkOptions } from '@portal/plugin-api';

/** The firm's lab home widget: a short presentation with a link (SPEC 'Home widgets'). */
export default definePlugin({
  id: 'lab',
  widgets: [
    defineWidget({
      name: 'lab',
      sizes: [1, 2, 3, 4],
      options: linkOptions,
      component: () => import('./lab-widget.tsx'),
    }),
  ],
});
