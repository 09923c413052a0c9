import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import personas from '../seed/personas.json' with { type: 'json' };
import { seededReports } from '../seed/demo-data.ts';
import { REPO_ROOT } from '../src/options.ts';
import { codesOfScope } from '../src/permissions.ts';
import { call, followInside, json, oidcClient, oidcSignIn, exchangeCode, redirectTarget } from './helpers.ts';
import { gatewayWithEveryone } from './gateway-suite.ts';

type Permissions = { accountId: number | null; permissions: string[] };
type Page = {
  items: { accountId: number; isSignatory: boolean }[];
  totalItems: number;
  totalPage: number;
  currentPage: number;
};

const manifestCodes = codesOfScope(
  JSON.parse(readFileSync(join(REPO_ROOT, 'portal.config.json'), 'utf8')),
  'collaborator',
);
const expand = (codes: readonly string[]) => [
  ...new Set(codes.flatMap((code) => (code === 'ALL_COLLABORATOR_CODES' ? manifestCodes : [code]))),
];
const allEntityIds = personas.entities.map((entity) => entity.accountId);

const kit = gatewayWithEveryone(personas.users);
const { tokens } = kit;

describe.each(personas.users)('persona $email', (user) => {
  const token = () => tokens.get(user.email) ?? '';

  it('reads its own contact and user information', async () => {
    const me = await call(kit.gateway, 'GET', '/contact/me', { token: token() });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isCustomer: user.isCustomer,
      gigyaUserId: '',
      occupation: '',
      entities: [],
    });
    const info = await call(kit.gateway, 'GET', '/connect/api/get-user-information', { token: token() });
    expect(info.status).toBe(200);
    expect(json<{ permissions: string[] }>(info).permissions.sort()).toEqual(
      expand(user.globalPermissions).sort(),
    );
  });

  it('gets its global and per-entity permissions', async () => {
    const global = await call(kit.gateway, 'GET', '/authorization/api/authorization/currentuser', {
      token: token(),
    });
    expect(json<Permissions>(global)).toEqual({
      accountId: null,
      permissions: expand(user.globalPermissions),
    });
    for (const membership of user.entities) {
      const answer = await call(
        kit.gateway,
        'GET',
        `/authorization/api/authorization/currentuser?accountId=${String(membership.accountId)}`,
        { token: token() },
      );
      expect(answer.status).toBe(200);
      expect(json<Permissions>(answer)).toEqual({
        accountId: membership.accountId,
        permissions: expand(membership.permissions),
      });
    }
  });

  it('lists exactly its entities and reads their summaries', async () => {
    const page = await call(
      kit.gateway,
      'GET',
      '/account/api/accounts/currentuser?pageSize=100&page=1&search=',
      { token: token() },
    );
    const items = json<Page>(page).items;
    expect(items.map((item) => item.accountId)).toEqual(
      user.entities.map((entity) => entity.accountId).sort(),
    );
    for (const membership of user.entities) {
      const summary = await call(
        kit.gateway,
        'GET',
        `/connect/api/accounts/${String(membership.accountId)}/summary`,
        { token: token() },
      );
      expect(summary.status).toBe(200);
      const isSignatory = 'isSignatory' in membership && membership.isSignatory;
      expect(summary.body).toMatchObject({
        accountId: membership.accountId,
        isSignatory: user.isCustomer && isSignatory,
      });
      const reports = await call(
        kit.gateway,
        'GET',
        `/reporting/api/reports/currentuser?accountId=${String(membership.accountId)}`,
        { token: token() },
      );
      // Financial reports count for CLRAPP001 / CORAPP001 holders, HR reports for CLRAPP002 / CORAPP001.
      const held = new Set(expand(membership.permissions));
      const seen = seededReports(
        membership.accountId,
        personas.entities.find((entity) => entity.accountId === membership.accountId)?.biReports ?? 0,
      ).filter((report) =>
        (report.kind === 'hr' ? ['CLRAPP002', 'CORAPP001'] : ['CLRAPP001', 'CORAPP001']).some((code) =>
          held.has(code),
        ),
      );
      expect(json<Page>(reports).totalItems).toBe(seen.length);
    }
  });

  it('is refused every entity it is not attached to (403)', async () => {
    const others = allEntityIds.filter((id) => !user.entities.some((entity) => entity.accountId === id));
    for (const id of [...others, 999999]) {
      for (const path of [
        `/authorization/api/authorization/currentuser?accountId=${String(id)}`,
        `/connect/api/accounts/${String(id)}/summary`,
        `/reporting/api/reports/currentuser?accountId=${String(id)}`,
        `/account/api/accounts/${String(id)}/users`,
        `/account/api/accounts/${String(id)}/bank`,
      ]) {
        const answer = await call(kit.gateway, 'GET', path, { token: token() });
        expect(answer.status, path).toBe(403);
        expect(answer.body).toEqual({ error: 'forbidden', message: expect.any(String) as string });
      }
    }
  });

  it('sees whether it accepted the current terms', async () => {
    const answer = await call(kit.gateway, 'GET', '/contact/api/contacts/currentuser/terms', {
      token: token(),
    });
    expect(json<{ isCurrent: boolean }>(answer).isCurrent).toBe(user.acceptedCurrentTerms);
  });
});

