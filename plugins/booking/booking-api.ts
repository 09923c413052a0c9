import { gatewayApi, service } from '@portal/plugin-api';
import type { GatewayBody, GatewayResponse } from '@portal/plugin-api';

type SlotList = GatewayResponse<'slots'>;
export type Slot = SlotList['items'][number];
type BookingList = GatewayResponse<'bookings'>;

const bookingApi = gatewayApi
  .enhanceEndpoints({ addTagTypes: ['BookingSlots', 'Bookings'] })
  .injectEndpoints({
    endpoints: (build) => ({
      slots: build.query<SlotList, void>({
        query: () => service('booking', 'slots'),
        providesTags: ['BookingSlots'],
      }),
      bookings: build.query<BookingList, void>({
        query: () => service('booking', 'bookings'),
        providesTags: ['Bookings'],
      }),
      book: build.mutation<GatewayResponse<'createBooking'>, GatewayBody<'createBooking'>>({
        query: (body) => ({ url: service('booking', 'bookings'), method: 'POST', body }),
        // A 409 means someone else took the slot: the fresh list shows it taken.
        invalidatesTags: ['BookingSlots', 'Bookings'],
      }),
    }),
  });

export const { useSlotsQuery, useBookingsQuery, useBookMutation } = bookingApi;
