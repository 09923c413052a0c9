import { OFFERS } from '../../seed/demo-data.ts';
import { conflict, notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { currentUser, type Deps } from './deps.ts';

type OfferRoutes = 'offers' | 'slots' | 'createBooking' | 'bookings';

export function offerHandlers(deps: Deps): Pick<Handlers, OfferRoutes> {
  const { store } = deps;
  return {
    offers: () => ({ items: OFFERS.map((offer) => ({ ...offer })) }),

    slots: () => ({
      items: store.q.slots.all().map((row) => ({
        slotId: row.slot_id,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        advisor: row.advisor,
        available: row.booked_by === null,
      })),
    }),

    createBooking: async ({ session, body }) => {
      const user = await currentUser(deps, session);
      const createdAt = new Date().toISOString();
      return store.transaction(() => {
        const slot = store.q.slot.get(body.slotId);
        if (!slot) throw notFound(`Slot ${String(body.slotId)}`);
        // Conditional update: of two concurrent bookings of one slot, exactly one changes a row.
        if (store.q.bookSlot.run(user.id, body.slotId).changes === 0)
          throw conflict('This slot is already booked.');
        const booking = store.q.insertBooking.get(body.slotId, user.id, createdAt);
        if (!booking) throw new Error('booking insert returned nothing');
        return {
          bookingId: booking.booking_id,
          slotId: slot.slot_id,
          startsAt: slot.starts_at,
          endsAt: slot.ends_at,
          advisor: slot.advisor,
          createdAt,
        };
      });
    },

    bookings: ({ session }) => ({
      items: store.q.bookings.all(Number(session.sub)).map((row) => ({
        bookingId: row.booking_id,
        slotId: row.slot_id,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        advisor: row.advisor,
        createdAt: row.created_at,
      })),
    }),
  };
}
