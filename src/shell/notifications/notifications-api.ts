import type { ApiBody, ApiResponse } from '../../../kernel/contract/api.ts';
import { gatewayApi } from '../../api/gateway-api.ts';
import { service } from '../../api/service-path.ts';

export type NotificationList = ApiResponse<'notifications'>;
export type PortalNotification = NotificationList['items'][number];
export type NotificationSettings = ApiBody<'saveNotificationSettings'>;

/** Where the contact service keeps the person's notifications (the stream is read outside RTK Query). */
export const NOTIFICATIONS_PATH = service('contact', 'contacts/currentuser/notifications');
const SETTINGS_PATH = service('contact', 'contacts/currentuser/notification-settings');

/** The notification centre's calls and the settings drawer's, injected with the centre's lazy chunk. */
export const notificationsApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<NotificationList, void>({
      query: () => NOTIFICATIONS_PATH,
      providesTags: ['Notifications'],
    }),
    markNotificationRead: build.mutation<void, number>({
      query: (id) => ({ url: `${NOTIFICATIONS_PATH}/${String(id)}/read`, method: 'POST' }),
      invalidatesTags: ['Notifications'],
    }),
    markAllNotificationsRead: build.mutation<void, void>({
      query: () => ({ url: `${NOTIFICATIONS_PATH}/read-all`, method: 'POST' }),
      invalidatesTags: ['Notifications'],
    }),
    notificationSettings: build.query<NotificationSettings, void>({
      query: () => SETTINGS_PATH,
      providesTags: ['NotificationSettings'],
    }),
    saveNotificationSettings: build.mutation<NotificationSettings, NotificationSettings>({
      query: (body) => ({ url: SETTINGS_PATH, method: 'PUT', body }),
      // The answer is what was stored: it becomes the cache, no second call.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(notificationsApi.util.upsertQueryData('notificationSettings', undefined, data));
        } catch {
          // The drawer shows the failure and keeps the switches as the person set them.
        }
      },
    }),
  }),
});

export const {
  useNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
} = notificationsApi;
