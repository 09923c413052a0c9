import { definePage, definePlugin } from '@portal/plugin-api';

const pages = () => import('./pages.ts');

/**
 * The studio: product owners reshape the navigation, tabs and home widgets of the manifest, preview them
 * as a persona and publish them to the gateway (no rebuild). Its route's rule keeps its code away from
 * everyone else.
 */
export default definePlugin({
  id: 'studio',
  pages: [definePage({ name: 'editor', component: () => pages().then((page) => page.editor()) })],
});
