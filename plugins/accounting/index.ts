import { definePlugin, defineWidget } from '@portal/plugin-api';

/** The accounting-software home widgets: an intro and the entity's latest documents. */
export default definePlugin({
  id: 'accounting',
  widgets: [
    defineWidget({ name: 'intro', sizes: [2, 3, 4], component: () => import('./intro-widget.tsx') }),
    defineWidget({
      name: 'documents',
      sizes: [1, 2, 3, 4],
      height: 3,
      component: () => import('./documents-widget.tsx'),
    }),
  ],
});
