import type { ApiBody, ApiResponse } from '../../../kernel/contract/api.ts';
import { contractEndpoint, contractPath, contractRoutes } from '../../api/contract-endpoint.ts';
import { gatewayApi } from '../../api/gateway-api.ts';

export type NotificationList = ApiResponse<'notifications'>;
export type PortalNotification = NotificationList['items'][number];
export type NotificationSettings = ApiBody<'saveNotificationSettings'>;

/** The person's event stream of notifications, which is read outside RTK Query. */
export const NOTIFICATION_STREAM_PATH = contractPath(contractRoutes.notificationStream, {});

/** The notification centre's calls and the settings drawer's, injected with the centre's lazy chunk. */
export const notificationsApi = gatewayApi.injectEndpoints({
  endpoints: (build) => ({
    notifications: contractEndpoint(contractRoutes.notifications).query(build, {
      providesTags: ['Notifications'],
    }),
    markNotificationRead: contractEndpoint(contractRoutes.markNotificationRead).mutation(build, {
      request: (id: number) => ({ params: { id } }),
      invalidatesTags: ['Notifications'],
    }),
    markAllNotificationsRead: contractEndpoint(contractRoutes.markAllNotificationsRead).mutation(build, {
      invalidatesTags: ['Notifications'],
    }),
    notificationSettings: contractEndpoint(contractRoutes.notificationSettings).query(build, {
      providesTags: ['NotificationSettings'],
    }),
    saveNotificationSettings: contractEndpoint(contractRoutes.saveNotificationSettings).mutation(build, {
      request: (body: NotificationSettings) => ({ body }),
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
