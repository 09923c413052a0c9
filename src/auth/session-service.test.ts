import { describe, expect, it, vi } from 'vitest';
import { harnessPerTest } from '../testing/session-harness.ts';
import { NoAccountError } from './identity-errors.ts';
import { createGatewayClient, unauthorizedResponse } from '../api/base-query.ts';
import { sessionApi } from '../api/session-endpoints.ts';
import { makeStore } from '../store/store.ts';
import type { AppStore } from '../store/store.ts';
import { createLogger } from '../logging/logger.ts';
import { createSelectedEntityStore } from '../session/selected-entity-storage.ts';
import { createTokenStore } from '../session/token-storage.ts';
import type { TokenStore } from '../session/token-storage.ts';
import { tokenExpiringIn } from '../session/token-test-utils.ts';
import { claireContact as claire, entity1001 } from '../testing/current-users.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { passThroughPath } from './application-prefix.ts';
import type { CollaboratorIdentity } from './collaborator-identity.ts';
import type { CollaboratorIdentitySettings } from './collaborator-settings.ts';
import { INTERACTION_FLAG_KEY } from './interaction-flag.ts';
import { listenForExpiry } from './expiry-listener.ts';
import { createSessionService } from './session-service.ts';
import { followOtherTabs } from './tab-sync-listener.ts';
import type { SessionService, SessionServiceDeps } from './session-service.ts';
import { PAGE_READS_GRACE_MS } from './session-actions.ts';
import type { RootState } from '../store/store.ts';
import type { SingleSignOn } from './single-sign-on.ts';
import type { SingleSignOnSettings } from './single-sign-on-settings.ts';

const BASE = 'http://gateway.test/';
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);

/** `delayMs`: the answer comes that much later (a slower service). */
type Reply = { status: number; body?: unknown; delayMs?: number };

const paul = { ...claire, firstName: 'Paul', id: 15, email: 'paul.collab@demo.test', isCustomer: false };

/** A fake gateway: answers by `METHOD path`, records every call in order. */
function fakeGateway(overrides: Record<string, Reply> = {}, user = claire, termsCurrent = true) {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const answers: Record<string, Reply> = {
    'POST /authentication/api/login': { status: 200, body: { token: tokenExpiringIn(3600, NOW) } },
    'POST /authentication/api/token-exchange': { status: 200, body: { token: tokenExpiringIn(3600, NOW) } },
    'POST /authentication/api/logout': { status: 204 },
    'GET /connect/api/get-user-information': {
      status: 200,
      body: { contact: user, permissions: ['CLUSER001'], favoriteEntities: [1001] },
    },
    'GET /contact/me': { status: 200, body: user },
    'GET /authorization/api/authorization/currentuser': {
      status: 200,
      body: { accountId: null, permissions: ['CLUSER001'] },
    },
    'GET /account/api/accounts/currentuser': {
      status: 200,
      body: { items: [entity1001], currentPage: 1, totalPage: 1, totalItems: 1 },
    },
    'GET /contact/api/contacts/currentuser/terms': {
      status: 200,
      body: { isCurrent: termsCurrent, terms: { termsId: 7 } },
    },
    'PATCH /contact/api/contacts/currentuser/terms': { status: 204 },
    'GET /connect/api/accounts/1001/summary': { status: 200, body: entity1001 },
    'GET /reporting/api/reports/currentuser': {
      status: 200,
      body: { items: [], currentPage: 1, totalPage: 1, totalItems: 3 },
    },
    'GET /userorigin': { status: 200, body: 'CLIENT' },
    ...overrides,
  };
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    calls.push(`${key}${url.search}`);
    if (request.method !== 'GET') bodies.push(await request.clone().text());
    const reply = answers[key] ?? { status: 404, body: { error: 'not_found' } };
    if (reply.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetchFn, calls, bodies };
}

/** What both redirect sign-ins fake alike: leaving for the provider, coming back with a token, signing out. */
function fakeRedirectSignIn(accessToken: string, redirect: string) {
  return {
    startSignIn: vi.fn<SingleSignOn['startSignIn']>(() => Promise.resolve()),
    completeSignIn: vi.fn<SingleSignOn['completeSignIn']>(() => Promise.resolve({ accessToken, redirect })),
    signOut: vi.fn<SingleSignOn['signOut']>(() => Promise.resolve()),
  };
}

function fakeIdentity() {
  return {
    ...fakeRedirectSignIn('oidc-access', '/portefeuille/mandats'),
    acquireTokenSilent: vi.fn<CollaboratorIdentity['acquireTokenSilent']>(() => Promise.resolve(null)),
    dispose: vi.fn<CollaboratorIdentity['dispose']>(),
  };
}

function fakeSingleSignOn(signedIn = true) {
  return {
    ...fakeRedirectSignIn('sso-access', '/dossier/1001/banque'),
    isSignedIn: vi.fn<SingleSignOn['isSignedIn']>(() => Promise.resolve(signedIn)),
  };
}

type Setup = {
  store: AppStore;
  service: SessionService;
  tokenStore: TokenStore;
  calls: string[];
  bodies: unknown[];
  identity: ReturnType<typeof fakeIdentity>;
  sso: ReturnType<typeof fakeSingleSignOn>;
  /** The settings the single sign-on adapter was built with, each time. */
  ssoSettings: SingleSignOnSettings[];
  /** The settings each identity was built with. */
  identitySettings: CollaboratorIdentitySettings[];
  logs: string[];
  /** Stops the expiry and other-tab listeners (createPortal starts them beside the service). */
  stop: () => void;
};