describe('specific personas', () => {
  it("Claire's 1001 permissions equal personas.json and Paul holds every collaborator code of the manifest", async () => {
    const claire = await call(
      kit.gateway,
      'GET',
      '/authorization/api/authorization/currentuser?accountId=1001',
      {
        token: tokens.get('claire.solo@demo.test') ?? '',
      },
    );
    expect(json<Permissions>(claire).permissions).toEqual(personas.users[0]?.entities[0]?.permissions);
    const paul = await call(kit.gateway, 'GET', '/authorization/api/authorization/currentuser', {
      token: tokens.get('paul.collab@demo.test') ?? '',
    });
    expect(manifestCodes.length).toBeGreaterThan(20);
    expect(json<Permissions>(paul).permissions.sort()).toEqual([...manifestCodes].sort());
  });

  it('pages Marc’s entities two at a time and searches by name or number', async () => {
    const token = tokens.get('marc.multi@demo.test') ?? '';
    const first = json<Page>(
      await call(kit.gateway, 'GET', '/account/api/accounts/currentuser?pageSize=2&page=1&search=', {
        token,
      }),
    );
    expect(first).toMatchObject({ currentPage: 1, totalPage: 2, totalItems: 3 });
    expect(first.items.map((item) => item.accountId)).toEqual([1001, 1002]);
    const second = json<Page>(
      await call(kit.gateway, 'GET', '/account/api/accounts/currentuser?pageSize=2&page=2', { token }),
    );
    expect(second.items.map((item) => item.accountId)).toEqual([1003]);
    const byName = json<Page>(
      await call(kit.gateway, 'GET', '/account/api/accounts/currentuser?search=garage', { token }),
    );
    expect(byName.items.map((item) => item.accountId)).toEqual([1003]);
    const byNumber = json<Page>(
      await call(kit.gateway, 'GET', '/account/api/accounts/currentuser?search=C-1002', { token }),
    );
    expect(byNumber.items.map((item) => item.accountId)).toEqual([1002]);
  });

  it('refuses password sign-in to collaborators and wrong passwords', async () => {
    for (const [email, password] of [
      ['paul.collab@demo.test', 'Demo-2026!'],
      ['claire.solo@demo.test', 'wrong-password'],
      ['nobody@demo.test', 'Demo-2026!'],
    ] as const) {
      const answer = await call(kit.gateway, 'POST', '/authentication/api/login', {
        body: { email, password },
      });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: 'invalid_credentials' });
    }
  });
});

