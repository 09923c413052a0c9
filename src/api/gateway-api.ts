import { createApi } from '@reduxjs/toolkit/query/react';
import { createGatewayBaseQuery } from './base-query.ts';

const GATEWAY_TAG_TYPES = [
  'Contact',
  'Permissions',
  'Entity',
  'Entities',
  'Terms',
  'Reports',
  'NotificationSettings',
  'Notifications',
  'HomeLayout',
] as const;

/** The one api slice; features add their calls with `gatewayApi.injectEndpoints`. */
export const gatewayApi = createApi({
  reducerPath: 'gatewayApi',
  baseQuery: createGatewayBaseQuery(),
  tagTypes: GATEWAY_TAG_TYPES,
  // Back online, what is on screen is asked again (setupListeners in the store wires the events).
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
