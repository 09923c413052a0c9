import { definePlugin, defineWidget } from '@portal/plugin-api';

/** Appointment booking home widget (behind the booking flag: the manifest's `when` says so). */
export default definePlugin({
  id: 'booking',
  widgets: [
    defineWidget({
      name: 'booking',
      sizes: [2, 3, 4],
      height: 3,
      component: () => import('./booking-widget.tsx'),
    }),
  ],
});