describe('collaborator OIDC flow', () => {
  it('shows an accessible sign-in form and refuses customers and wrong passwords', async () => {
    const client = oidcClient(kit.gateway);
    const { response } = await client.authorize();
    const page = await followInside(client, kit.gateway, response);
    if (typeof page === 'string') throw new Error('expected a page');
    const html = await page.text();
    expect(html).toContain('<label for="email">E-mail</label>');
    expect(html).toContain('<label for="password">Mot de passe</label>');
    expect(html).toContain('<button type="submit">Se connecter</button>');
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const customer = await client.postForm(action, {
      email: 'claire.solo@demo.test',
      password: 'Demo-2026!',
    });
    expect(customer.status).toBe(401);
    const wrong = await client.postForm(action, { email: 'lea.collab@demo.test', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('role="alert"');
  });

  it('issues a refresh token, renews silently with prompt=none, and refreshes', async () => {
    const { client, tokens: first } = await oidcSignIn(kit.gateway, 'lea.collab@demo.test');
    expect(first.refresh_token).toEqual(expect.any(String));
    const silent = await client.authorize({
      prompt: 'none',
      redirect_uri: 'http://localhost:5173/silent-renew.html',
    });
    const redirect = redirectTarget(await followInside(client, kit.gateway, silent.response));
    expect(redirect).toMatch(/^http:\/\/localhost:5173\/silent-renew\.html\?code=/);
    const renewed = await exchangeCode(
      kit.gateway,
      redirect,
      silent.verifier,
      'http://localhost:5173/silent-renew.html',
    );
    expect(renewed.access_token).not.toBe(first.access_token);

    const refreshed = await fetch(`${kit.gateway.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://127.0.0.1:5173' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token ?? '',
        client_id: 'portal',
      }).toString(),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const body = (await refreshed.json()) as { access_token: string };
    const exchanged = await call(kit.gateway, 'POST', '/authentication/api/token-exchange', {
      body: { accessToken: body.access_token },
    });
    expect(exchanged.status).toBe(200);
  });

  it('accepts the per-application redirect URIs and refuses others', async () => {
    const { client } = await oidcSignIn(kit.gateway, 'paul.collab@demo.test');
    const allowed = await client.authorize({
      prompt: 'none',
      redirect_uri: 'http://127.0.0.1:4173/orion/collaborateur',
    });
    expect(redirectTarget(await followInside(client, kit.gateway, allowed.response))).toMatch(
      /^http:\/\/127\.0\.0\.1:4173\/orion\/collaborateur\?code=/,
    );
    for (const uri of [
      'http://evil.test/collaborateur',
      'http://127.0.0.1:5173/other',
      'http://127.0.0.1:5173/zeus/collaborateur',
    ]) {
      const refused = await client.authorize({ prompt: 'none', redirect_uri: uri });
      expect(refused.response.status, uri).toBe(400);
    }
  });

  it('refuses a silent renew without a provider session and an unknown access token', async () => {
    const client = oidcClient(kit.gateway);
    const silent = await client.authorize({ prompt: 'none' });
    const redirect = redirectTarget(await followInside(client, kit.gateway, silent.response));
    expect(redirect).toContain('error=login_required');
    const exchanged = await call(kit.gateway, 'POST', '/authentication/api/token-exchange', {
      body: { accessToken: 'not-a-token' },
    });
    expect(exchanged.status).toBe(401);
  });

  it('signs out of the provider and back to a login page; silent renew then needs a login', async () => {
    const { client, tokens: signedIn } = await oidcSignIn(kit.gateway, 'lea.collab@demo.test');
    const end = await client.get(
      `/oidc/session/end?${new URLSearchParams({ client_id: 'portal', id_token_hint: signedIn.id_token, post_logout_redirect_uri: 'http://127.0.0.1:5173/login' }).toString()}`,
    );
    expect(end.status).toBe(200);
    const html = await end.text();
    expect(html).toContain('form.submit()');
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const confirmed = await client.postForm(action, { xsrf, logout: 'yes' });
    expect(redirectTarget(await followInside(client, kit.gateway, confirmed))).toMatch(
      /^http:\/\/127\.0\.0\.1:5173\/login/,
    );
    const silent = await client.authorize({ prompt: 'none' });
    expect(redirectTarget(await followInside(client, kit.gateway, silent.response))).toContain(
      'error=login_required',
    );
  });

  it('answers discovery and jwks to loopback origins', async () => {
    for (const path of ['/oidc/.well-known/openid-configuration', '/oidc/jwks']) {
      const response = await fetch(`${kit.gateway.url}${path}`, {
        headers: { origin: 'http://localhost:5173' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/localhost:5173)$/);
    }
  });
});
