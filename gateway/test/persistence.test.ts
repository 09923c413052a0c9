import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENT_TYPES } from '../../kernel/contract/schemas.ts';
import {
  call,
  statusOf,
  collaboratorToken,
  json,
  login,
  oidcSignIn,
  startGateway,
  withGateway,
} from './helpers.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'gateway-restart-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function settings(favouritesOnly: boolean, emailOn: boolean) {
  return {
    favouritesOnly,
    types: Object.fromEntries(
      NOTIFICATION_EVENT_TYPES.map((type, index) => [
        type,
        { email: emailOn && index % 2 === 0, inApp: !emailOn },
      ]),
    ),
  };
}

describe('restart', () => {
  it('keeps terms acceptance, notification settings, home layouts and revocations across a restart', async () => {
    const first = await startGateway({ dataDir });
    const nina = await login(first, 'nina.terms@demo.test');
    const state = json<{ isCurrent: boolean; terms: { termsId: number } }>(
      await call(first, 'GET', '/contact/api/contacts/currentuser/terms', { token: nina }),
    );
    expect(state.isCurrent).toBe(false);
    expect(
      await statusOf(
        first,
        'PATCH',
        `/contact/api/contacts/currentuser/terms?termsId=${String(state.terms.termsId)}`,
        { token: nina },
      ),
    ).toBe(204);
    const wanted = settings(true, true);
    expect(
      await statusOf(first, 'PUT', '/contact/api/contacts/currentuser/notification-settings', {
        token: nina,
        body: wanted,
      }),
    ).toBe(200);
    const layout = { layout: [{ widget: 'news/rss', x: 0, y: 0, w: 2, h: 1 }] };
    expect(
      await statusOf(first, 'PUT', '/contact/api/contacts/currentuser/home-layouts/1003', {
        token: nina,
        body: layout,
      }),
    ).toBe(200);
    const { tokens: oidcTokens } = await oidcSignIn(first, 'lea.collab@demo.test');
    const revoked = await login(first, 'claire.solo@demo.test');
    expect(
      await statusOf(first, 'POST', '/authentication/api/logout', {
        token: revoked,
        body: { gigyaUserId: 'x' },
      }),
    ).toBe(204);
    await first.close();

    const second = await startGateway({ dataDir });
    try {
      // Same data dir, same signing key: Nina's old token is still valid after the restart.
      expect(
        (await call(second, 'GET', '/contact/api/contacts/currentuser/terms', { token: nina })).body,
      ).toMatchObject({ isCurrent: true });
      const again = await login(second, 'nina.terms@demo.test');
      expect(
        (
          await call(second, 'GET', '/contact/api/contacts/currentuser/notification-settings', {
            token: again,
          })
        ).body,
      ).toEqual(wanted);
      expect(
        (await call(second, 'GET', '/contact/api/contacts/currentuser/home-layouts/1003', { token: again }))
          .body,
      ).toEqual(layout);
      expect((await call(second, 'GET', '/contact/me', { token: revoked })).status).toBe(401);
      // The provider's tokens are in the same database: an access token from before the restart still exchanges.
      const exchanged = await call(second, 'POST', '/authentication/api/token-exchange', {
        body: { accessToken: oidcTokens.access_token },
      });
      expect(exchanged.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('reseeds with reset', async () => {
    const gateway = await startGateway({ dataDir, reset: true });
    try {
      const nina = await login(gateway, 'nina.terms@demo.test');
      expect(
        (await call(gateway, 'GET', '/contact/api/contacts/currentuser/terms', { token: nina })).body,
      ).toMatchObject({ isCurrent: false });
    } finally {
      await gateway.close();
    }
  });
});

describe('concurrency', () => {
  it('50 parallel writes to the same resource leave a consistent state', async () => {
    await withGateway({}, async (gateway) => {
      const claire = await login(gateway, 'claire.solo@demo.test');
      const paul = await collaboratorToken(gateway, 'paul.collab@demo.test');
      const path = '/contact/api/contacts/currentuser/notification-settings';

      // Last writer wins: the stored document is exactly one of the 50 written, never a mix.
      const documents = Array.from({ length: 50 }, (_, index) => settings(index % 2 === 0, index % 3 === 0));
      const puts = await Promise.all(
        documents.map((body) => call(gateway, 'PUT', path, { token: claire, body })),
      );
      expect(puts.every((answer) => answer.status === 200)).toBe(true);
      const stored = (await call(gateway, 'GET', path, { token: claire })).body;
      expect(documents).toContainEqual(stored);

      // Appends: none lost.
      const before = json<{ totalItems: number }>(
        await call(gateway, 'GET', '/reporting/api/reports/currentuser?accountId=1002', { token: paul }),
      ).totalItems;
      const deposits = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          call(gateway, 'POST', '/reporting/api/reports', {
            token: paul,
            body: { accountId: 1002, title: `Rapport ${String(index)}`, kind: 'financial' },
          }),
        ),
      );
      expect(deposits.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 201));
      const after = json<{ totalItems: number }>(
        await call(gateway, 'GET', '/reporting/api/reports/currentuser?accountId=1002', { token: paul }),
      ).totalItems;
      expect(after).toBe(before + 50);

      // First writer wins: one booking of a slot, 49 conflicts.
      const bookings = await Promise.all(
        Array.from({ length: 50 }, () =>
          call(gateway, 'POST', '/booking/api/bookings', { token: claire, body: { slotId: 1 } }),
        ),
      );
      expect(bookings.filter((answer) => answer.status === 201)).toHaveLength(1);
      expect(bookings.filter((answer) => answer.status === 409)).toHaveLength(49);
      const mine = json<{ items: { slotId: number }[] }>(
        await call(gateway, 'GET', '/booking/api/bookings', { token: claire }),
      );
      expect(mine.items.filter((booking) => booking.slotId === 1)).toHaveLength(1);
    });
  });
});
