import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import type { FakeGateway } from '@portal/plugin-api/testing';
import booking from './index.ts';
import BookingWidget from './booking-widget.tsx';

afterEach(cleanup);

const slot = (slotId: number, available = true) => ({
  slotId,
  startsAt: `2026-12-0${slotId}T09:00:00.000Z`,
  endsAt: `2026-12-0${slotId}T09:30:00.000Z`,
  advisor: 'Julie Bernard',
  available,
});

function gateway(takenOnBook = false): FakeGateway {
  const slots = [slot(1), slot(2), slot(3, false)];
  const bookings: unknown[] = [];
  return ({ method, path, body }) => {
    if (path === '/booking/api/slots') return { body: { items: slots } };
    if (path === '/booking/api/bookings' && method === 'GET') return { body: { items: bookings } };
    if (path === '/booking/api/bookings' && method === 'POST') {
      if (takenOnBook) return { status: 409, body: { error: 'conflict', message: 'taken' } };
      const chosen = slots.find((s) => s.slotId === (body as { slotId: number }).slotId);
      if (chosen === undefined) return { status: 404, body: { error: 'not_found', message: 'no slot' } };
      chosen.available = false;
      const made = { ...chosen, bookingId: 7, createdAt: '2026-11-22T00:00:00.000Z' };
      bookings.push(made);
      return { status: 201, body: made };
    }
    return undefined;
  };
}

describe('booking widget', () => {
  it('lists the free slots, books one, shows it as the user’s appointment and tracks the interaction', async () => {
    const config = loadRealManifest();
    const view = await renderWithPortal(<BookingWidget widgetId="booking/booking" size={2} options={{}} />, {
      config,
      plugins: [booking],
      gateway: gateway(),
    });
    const bookButtons = await screen.findAllByRole('button', { name: /^Réserver le créneau du/ });
    expect(bookButtons).toHaveLength(2);
    const first = bookButtons[0];
    if (first === undefined) throw new Error('a slot');
    await view.user.click(first);
    expect(await screen.findByText(/^Rendez-vous réservé :/)).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Vos rendez-vous' })).toBeVisible();
    expect(await screen.findAllByRole('button', { name: /^Réserver le créneau du/ })).toHaveLength(1);
    expect(
      view.requests.some((r) => r.method === 'POST' && (r.body as { slotId: number }).slotId === 1),
    ).toBe(true);
    expect(view.tracked).toEqual([
      {
        event: config.trackingEvents.widgetInteracted,
        properties: { widget: 'booking/booking', action: 'book-slot' },
      },
    ]);
  });

  it('says so when someone else took the slot', async () => {
    const view = await renderWithPortal(<BookingWidget widgetId="booking/booking" size={2} options={{}} />, {
      config: loadRealManifest(),
      plugins: [booking],
      gateway: gateway(true),
    });
    const [first] = await screen.findAllByRole('button', { name: /^Réserver le créneau du/ });
    if (first === undefined) throw new Error('a slot');
    await view.user.click(first);
    expect(await screen.findByText(/vient d'être réservé par quelqu'un d'autre/)).toBeVisible();
  });
});
