// Issue 10 item 6: the smaller holes, each as a test.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ON_POSTGRES, call, json, oidcSignIn, openTestDb } from './helpers.ts';
import { gatewaySuite } from './gateway-suite.ts';

const kit = gatewaySuite(['claire']);

describe('numbers as they are written', () => {
  it('answers 400 to a page number beyond any data (page=1e20), not 500', async () => {
    for (const page of ['1e20', '100000000000000000000']) {
      const answer = await call(
        kit.gateway,
        'GET',
        `/account/api/accounts/currentuser?page=${page}&pageSize=2`,
        {
          token: kit.claire,
        },
      );
      expect(answer.status, page).toBe(400);
    }
  });

  it('accepts digits only in ids: 1.001e3 and 0x3E9 are not 1001', async () => {
    for (const id of ['1.001e3', '0x3E9', '1001.0', '+1001']) {
      const answer = await call(
        kit.gateway,
        'GET',
        `/connect/api/accounts/${encodeURIComponent(id)}/summary`,
        {
          token: kit.claire,
        },
      );
      expect(answer.status, id).toBe(400);
    }
    const query = await call(
      kit.gateway,
      'GET',
      '/authorization/api/authorization/currentuser?accountId=0x3E9',
      {
        token: kit.claire,
      },
    );
    expect(query.status).toBe(400);
    expect(
      (await call(kit.gateway, 'GET', '/connect/api/accounts/1001/summary', { token: kit.claire })).status,
    ).toBe(200);
  });
});

describe('secrets at rest and in caches', () => {
  it('keeps the data directory to its owner (0700) and the database files 0600', () => {
    expect(statSync(kit.gateway.dataDir).mode & 0o777).toBe(0o700);
    // On PostgreSQL the data dir holds no database file, only the key files.
    if (!ON_POSTGRES) expect(statSync(join(kit.gateway.dataDir, 'gateway.sqlite')).mode & 0o777).toBe(0o600);
  });

  it('stores the identity provider’s tokens by hash, never the bearer values', async () => {
    const { tokens } = await oidcSignIn(kit.gateway, 'paul.collab@demo.test');
    const db = await openTestDb(kit.gateway, { readonly: true });
    const ids = (await db.selectFrom('oidc_store').select(['id', 'payload']).execute())
      .map((row) => `${row.id} ${row.payload}`)
      .join('\n');
    await db.destroy();
    expect(ids).not.toContain(tokens.access_token);
    expect(ids).not.toContain(tokens.refresh_token ?? 'no refresh token');
    // Still usable: the provider finds them by hash.
    const exchanged = await call(kit.gateway, 'POST', '/authentication/api/token-exchange', {
      body: { accessToken: tokens.access_token },
    });
    expect(exchanged.status).toBe(200);
  });

  it('answers session tokens with Cache-Control: no-store', async () => {
    const answer = await call(kit.gateway, 'POST', '/authentication/api/login', {
      body: { email: 'marc.multi@demo.test', password: 'Demo-2026!' },
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const refreshed = await call(kit.gateway, 'POST', '/authentication/api/refreshToken', {
      token: json<{ token: string }>(answer).token,
    });
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the contract documents every status', () => {
  it('lists 401, 405, 409 and 429 where routes answer them', () => {
    const openapi = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../kernel/contract/openapi.json'), 'utf8'),
    ) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const statuses = (path: string, method: string) =>
      Object.keys(openapi.paths[path]?.[method]?.responses ?? {});
    expect(statuses('/authentication/api/login', 'post')).toEqual(
      expect.arrayContaining(['401', '405', '429']),
    );
    expect(statuses('/booking/api/bookings', 'post')).toEqual(expect.arrayContaining(['409']));
    expect(statuses('/account/api/accounts/{id}/users', 'post')).toEqual(expect.arrayContaining(['409']));
  });
});
