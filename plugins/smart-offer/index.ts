import { definePlugin, defineWidget } from '@portal/plugin-api';

/** The smart-offer intro home widget (SPEC 'Home widgets'; price from the manifest's constants). */
export default definePlugin({
  id: 'smart-offer',
  widgets: [defineWidget({ name: 'intro', sizes: [2, 3, 4], component: () => import('./intro-widget.tsx') })],
});