function setup(
  options: {
    overrides?: Record<string, Reply>;
    user?: typeof claire;
    termsCurrent?: boolean;
    flags?: Record<string, boolean>;
    /** Single sign-on as the manifest configures it; false: the manifest configures no adapter. */
    singleSignOn?: boolean;
    ssoSignedIn?: boolean;
    /** A firm's landing rule back to the entity of an earlier visit (the shipped manifest follows SPEC 2). */
    returning?: boolean;
    beforeEntitySelected?: SessionServiceDeps['beforeEntitySelected'];
  } = {},
): Setup {
  const config = loadRealManifest();
  if (options.singleSignOn === false) delete config.identity.customer.singleSignOn;
  if (options.returning === true)
    config.landing.splice(
      config.landing.findIndex((rule) => rule.when === undefined),
      0,
      { when: { fact: 'user.hasRememberedEntity' }, to: 'entity.home' },
    );
  const logs: string[] = [];
  const logger = createLogger({ minLevel: 1, sink: (level, message) => logs.push(`${level}: ${message}`) });
  const { fetchFn, calls, bodies } = fakeGateway(options.overrides, options.user, options.termsCurrent);
  const tokenStore = createTokenStore({ kind: 'session', key: 'token', logger, now: () => NOW });
  const refresher = {
    ensureFreshToken: () => Promise.resolve(tokenStore.get()),
    settled: () => Promise.resolve(tokenStore.get()),
  };
  const gateway = createGatewayClient({
    gatewayBaseUrl: BASE,
    dataServiceBaseUrl: BASE,
    tokenStore,
    refresher,
    logger,
    fetchFn,
    services: loadRealManifest().gateway.services,
  });
  const store = makeStore({ extra: { gateway } });
  const identity = fakeIdentity();
  const identitySettings: CollaboratorIdentitySettings[] = [];
  const sso = fakeSingleSignOn(options.ssoSignedIn);
  const ssoSettings: SingleSignOnSettings[] = [];

  const selectedEntityStore = createSelectedEntityStore({ key: 'selected-entity', logger });
  const listeners = [
    listenForExpiry({
      store,
      tokenStore,
      selectedEntityStore,
      logger,
      schedule: (callback, ms) => setTimeout(callback, ms),
      cancel: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout>);
      },
      now: () => NOW,
    }),
    followOtherTabs({ store, tokenStore, logger }),
  ];
  const stop = () => {
    for (const stopListening of listeners) stopListening();
  };
  const service = createSessionService({
    store,
    config,
    flags: options.flags ?? {},
    logger,
    tokenStore,
    selectedEntityStore,
    loadIdentity: (settings) => {
      identitySettings.push(settings);
      return Promise.resolve(identity);
    },
    loadSingleSignOn: (settings) => {
      ssoSettings.push(settings);
      return Promise.resolve(sso);
    },
    ...(options.beforeEntitySelected === undefined
      ? {}
      : { beforeEntitySelected: options.beforeEntitySelected }),
  });
  return {
    store,
    service,
    tokenStore,
    calls,
    bodies,
    identity,
    sso,
    ssoSettings,
    identitySettings,
    logs,
    stop,
  };
}

const use: (options?: Parameters<typeof setup>[0]) => Setup = harnessPerTest(setup, { now: NOW });

describe('bootstrap', () => {
  it('with no stored token the session is anonymous and nothing is called', async () => {
    const { service, store, calls } = use();
    await service.bootstrap();
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.expiredNotice).toBe(false);
    expect(calls).toEqual([]);
  });

  it('with an active token loads the user context and is authenticated', async () => {
    const { service, store, tokenStore, calls } = use();
    tokenStore.set(tokenExpiringIn(3600, NOW));
    await service.bootstrap();
    const session = store.getState().session;
    expect(session.status).toBe('authenticated');
    expect(session.user?.firstName).toBe('Claire');
    expect(session.user?.isCollab).toBe(false);
    expect(session.entityCount).toBe(1);
    expect(session.singleEntityId).toBe(1001);
    expect(calls).toContain('GET /account/api/accounts/currentuser?pageSize=2');
    expect(calls).toContain('GET /contact/api/contacts/currentuser/terms');
  });

  it('with a token whose context the gateway cannot serve (500) the session is unavailable, not expired, and kept', async () => {
    const token = tokenExpiringIn(3600, NOW);
    const { service, store, tokenStore } = use({
      overrides: {
        'GET /contact/me': { status: 500 },
        'GET /connect/api/get-user-information': { status: 500 },
      },
    });
    tokenStore.set(token);
    await service.bootstrap();
    expect(store.getState().session.status).toBe('unavailable');
    expect(store.getState().session.expiredNotice).toBe(false);
    expect(tokenStore.get()).toBe(token);
  });

  it('a retry once the gateway answers again resumes the session', async () => {
    const me: Reply = { status: 503 };
    const information: Reply = { status: 503 };
    const { service, store, tokenStore } = use({
      overrides: { 'GET /contact/me': me, 'GET /connect/api/get-user-information': information },
    });
    tokenStore.set(tokenExpiringIn(3600, NOW));
    await service.bootstrap();
    expect(store.getState().session.status).toBe('unavailable');
    // The gateway is back.
    Object.assign(me, { status: 200, body: claire });
    Object.assign(information, {
      status: 200,
      body: { contact: claire, permissions: [], favoriteEntities: [] },
    });
    await service.retryBootstrap();
    expect(store.getState().session.status).toBe('authenticated');
    expect(store.getState().session.user?.firstName).toBe('Claire');
  });

  it('with a token whose context answers nonsense (404) the status is token without authentication', async () => {
    const { service, store, tokenStore } = use({
      overrides: {
        'GET /contact/me': { status: 404 },
        'GET /connect/api/get-user-information': { status: 404 },
      },
    });
    tokenStore.set(tokenExpiringIn(3600, NOW));
    await service.bootstrap();
    expect(store.getState().session.status).toBe('tokenWithoutAuth');
  });

  it('with a token the gateway rejects (forged) the session ends as expired', async () => {
    const { service, store, tokenStore } = use({
      overrides: {
        'GET /contact/me': { status: 401 },
        'GET /connect/api/get-user-information': { status: 401 },
        'GET /authorization/api/authorization/currentuser': { status: 401 },
        'GET /account/api/accounts/currentuser': { status: 401 },
      },
    });
    tokenStore.set(tokenExpiringIn(3600, NOW));
    await service.bootstrap();
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.expiredNotice).toBe(true);
    expect(tokenStore.get()).toBeNull();
  });

  it('a 401 on one context call only still ends the session as expired', async () => {
    const { service, store, tokenStore } = use({
      overrides: { 'GET /account/api/accounts/currentuser': { status: 401 } },
    });
    tokenStore.set(tokenExpiringIn(3600, NOW));
    await service.bootstrap();
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.expiredNotice).toBe(true);
  });

  it('with a stored token that has expired the session ends with the expired notice', async () => {
    const { service, store } = use();
    sessionStorage.setItem('token', tokenExpiringIn(-60, NOW));
    await service.bootstrap();
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.expiredNotice).toBe(true);
  });
});

