import { OFFERS } from '../../seed/demo-data.ts';
import { conflict, notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { currentUser, type Deps } from '../kernel/deps.ts';

type OfferRoutes = 'offers' | 'slots' | 'createBooking' | 'bookings';

export function offerHandlers(deps: Deps): Pick<Handlers, OfferRoutes> {
  const { store } = deps;
  return {
    offers: () => ({ items: OFFERS.map((offer) => ({ ...offer })) }),

    slots: async () => ({
      items: (await store.slots.all()).map((row) => ({
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
      return store.inTransaction(async (trx) => {
        const slot = await trx.slots.byId(body.slotId);
        if (!slot) throw notFound(`Slot ${String(body.slotId)}`);
        // Conditional update: of two concurrent bookings of one slot, exactly one changes a row.
        if (!(await trx.slots.book(body.slotId, user.id))) throw conflict('This slot is already booked.');
        const bookingId = await trx.bookings.insert(body.slotId, user.id, createdAt);
        return {
          bookingId,
          slotId: slot.slot_id,
          startsAt: slot.starts_at,
          endsAt: slot.ends_at,
          advisor: slot.advisor,
          createdAt,
        };
      });
    },

    bookings: async ({ session }) => ({
      items: (await store.bookings.ofUser(Number(session.sub))).map((row) => ({
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
