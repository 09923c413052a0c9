import { definePlugin, defineWidget, linkOptions } from '@portal/plugin-api';

/**
 * The single sign-on home widget. The manifest decides where it shows; the usual placement is
 * `{ "widget": "sso/sso", "size": 2, "when": { "flag": "singleSignOn" } }`.
 */
export default definePlugin({
  id: 'sso',
  widgets: [
    defineWidget({
      name: 'sso',
      sizes: [1, 2, 3, 4],
      options: linkOptions,
      component: () => import('./sso-widget.tsx'),
    }),
  ],
});
