import { describe, expect, it } from 'vitest';
import { call, statusOf, json } from './helpers.ts';
import { gatewaySuite } from './gateway-suite.ts';

const kit = gatewaySuite(['claire', 'marc', 'sam', 'paul', 'lea'], { gateway: { userOrigin: 'COLLAB' } });

type Items<T> = { items: T[] };

describe('system calls', () => {
  it('answers userorigin from configuration or the X-User-Origin header, as JSON', async () => {
    expect((await call(kit.gateway, 'GET', '/userorigin')).body).toBe('COLLAB');
    expect(
      (await call(kit.gateway, 'GET', '/userorigin', { headers: { 'x-user-origin': 'CLIENT' } })).body,
    ).toBe('CLIENT');
    expect(
      (await call(kit.gateway, 'GET', '/userorigin', { headers: { 'x-user-origin': 'other' } })).body,
    ).toBe('COLLAB');
  });

  it('allows loopback origins through CORS and no others', async () => {
    const preflight = await fetch(`${kit.gateway.url}/contact/me`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    const foreign = await call(kit.gateway, 'GET', '/health', { headers: { origin: 'http://evil.test' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const discovery = await fetch(`${kit.gateway.url}/oidc/.well-known/openid-configuration`, {
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${kit.gateway.url}/oidc`);
  });
});

describe('terms', () => {
  it('serves the latest terms in fr and en and refuses an old termsId', async () => {
    const latest = json<{ termsId: number; version: string }>(
      await call(kit.gateway, 'GET', '/contact/api/terms/latest', { token: kit.sam }),
    );
    const fr = json<{ language: string; content: string }>(
      await call(kit.gateway, 'GET', '/contact/api/terms/latest/content', { token: kit.sam }),
    );
    const en = json<{ language: string; content: string }>(
      await call(kit.gateway, 'GET', '/contact/api/terms/latest/content?language=en', { token: kit.sam }),
    );
    expect(fr).toMatchObject({ termsId: latest.termsId, language: 'fr' });
    expect(fr.content).toContain('Conditions');
    expect(en).toMatchObject({ termsId: latest.termsId, language: 'en' });
    expect(en.content).toContain('Terms');
    expect(
      await statusOf(
        kit.gateway,
        'PATCH',
        `/contact/api/contacts/currentuser/terms?termsId=${String(latest.termsId - 1)}`,
        { token: kit.sam },
      ),
    ).toBe(409);
    expect(
      await statusOf(
        kit.gateway,
        'PATCH',
        `/contact/api/contacts/currentuser/terms?termsId=${String(latest.termsId)}`,
        { token: kit.sam },
      ),
    ).toBe(204);
  });
});

describe('entity screens', () => {
  it('deposits and deletes BI reports with the collaborator codes, and totalItems follows', async () => {
    const count = async () =>
      json<{ totalItems: number }>(
        await call(kit.gateway, 'GET', '/reporting/api/reports/currentuser?accountId=1004', {
          token: kit.paul,
        }),
      ).totalItems;
    expect(await count()).toBe(1);
    const deposit = await call(kit.gateway, 'POST', '/reporting/api/reports', {
      token: kit.paul,
      body: { accountId: 1004, title: 'Bilan', kind: 'hr' },
    });
    expect(deposit.status).toBe(201);
    expect(await count()).toBe(2);
    expect(
      await statusOf(kit.gateway, 'POST', '/reporting/api/reports', {
        token: kit.claire,
        body: { accountId: 1001, title: 'x', kind: 'hr' },
      }),
    ).toBe(403);
    expect(
      await statusOf(kit.gateway, 'POST', '/reporting/api/reports', {
        token: kit.lea,
        body: { accountId: 1001, title: 'x', kind: 'hr' },
      }),
    ).toBe(403);
    const id = json<{ id: number }>(deposit).id;
    expect(
      await statusOf(kit.gateway, 'DELETE', `/reporting/api/reports/${String(id)}`, { token: kit.lea }),
    ).toBe(403);
    expect(
      await statusOf(kit.gateway, 'DELETE', `/reporting/api/reports/${String(id)}`, { token: kit.paul }),
    ).toBe(204);
    expect(
      await statusOf(kit.gateway, 'DELETE', `/reporting/api/reports/${String(id)}`, { token: kit.paul }),
    ).toBe(404);
    expect(await count()).toBe(1);
    const list = json<Items<{ accountId: number }>>(
      await call(kit.gateway, 'GET', '/reporting/api/reports?accountId=1004', { token: kit.paul }),
    );
    expect(list.items).toHaveLength(1);
    // Sam is attached to 1004 without a BI code: the list is refused and the count says none.
    expect(
      await statusOf(kit.gateway, 'GET', '/reporting/api/reports?accountId=1004', { token: kit.sam }),
    ).toBe(403);
  });

  it('adds and removes users of an entity with the right codes', async () => {
    const added = await call(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
      token: kit.claire,
      body: { email: 'new.user@demo.test', firstName: 'New', lastName: 'User', permissions: ['CLGED0002'] },
    });
    expect(added.status).toBe(201);
    // The person joins by creating their password through the invitation's link.
    const inbox = json<{ messages: { link: string }[] }>(
      await call(kit.gateway, 'GET', '/authentication/api/dev/inbox?email=new.user%40demo.test'),
    );
    const token = new URL(inbox.messages.at(-1)?.link ?? '').searchParams.get('token');
    await call(kit.gateway, 'POST', '/authentication/api/createNewPassword', {
      body: { token, password: 'une phrase assez longue' },
    });
    const users = json<Items<{ userId: number; email: string; permissions: string[] }>>(
      await call(kit.gateway, 'GET', '/account/api/accounts/1001/users', { token: kit.claire }),
    );
    const joined = users.items.find((user) => user.email === 'new.user@demo.test');
    expect(joined?.permissions).toEqual(['CLGED0002']);
    const userId = joined?.userId ?? 0;
    expect(
      await statusOf(kit.gateway, 'DELETE', `/account/api/accounts/1001/users/${String(userId)}`, {
        token: kit.marc,
      }),
    ).toBe(403);
    expect(
      await statusOf(kit.gateway, 'DELETE', `/account/api/accounts/1001/users/${String(userId)}`, {
        token: kit.claire,
      }),
    ).toBe(204);
    expect(
      await statusOf(kit.gateway, 'DELETE', `/account/api/accounts/1001/users/${String(userId)}`, {
        token: kit.claire,
      }),
    ).toBe(404);
  });

  it('serves collaborators, folders, mandates, subscriptions, bank, indicators, documents and delegations', async () => {
    const collaborators = json<Items<{ email: string }>>(
      await call(kit.gateway, 'GET', '/wallet/api/accounts/1001/collaborators', { token: kit.claire }),
    );
    expect(collaborators.items.map((item) => item.email).sort()).toEqual([
      'lea.collab@demo.test',
      // The product owner of the seed is a collaborator of 1001 too.
      'olivia.owner@demo.test',
      'paul.collab@demo.test',
    ]);
    const folders = json<{ totalItems: number }>(
      await call(kit.gateway, 'GET', '/wallet/api/portfolio/folders?page=1&pageSize=10', { token: kit.paul }),
    );
    expect(folders.totalItems).toBe(4);
    expect(
      json<Items<unknown>>(
        await call(kit.gateway, 'GET', '/wallet/api/portfolio/mandates', { token: kit.paul }),
      ).items.length,
    ).toBeGreaterThan(0);
    // Mandates need COMAND001 (Lea holds no code), and customers never read the wallet's calls.
    expect(await statusOf(kit.gateway, 'GET', '/wallet/api/portfolio/mandates', { token: kit.lea })).toBe(
      403,
    );
    expect(await statusOf(kit.gateway, 'GET', '/wallet/api/portfolio/mandates', { token: kit.claire })).toBe(
      403,
    );
    expect(
      (await call(kit.gateway, 'GET', '/offer/api/accounts/1001/subscriptions', { token: kit.claire })).body,
    ).toEqual({ items: [{ offerCode: 'PENNYLANE', status: 'validated' }] });
    expect(
      json<{ accounts: unknown[] }>(
        await call(kit.gateway, 'GET', '/account/api/accounts/1001/bank', { token: kit.claire }),
      ).accounts.length,
    ).toBeGreaterThan(0);
    expect(
      json<Items<unknown>>(
        await call(kit.gateway, 'GET', '/registry/api/accounts/1001/indicators', { token: kit.claire }),
      ).items.length,
    ).toBeGreaterThan(0);
    for (const kind of ['legacy', 'accounting', 'social-management']) {
      const documents = json<Items<{ kind: string }>>(
        await call(kit.gateway, 'GET', `/accounting-integration/api/accounts/1001/documents?kind=${kind}`, {
          token: kit.claire,
        }),
      );
      expect(documents.items.every((document) => document.kind === kind)).toBe(true);
    }
    expect(
      json<Items<unknown>>(
        await call(kit.gateway, 'GET', '/account/api/accounts/1001/delegations', { token: kit.paul }),
      ).items.length,
    ).toBeGreaterThan(0);
    expect(
      await statusOf(kit.gateway, 'GET', '/account/api/accounts/1002/delegations', { token: kit.lea }),
    ).toBe(403);
  });

  it('keeps MOD requests, offers, home layouts and bookings', async () => {
    expect(
      json<Items<{ offerCode: string }>>(
        await call(kit.gateway, 'GET', '/offer/api/offers', { token: kit.marc }),
      ).items.map((offer) => offer.offerCode),
    ).toContain('FORMS');
    const created = await call(kit.gateway, 'POST', '/offer/api/accounts/1003/offer-requests', {
      token: kit.paul,
      body: { offerCode: 'FORMS', comment: 'Merci' },
    });
    expect(created.status).toBe(201);
    expect(
      await statusOf(kit.gateway, 'POST', '/offer/api/accounts/1003/offer-requests', {
        token: kit.paul,
        body: { offerCode: 'NOPE' },
      }),
    ).toBe(422);
    const requests = json<Items<{ accountId: number; offerCode: string }>>(
      await call(kit.gateway, 'GET', '/offer/api/portfolio/mod-requests?q=1003', { token: kit.paul }),
    );
    expect(
      requests.items.some((request) => request.accountId === 1003 && request.offerCode === 'FORMS'),
    ).toBe(true);

    expect(
      (
        await call(kit.gateway, 'GET', '/contact/api/contacts/currentuser/home-layouts/1002', {
          token: kit.marc,
        })
      ).body,
    ).toBeNull();
    expect(
      await statusOf(kit.gateway, 'GET', '/contact/api/contacts/currentuser/home-layouts/1004', {
        token: kit.marc,
      }),
    ).toBe(403);
    const layout = { layout: [{ widget: 'lab/lab', x: 2, y: 0, w: 2, h: 1 }] };
    expect(
      (
        await call(kit.gateway, 'PUT', '/contact/api/contacts/currentuser/home-layouts/1002', {
          token: kit.marc,
          body: layout,
        })
      ).body,
    ).toEqual(layout);
    expect(
      await statusOf(kit.gateway, 'PUT', '/contact/api/contacts/currentuser/home-layouts/1002', {
        token: kit.marc,
        body: { layout: [{ widget: 'x', x: 0, y: 0, w: 9, h: 1 }] },
      }),
    ).toBe(422);

    const slots = json<Items<{ slotId: number; available: boolean }>>(
      await call(kit.gateway, 'GET', '/booking/api/slots', { token: kit.marc }),
    );
    const free = slots.items.find((slot) => slot.available);
    expect(free).toBeDefined();
    expect(
      await statusOf(kit.gateway, 'POST', '/booking/api/bookings', {
        token: kit.marc,
        body: { slotId: free?.slotId },
      }),
    ).toBe(201);
    expect(
      await statusOf(kit.gateway, 'POST', '/booking/api/bookings', {
        token: kit.marc,
        body: { slotId: 999999 },
      }),
    ).toBe(404);
    expect(
      json<Items<{ slotId: number }>>(
        await call(kit.gateway, 'GET', '/booking/api/bookings', { token: kit.marc }),
      ).items.map((booking) => booking.slotId),
    ).toEqual([free?.slotId]);
  });

  it('serves default notification settings with the twelve event types', async () => {
    const settings = json<{ favouritesOnly: boolean; types: Record<string, unknown> }>(
      await call(kit.gateway, 'GET', '/contact/api/contacts/currentuser/notification-settings', {
        token: kit.lea,
      }),
    );
    expect(settings.favouritesOnly).toBe(false);
    expect(Object.keys(settings.types)).toHaveLength(12);
  });
});
