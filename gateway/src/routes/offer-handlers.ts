import { OFFERS } from '../../seed/demo-data.ts';
import type { ModRequestRow } from '../db/store.ts';
import { HttpError, conflict, notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { currentUser, requireMembership, type Deps } from './deps.ts';

function toModRequest(row: ModRequestRow) {
  return {
    id: row.id,
    accountId: row.account_id,
    offerCode: row.offer_code,
    status:
      row.status === 'validated'
        ? ('validated' as const)
        : row.status === 'refused'
          ? ('refused' as const)
          : ('pending' as const),
    comment: row.comment,
    requestedBy: row.requested_by,
    createdAt: row.created_at,
  };
}

type OfferRoutes = 'modRequests' | 'createModRequest' | 'offers' | 'slots' | 'createBooking' | 'bookings';

export function offerHandlers(deps: Deps): Pick<Handlers, OfferRoutes> {
  const { store } = deps;
  return {
    offers: () => ({ items: OFFERS.map((offer) => ({ ...offer })) }),

    modRequests: ({ session, query }) => {
      const user = currentUser(deps, session);
      if (query.accountId !== undefined) requireMembership(deps, user.id, query.accountId);
      const rows = store.q.modRequests.all(user.id);
      return {
        items: rows
          .filter((row) => query.accountId === undefined || row.account_id === query.accountId)
          .map(toModRequest),
      };
    },

    createModRequest: ({ session, body }) => {
      const user = currentUser(deps, session);
      requireMembership(deps, user.id, body.accountId);
      if (!OFFERS.some((offer) => offer.offerCode === body.offerCode)) {
        throw new HttpError(422, 'invalid_body', `Unknown offer ${body.offerCode}.`);
      }
      const row = store.transaction(() =>
        store.q.insertModRequest.get(
          body.accountId,
          body.offerCode,
          body.comment ?? '',
          user.id,
          new Date().toISOString(),
        ),
      );
      if (!row) throw new Error('MOD request insert returned nothing');
      return toModRequest(row);
    },

    slots: () => ({
      items: store.q.slots.all().map((row) => ({
        slotId: row.slot_id,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        advisor: row.advisor,
        available: row.booked_by === null,
      })),
    }),

    createBooking: ({ session, body }) => {
      const user = currentUser(deps, session);
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
