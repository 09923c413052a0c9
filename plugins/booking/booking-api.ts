import { contractEndpoint, contractRoutes, gatewayApi } from '@portal/plugin-api';
import type { GatewayBody, GatewayResponse } from '@portal/plugin-api';

type SlotList = GatewayResponse<'slots'>;
export type Slot = SlotList['items'][number];

const bookingApi = gatewayApi
  .enhanceEndpoints({ addTagTypes: ['BookingSlots', 'Bookings'] })
  .injectEndpoints({
    endpoints: (build) => ({
      slots: contractEndpoint(contractRoutes.slots).query(build, { providesTags: ['BookingSlots'] }),
      bookings: contractEndpoint(contractRoutes.bookings).query(build, { providesTags: ['Bookings'] }),
      book: contractEndpoint(contractRoutes.createBooking).mutation(build, {
        request: (body: GatewayBody<'createBooking'>) => ({ body }),
        // A 409 means someone else took the slot: the fresh list shows it taken.
        invalidatesTags: ['BookingSlots', 'Bookings'],
      }),
    }),
  });

export const { useSlotsQuery, useBookingsQuery, useBookMutation } = bookingApi;
