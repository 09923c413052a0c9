import { definePage, definePlugin } from '@portal/plugin-api';

/** The engine's own pages: maintenance, 403, 404, 500 and 'feature not available' (SPEC 2 and 8). */
export default definePlugin({
  id: 'system',
  pages: [
    definePage({ name: 'maintenance', component: () => page('MaintenancePage') }),
    definePage({ name: 'forbidden', component: () => page('ForbiddenPage') }),
    definePage({ name: 'not-found', component: () => page('NotFoundPage') }),
    definePage({ name: 'server-error', component: () => page('ServerErrorPage') }),
    definePage({ name: 'feature-not-available', component: () => page('FeatureNotAvailablePage') }),
  ],
});

/** The pages share one small module: loading it once serves every error page. */
async function page(
  name: 'MaintenancePage' | 'ForbiddenPage' | 'NotFoundPage' | 'ServerErrorPage' | 'FeatureNotAvailablePage',
) {
  const pages = await import('./error-pages.tsx');
  return { default: pages[name] };
}