describe('customer sign-in', () => {
  it('stores the token, loads the context and goes to the single entity home', async () => {
    const { service, store, tokenStore, calls } = use();
    const outcome = await service.signInCustomer({ email: 'claire.solo@demo.test', password: 'Demo-2026!' });
    expect(outcome).toEqual({ ok: true, to: '/dossier/1001/accueil' });
    expect(tokenStore.get()).not.toBeNull();
    expect(store.getState().session.status).toBe('authenticated');
    expect(calls[0]).toBe('POST /authentication/api/login');
    // No call is sent twice.
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('wrong credentials: no token, an invalid-credentials failure, still anonymous', async () => {
    const { service, store, tokenStore } = use({
      overrides: {
        'POST /authentication/api/login': { status: 401, body: { error: 'invalid_credentials' } },
      },
    });
    const outcome = await service.signInCustomer({ email: 'claire.solo@demo.test', password: 'wrong' });
    expect(outcome).toEqual({ ok: false, reason: 'invalid-credentials' });
    expect(tokenStore.get()).toBeNull();
    expect(store.getState().session.user).toBeNull();
  });

  it.each(['GET /authorization/api/authorization/currentuser', 'GET /account/api/accounts/currentuser'])(
    'a 401 on %s while signing in: a failure, no session, no token',
    async (call) => {
      const { service, store, tokenStore } = use({ overrides: { [call]: { status: 401 } } });
      // On the login page: anonymous, so the 401 handler has no session to end.
      await service.bootstrap();
      const outcome = await service.signInCustomer({
        email: 'claire.solo@demo.test',
        password: 'Demo-2026!',
      });
      expect(outcome).toEqual({ ok: false, reason: 'unavailable' });
      expect(store.getState().session.status).toBe('anonymous');
      expect(store.getState().session.user).toBeNull();
      expect(tokenStore.get()).toBeNull();
    },
  );

  it('a server failure is reported as unavailable', async () => {
    const { service } = use({ overrides: { 'POST /authentication/api/login': { status: 503 } } });
    expect(await service.signInCustomer({ email: 'a@b.fr', password: 'x' })).toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });

  it('returns to a safe redirect and never to another origin', async () => {
    const { service } = use();
    expect(
      await service.signInCustomer({ email: 'a@b.fr', password: 'x' }, '/dossier/1001/banque?x=1'),
    ).toEqual({
      ok: true,
      to: '/dossier/1001/banque?x=1',
    });
    expect(service.destinationAfterSignIn('https://evil.example')).toBe('/dossier/1001/accueil');
    expect(service.destinationAfterSignIn('//evil.example')).toBe('/dossier/1001/accueil');
  });

  /** A customer with three entities, the first page (SPEC 9: two) listing 1001 and 1002. */
  const several = {
    'GET /account/api/accounts/currentuser': {
      status: 200,
      body: {
        items: [entity1001, { ...entity1001, accountId: 1002 }],
        currentPage: 1,
        totalPage: 2,
        totalItems: 3,
      },
    },
  };

  it('with several entities lands on the client wallet', async () => {
    const { service } = use({ overrides: several });
    expect(await service.signInCustomer({ email: 'a@b.fr', password: 'x' })).toEqual({
      ok: true,
      to: '/portefeuille/mes-entites',
    });
  });

  it('with several entities and the one of an earlier visit still theirs, lands on it, with no more calls', async () => {
    localStorage.setItem('selected-entity', '1002');
    const { service, store, calls } = use({ overrides: several, returning: true });
    expect(await service.signInCustomer({ email: 'a@b.fr', password: 'x' })).toEqual({
      ok: true,
      to: '/dossier/1002/accueil',
    });
    expect(store.getState().session.rememberedEntityId).toBe(1002);
    // The user context only: reading the remembered entity back costs nothing on the landing path.
    expect(calls.filter((call) => call.includes('1002'))).toEqual([]);
  });

  it('with the shipped manifest, a customer with several entities still lands on the client wallet (SPEC 2)', async () => {
    localStorage.setItem('selected-entity', '1002');
    const { service, store } = use({ overrides: several });
    expect(await service.signInCustomer({ email: 'a@b.fr', password: 'x' })).toEqual({
      ok: true,
      to: '/portefeuille/mes-entites',
    });
    expect(store.getState().session.rememberedEntityId).toBe(1002);
  });

  it('an entity of an earlier visit that is no longer theirs, or not a number, is ignored', async () => {
    for (const stored of ['4242', 'dossier-1002']) {
      localStorage.setItem('selected-entity', stored);
      const { service, store, stop, tokenStore } = use({ overrides: several });
      expect(await service.signInCustomer({ email: 'a@b.fr', password: 'x' })).toEqual({
        ok: true,
        to: '/portefeuille/mes-entites',
      });
      expect(store.getState().session.rememberedEntityId).toBeNull();
      stop();
      tokenStore.dispose();
    }
  });

  it('a favourite entity beyond the first page counts as still theirs', async () => {
    localStorage.setItem('selected-entity', '1001');
    const { service, store } = use({
      overrides: {
        'GET /account/api/accounts/currentuser': {
          status: 200,
          body: {
            items: [
              { ...entity1001, accountId: 2001 },
              { ...entity1001, accountId: 2002 },
            ],
            currentPage: 1,
            totalPage: 3,
            totalItems: 5,
          },
        },
      },
    });
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    expect(store.getState().session.rememberedEntityId).toBe(1001);
  });

  it('sets the interaction flag during the sign-in and clears it after', async () => {
    const { service } = use();
    const seen: (string | null)[] = [];
    const pending = service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    seen.push(sessionStorage.getItem(INTERACTION_FLAG_KEY));
    await pending;
    seen.push(sessionStorage.getItem(INTERACTION_FLAG_KEY));
    expect(seen).toEqual(['login', null]);
  });
});

describe('terms of use', () => {
  it('a customer whose terms are not current is sent to terms validation, then continues after accepting', async () => {
    const { service, store, calls } = use({ termsCurrent: false });
    const outcome = await service.signInCustomer(
      { email: 'nina@demo.test', password: 'x' },
      '/portefeuille/mes-entites',
    );
    expect(outcome).toEqual({
      ok: true,
      to: `/validation-cgu/7?redirect=${encodeURIComponent('/portefeuille/mes-entites')}`,
    });
    expect(await service.checkTerms()).toEqual({ state: 'required', termsId: 7 });
    await service.acceptTerms(7);
    expect(calls).toContain('PATCH /contact/api/contacts/currentuser/terms?termsId=7');
    expect(store.getState().session.user?.hasAcceptedTerms).toBe(true);
    expect(await service.checkTerms()).toEqual({ state: 'current' });
    expect(service.destinationAfterSignIn(null)).toBe('/dossier/1001/accueil');
  });

  it('a collaborator is never asked about the terms', async () => {
    const { service, calls } = use({ user: paul });
    sessionStorage.setItem(INTERACTION_FLAG_KEY, 'login');
    const outcome = await service.completeCollaboratorSignIn(
      'http://localhost/collaborateur?code=abc&state=xyz',
    );
    expect(outcome).toEqual({ ok: true, to: '/portefeuille/mandats' });
    expect(calls.some((call) => call.includes('/terms'))).toBe(false);
  });
});

describe('collaborator sign-in', () => {
  it('exchanges the provider access token for a portal token', async () => {
    const { service, store, bodies, calls } = use({ user: paul });
    sessionStorage.setItem(INTERACTION_FLAG_KEY, 'login');
    await service.completeCollaboratorSignIn('http://localhost/collaborateur?code=abc&state=xyz');
    expect(calls[0]).toBe('POST /authentication/api/token-exchange');
    expect(bodies[0]).toBe(JSON.stringify({ accessToken: 'oidc-access' }));
    expect(store.getState().session.user?.isCollab).toBe(true);
    expect(sessionStorage.getItem(INTERACTION_FLAG_KEY)).toBeNull();
  });

  it('a 401 on the user context after the token exchange: a failure, no session, no token', async () => {
    const { service, store, tokenStore } = use({
      user: paul,
      overrides: { 'GET /authorization/api/authorization/currentuser': { status: 401 } },
    });
    await service.bootstrap();
    sessionStorage.setItem(INTERACTION_FLAG_KEY, 'login');
    expect(
      await service.completeCollaboratorSignIn('http://localhost/collaborateur?code=abc&state=xyz'),
    ).toEqual({ ok: false, reason: 'unavailable' });
    expect(store.getState().session.status).toBe('anonymous');
    expect(tokenStore.get()).toBeNull();
  });

  it('with no account in the tab yet (the silent request is an error), the collaborator goes to the provider', async () => {
    const { service, identity } = use({ user: paul });
    identity.acquireTokenSilent.mockRejectedValue(new NoAccountError());
    expect(await service.startCollaboratorSignIn(null)).toBe('redirecting');
    expect(identity.startSignIn).toHaveBeenCalledTimes(1);
  });

  it('arriving at /orion/collaborateur, the redirect URI keeps the /orion prefix the router dropped', async () => {
    const { service, identity, identitySettings } = use({ user: paul });
    // What UnknownPath does with the address the tab arrived at, before the login page renders.
    expect(passThroughPath(loadRealManifest(), '/orion/collaborateur', sessionStorage)).toBe(
      '/collaborateur',
    );
    expect(await service.startCollaboratorSignIn(null)).toBe('redirecting');
    expect(identity.startSignIn).toHaveBeenCalledTimes(1);
    expect(identitySettings.map((settings) => settings.redirectUri)).toEqual([
      `${window.location.origin}/orion/collaborateur`,
    ]);
    // The provider only accepts the plain path after sign-out.
    expect(identitySettings[0]?.postLogoutRedirectUri).toBe(`${window.location.origin}/collaborateur`);
  });

  it('without a prefix on arrival, the redirect URI is the plain collaborator login', async () => {
    const { service, identitySettings } = use({ user: paul });
    await service.startCollaboratorSignIn(null);
    expect(identitySettings[0]?.redirectUri).toBe(`${window.location.origin}/collaborateur`);
  });

  it('ignores a redirect result when no sign-in of this tab is in progress', async () => {
    const { service, identity, calls } = use({ user: paul });
    const outcome = await service.completeCollaboratorSignIn(
      'http://localhost/collaborateur?code=abc&state=xyz',
    );
    expect(outcome).toEqual({ ok: false, reason: 'not-expected' });
    expect(identity.completeSignIn).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('back from the provider sign-out, the flag is simply cleared', async () => {
    const { service, identity } = use({ user: paul });
    sessionStorage.setItem(INTERACTION_FLAG_KEY, 'logout');
    expect(await service.completeCollaboratorSignIn('http://localhost/collaborateur')).toEqual({
      ok: false,
      reason: 'no-result',
    });
    expect(sessionStorage.getItem(INTERACTION_FLAG_KEY)).toBeNull();
    expect(identity.completeSignIn).not.toHaveBeenCalled();
  });

  it('starting sets the flag and leaves for the provider with the safe redirect in the state', async () => {
    const { service, identity } = use({ user: paul });
    expect(await service.startCollaboratorSignIn('https://evil.example/x')).toBe('redirecting');
    expect(sessionStorage.getItem(INTERACTION_FLAG_KEY)).toBe('login');
    expect(identity.startSignIn).toHaveBeenCalledWith({ redirect: null });
  });

  it('a cached identity signs in without leaving the page', async () => {
    const { service, identity } = use({ user: paul });
    identity.acquireTokenSilent.mockResolvedValue('cached-access');
    expect(await service.startCollaboratorSignIn(null)).toEqual({ ok: true, to: '/portefeuille/dossiers' });
    expect(identity.startSignIn).not.toHaveBeenCalled();
  });
});

describe('sign-out', () => {
  it('customer: posts logout with gigyaUserId, then clears token and selected entity', async () => {
    const { service, store, tokenStore, calls, bodies } = use();
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    await service.selectEntity(1001);
    expect(localStorage.getItem('selected-entity')).toBe('1001');
    const outcome = await service.signOut();
    expect(outcome).toEqual({ redirected: false, to: '/login' });
    expect(calls.at(-1)).toBe('POST /authentication/api/logout');
    expect(bodies.at(-1)).toBe(JSON.stringify({ gigyaUserId: 'gigya-11' }));
    expect(tokenStore.get()).toBeNull();
    expect(localStorage.getItem('selected-entity')).toBeNull();
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.expiredNotice).toBe(false);
  });

  it('the session state changes only once the sign-out calls are settled (guards do not react halfway)', async () => {
    const { service, store, calls } = use();
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    const seen: string[] = [];
    const stop = store.subscribe(() => {
      const { status, signingOut, signedOutTo } = store.getState().session;
      const entry = `${status} signingOut=${String(signingOut)} to=${String(signedOutTo)} last=${calls.at(-1) ?? ''}`;
      if (seen.at(-1) !== entry) seen.push(entry);
    });
    await service.signOut();
    stop();
    expect(seen[0]).toMatch(/^authenticated signingOut=true to=null /);
    // Ended only after the logout call, and towards the login page the caller is sent to.
    expect(seen.find((entry) => entry.startsWith('anonymous'))).toBe(
      'anonymous signingOut=false to=/login last=POST /authentication/api/logout',
    );
    expect(seen.some((entry) => entry.startsWith('anonymous') && !entry.includes('logout'))).toBe(false);
  });

  it('with single sign-on on and no adapter configured, a warning is logged once', async () => {
    const { service, logs } = use({ flags: { singleSignOn: true }, singleSignOn: false });
    const warning =
      'warn: Single sign-on is on but no single sign-on adapter is configured: not signed out of it';
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    await service.signOut();
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    await service.signOut();
    expect(logs.filter((line) => line === warning)).toHaveLength(1);
  });

  it('without single sign-on, no such warning', async () => {
    const { service, logs } = use({ flags: { singleSignOn: false }, singleSignOn: false });
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    await service.signOut();
    expect(logs.some((line) => line.includes('no single sign-on adapter'))).toBe(false);
  });

  it('a failing logout call is logged and the user is signed out anyway', async () => {
    const { service, tokenStore, logs } = use({
      overrides: { 'POST /authentication/api/logout': { status: 500 } },
    });
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    await service.signOut();
    expect(tokenStore.get()).toBeNull();
    expect(logs.some((line) => line.includes('logout call failed'))).toBe(true);
  });

  it('collaborator: revokes the portal token first, then leaves for the provider sign-out', async () => {
    const { service, identity, tokenStore, store } = use({ user: paul });
    sessionStorage.setItem(INTERACTION_FLAG_KEY, 'login');
    await service.completeCollaboratorSignIn('http://localhost/collaborateur?code=a&state=b');
    let tokenWhenLeaving: string | null = 'unset';
    let sessionWhenLeaving = '';
    identity.signOut.mockImplementation(() => {
      tokenWhenLeaving = tokenStore.get();
      const { status, signingOut } = store.getState().session;
      sessionWhenLeaving = `${status} signingOut=${String(signingOut)}`;
      return Promise.resolve();
    });
    expect(await service.signOut()).toEqual({ redirected: true, to: '/collaborateur' });
    expect(tokenWhenLeaving).toBeNull();
    // The page being left does not react: its session is not ended under it (no login page meanwhile).
    expect(sessionWhenLeaving).toBe('authenticated signingOut=true');
    expect(sessionStorage.getItem(INTERACTION_FLAG_KEY)).toBe('logout');
  });

  it('a sign-out in another tab signs this tab out', async () => {
    const { service, store, tokenStore } = use();
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    // Another tab's sign-out reaches this one as a storage change of the token key.
    sessionStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', storageArea: sessionStorage }));
    expect(store.getState().session.status).toBe('anonymous');
    expect(tokenStore.get()).toBeNull();
  });
});

describe('early calls of an entity page (issue 17)', () => {
  it('starts the entity calls and the home layout while the page loads; selecting sends none again', async () => {
    const { service, store, calls } = use({
      overrides: {
        'GET /contact/api/contacts/currentuser/home-layouts/1001': { status: 200, body: null },
      },
    });
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    calls.length = 0;
    service.prefetchEntityPage(1001, ['homeLayout']);
    await service.selectEntity(1001);
    await vi.waitFor(() => {
      expect(calls).toContain('GET /contact/api/contacts/currentuser/home-layouts/1001');
    });
    expect([...calls].sort()).toEqual([
      'GET /authorization/api/authorization/currentuser?accountId=1001',
      'GET /connect/api/accounts/1001/summary',
      'GET /contact/api/contacts/currentuser/home-layouts/1001',
      'GET /reporting/api/reports/currentuser?accountId=1001',
    ]);
    expect(store.getState().session.selectedEntity?.accountId).toBe(1001);
  });

  it('sends nothing before the session is started, nor for the entity already selected', async () => {
    const { service, calls } = use();
    service.prefetchEntityPage(1001, ['homeLayout']);
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    await service.selectEntity(1001);
    const before = calls.length;
    service.prefetchEntityPage(1001, ['homeLayout']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.slice(before)).toEqual([]);
    expect(calls.filter((call) => call.includes('home-layouts'))).toEqual([]);
  });

  it('on a reload, asked while the stored session resumes: sent once it is started, with no selection', async () => {
    const { service, tokenStore, calls } = use({
      overrides: {
        'GET /contact/api/contacts/currentuser/home-layouts/1001': { status: 200, body: null },
      },
    });
    tokenStore.set(tokenExpiringIn(3600, NOW));
    const resumed = service.bootstrap();
    // The router's loader runs while the user context is on its way: nothing of the entity goes out yet.
    service.prefetchEntityPage(1001, ['homeLayout']);
    expect(calls.some((call) => call.includes('1001'))).toBe(false);
    await resumed;
    await vi.waitFor(() => {
      expect(calls).toContain('GET /contact/api/contacts/currentuser/home-layouts/1001');
    });
    const context = calls.findIndex((call) => call.startsWith('GET /contact/api/contacts/currentuser/terms'));
    const entityCalls = calls.filter((call) => call.includes('1001'));
    expect([...entityCalls].sort()).toEqual([
      'GET /authorization/api/authorization/currentuser?accountId=1001',
      'GET /connect/api/accounts/1001/summary',
      'GET /contact/api/contacts/currentuser/home-layouts/1001',
      'GET /reporting/api/reports/currentuser?accountId=1001',
    ]);
    // Every one after the whole user context, the terms included.
    expect(calls.indexOf(entityCalls[0] ?? '')).toBeGreaterThan(context);
  });

  it("stores the entity only once the page's early read is in, so the page renders with it", async () => {
    const { service, store } = use({
      overrides: {
        'GET /contact/api/contacts/currentuser/home-layouts/1001': {
          status: 200,
          body: { layout: [{ widget: 'news/rss', x: 0, y: 0, w: 2, h: 2 }] },
          // Later than the entity's own calls.
          delayMs: 60,
        },
      },
    });
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    const layoutWhenSelected: unknown[] = [];
    store.subscribe(() => {
      const state = store.getState();
      if (state.session.selectedEntity !== null && layoutWhenSelected.length === 0)
        layoutWhenSelected.push(state.gatewayApi.queries['homeLayout(1001)']?.status);
    });
    service.prefetchEntityPage(1001, ['homeLayout']);
    await service.selectEntity(1001);
    expect(layoutWhenSelected).toEqual(['fulfilled']);
  });

  it("tells what the state will be before storing the entity, and waits for the page's code no longer than the grace", async () => {
    const told: RootState[] = [];
    const { service, store } = use({
      beforeEntitySelected: (next) => {
        told.push(next);
        // Code that never arrives (offline): the page is not held by it past the grace.
        return new Promise(() => {
          /* never settles */
        });
      },
    });
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    const started = performance.now();
    await service.selectEntity(1001);
    const waited = performance.now() - started;
    expect(told).toHaveLength(1);
    expect(told[0]?.session.selectedEntity?.accountId).toBe(1001);
    expect(told[0]?.session.entityPermissions).toEqual(['CLUSER001']);
    expect(waited).toBeGreaterThanOrEqual(PAGE_READS_GRACE_MS - 20);
    expect(waited).toBeLessThan(PAGE_READS_GRACE_MS + 1000);
    expect(store.getState().session.selectedEntity?.accountId).toBe(1001);
  });

  it("on a reload, a customer's token asks the terms with the user context, not after the contact", async () => {
    const slowContact = { 'GET /contact/me': { status: 200, body: claire, delayMs: 80 } };
    const hinted = use({ overrides: slowContact });
    hinted.tokenStore.set(tokenExpiringIn(3600, NOW, { isCustomer: true }));
    const resumed = hinted.service.bootstrap();
    await new Promise((resolve) => setTimeout(resolve, 30));
    // The contact has not answered yet: the terms are already asked.
    expect(hinted.calls).toContain('GET /contact/api/contacts/currentuser/terms');
    await resumed;
    expect(hinted.store.getState().session.status).toBe('authenticated');
    hinted.stop();
    hinted.tokenStore.dispose();

    // A token that does not say: the terms wait for the contact, as SPEC 4 orders them.
    const { service, tokenStore, calls, store } = use({ overrides: slowContact });
    tokenStore.set(tokenExpiringIn(3600, NOW));
    const later = service.bootstrap();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).not.toContain('GET /contact/api/contacts/currentuser/terms');
    await later;
    expect(calls).toContain('GET /contact/api/contacts/currentuser/terms');
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('on a reload whose session does not start (or must accept the terms), sends nothing of the entity', async () => {
    const rejected = use({ overrides: { 'GET /contact/me': { status: 401 } } });
    rejected.tokenStore.set(tokenExpiringIn(3600, NOW));
    const ended = rejected.service.bootstrap();
    rejected.service.prefetchEntityPage(1001, ['homeLayout']);
    await ended;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rejected.calls.filter((call) => call.includes('1001'))).toEqual([]);
    rejected.stop();
    rejected.tokenStore.dispose();

    const { service, tokenStore, calls } = use({ termsCurrent: false });
    tokenStore.set(tokenExpiringIn(3600, NOW));
    const resumed = service.bootstrap();
    service.prefetchEntityPage(1001, ['homeLayout']);
    await resumed;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((call) => call.includes('1001'))).toEqual([]);
  });
});

describe('401 handler and expiry', () => {
  it('a 401 on a request ends the session as expired and clears the token', async () => {
    const { service, store, tokenStore } = use({
      overrides: { 'GET /connect/api/accounts/1001/summary': { status: 401 } },
    });
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    await expect(service.selectEntity(1001)).rejects.toBeDefined();
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.expiredNotice).toBe(true);
    expect(tokenStore.get()).toBeNull();
  });

  it('selecting an entity that fails rejects and selects nothing', async () => {
    const { service, store } = use({
      overrides: { 'GET /authorization/api/authorization/currentuser': { status: 403 } },
    });
    await expect(service.selectEntity(1001)).rejects.toBeDefined();
    expect(store.getState().session.selectedEntity).toBeNull();
    expect(localStorage.getItem('selected-entity')).toBeNull();
  });

  it('a 401 on a later call is one action, handled by the session: it ends as expired and the token goes', async () => {
    const { service, store, tokenStore } = use({
      overrides: { 'GET /connect/api/accounts/1002/summary': { status: 401 } },
    });
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    const seen: string[] = [];
    store.startListening({
      actionCreator: unauthorizedResponse,
      effect: (context) => {
        seen.push(context.url);
      },
    });
    await store.dispatch(sessionApi.endpoints.getEntitySummary.initiate(1002));
    expect(seen).toEqual(['connect/api/accounts/1002/summary']);
    expect(store.getState().session.status).toBe('anonymous');
    expect(store.getState().session.expiredNotice).toBe(true);
    expect(tokenStore.get()).toBeNull();
  });

  it('a 401 while signing out does not end the session as expired', async () => {
    const { service, store, tokenStore } = use();
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    const pending = service.signOut();
    store.dispatch(
      unauthorizedResponse({
        endpoint: 'getEntitySummary',
        url: 'connect/api/accounts/1001/summary',
        method: 'GET',
      }),
    );
    expect(store.getState().session.status).toBe('authenticated');
    await pending;
    expect(store.getState().session.expiredNotice).toBe(false);
    expect(tokenStore.get()).toBeNull();
  });
});

describe('user origin', () => {
  it.each([
    ['COLLAB', 'collaborator'],
    ['CLIENT', 'client'],
    ['anything', 'client'],
  ])('answer %s leads to the %s login', async (answer, expected) => {
    const { service } = use({ overrides: { 'GET /userorigin': { status: 200, body: answer } } });
    expect(await service.chooseLoginPage()).toBe(expected);
  });

  it('a failing user origin falls back to the client login', async () => {
    const { service } = use({ overrides: { 'GET /userorigin': { status: 500 } } });
    expect(await service.chooseLoginPage()).toBe('client');
  });
});

describe('customer single sign-on', () => {
  it('is available when its flag is on and the manifest configures the adapter', () => {
    expect(use({ flags: { singleSignOn: true } }).service.singleSignOnAvailable()).toBe(true);
    expect(use({ flags: { singleSignOn: false } }).service.singleSignOnAvailable()).toBe(false);
    expect(use({ flags: { singleSignOn: true }, singleSignOn: false }).service.singleSignOnAvailable()).toBe(
      false,
    );
  });

  it('builds the adapter from the manifest: its client, scopes and the callback route', async () => {
    const { service, ssoSettings, sso } = use({ flags: { singleSignOn: true } });
    // Nothing is loaded before the person asks for it.
    expect(ssoSettings).toEqual([]);
    await expect(service.startCustomerSingleSignOn('/dossier/1001/banque')).resolves.toBe('redirecting');
    expect(ssoSettings).toEqual([
      {
        authority: 'http://127.0.0.1:4010/oidc',
        clientId: 'portal-customers',
        scope: 'openid profile email',
        redirectUri: `${window.location.origin}/sso`,
      },
    ]);
    expect(sso.startSignIn).toHaveBeenCalledWith({ redirect: '/dossier/1001/banque' });
    expect(sessionStorage.getItem(INTERACTION_FLAG_KEY)).toBe('login');
  });

  it('does not start with its flag off', async () => {
    const { service, sso, ssoSettings } = use({ flags: { singleSignOn: false } });
    expect(await service.startCustomerSingleSignOn(null)).toEqual({ ok: false, reason: 'unavailable' });
    expect(sso.startSignIn).not.toHaveBeenCalled();
    expect(ssoSettings).toEqual([]);
  });

  it('never carries a redirect off the portal through the provider', async () => {
    const { service, sso } = use({ flags: { singleSignOn: true } });
    await service.startCustomerSingleSignOn('https://evil.test/steal');
    expect(sso.startSignIn).toHaveBeenCalledWith({ redirect: null });
  });

  it("completes the provider's answer: the access token is exchanged and the customer's session starts", async () => {
    const { service, store, tokenStore, calls, bodies } = use({ flags: { singleSignOn: true } });
    sessionStorage.setItem(INTERACTION_FLAG_KEY, 'login');
    const outcome = await service.completeCustomerSingleSignOn('http://localhost/sso?code=a&state=b');
    expect(outcome).toEqual({ ok: true, to: '/dossier/1001/banque' });
    expect(calls[0]).toBe('POST /authentication/api/token-exchange');
    expect(bodies[0]).toBe(JSON.stringify({ accessToken: 'sso-access' }));
    expect(tokenStore.get()).not.toBeNull();
    expect(store.getState().session.status).toBe('authenticated');
    expect(sessionStorage.getItem(INTERACTION_FLAG_KEY)).toBeNull();
  });

  it('ignores an answer no sign-in of this tab asked for, and just clears the flag without one', async () => {
    const { service, sso, tokenStore } = use({ flags: { singleSignOn: true } });
    const replay = await service.completeCustomerSingleSignOn('http://localhost/sso?code=a&state=b');
    expect(replay).toEqual({ ok: false, reason: 'not-expected' });
    expect(sso.completeSignIn).not.toHaveBeenCalled();
    sessionStorage.setItem(INTERACTION_FLAG_KEY, 'logout');
    const back = await service.completeCustomerSingleSignOn('http://localhost/sso');
    expect(back).toEqual({ ok: false, reason: 'no-result' });
    expect(sessionStorage.getItem(INTERACTION_FLAG_KEY)).toBeNull();
    expect(tokenStore.get()).toBeNull();
  });

  it('a refused exchange leaves no session and says it failed', async () => {
    const { service, store, tokenStore } = use({
      flags: { singleSignOn: true },
      overrides: { 'POST /authentication/api/token-exchange': { status: 401 } },
    });
    sessionStorage.setItem(INTERACTION_FLAG_KEY, 'login');
    const outcome = await service.completeCustomerSingleSignOn('http://localhost/sso?code=a&state=b');
    expect(outcome).toEqual({ ok: false, reason: 'unavailable' });
    expect(tokenStore.get()).toBeNull();
    expect(store.getState().session.status).not.toBe('authenticated');
  });

  it('sign-out: the logout call with gigyaUserId, token and entity gone, then the provider sign-out, last', async () => {
    const { service, sso, tokenStore, calls, bodies } = use({ flags: { singleSignOn: true } });
    sessionStorage.setItem(INTERACTION_FLAG_KEY, 'login');
    await service.completeCustomerSingleSignOn('http://localhost/sso?code=a&state=b');
    let tokenWhenLeaving: string | null = 'unset';
    sso.signOut.mockImplementation(() => {
      tokenWhenLeaving = tokenStore.get();
      return Promise.resolve();
    });
    const outcome = await service.signOut();
    expect(outcome).toEqual({ redirected: true, to: '/login' });
    expect(sso.signOut).toHaveBeenCalledTimes(1);
    expect(tokenWhenLeaving).toBeNull();
    expect(calls).toContain('POST /authentication/api/logout');
    expect(bodies).toContain(JSON.stringify({ gigyaUserId: 'gigya-11' }));
    expect(sessionStorage.getItem(INTERACTION_FLAG_KEY)).toBe('logout');
  });

  it('a customer who signed in with a password is not sent to the provider; nor anyone with the flag off', async () => {
    for (const [flag, signedIn] of [
      [true, false],
      [false, true],
    ] as const) {
      const { service, sso, stop } = use({ flags: { singleSignOn: flag }, ssoSignedIn: signedIn });
      await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
      expect(await service.signOut()).toEqual({ redirected: false, to: '/login' });
      expect(sso.signOut).not.toHaveBeenCalled();
      stop();
    }
  });

  it('a failing provider sign-out is logged and the customer is signed out anyway', async () => {
    const { service, sso, store, logs } = use({ flags: { singleSignOn: true } });
    sso.signOut.mockRejectedValue(new Error('provider down'));
    await service.signInCustomer({ email: 'a@b.fr', password: 'x' });
    expect(await service.signOut()).toEqual({ redirected: false, to: '/login' });
    expect(store.getState().session.status).toBe('anonymous');
    expect(logs.some((line) => line.startsWith('warn: Provider sign-out failed'))).toBe(true);
  });
});
