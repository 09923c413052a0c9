// The guards of SPEC 2 and 4, rule by rule, as a person meets them: where each kind of visitor is sent
// from each kind of route, and in which order the rules apply.
import { describe, expect, it } from 'vitest';
import { indexRoutes } from '../manifest/route-index.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { demoFlags, personaContext } from '../testing/personas.ts';
import { decideGuard, isAnonymousOnly, isAuthenticatedOnly } from './guard-decision.ts';
import type { GuardInput } from './guard-decision.ts';

const config = loadRealManifest();
const routes = indexRoutes(config);

const claireContext = personaContext(config, {
  isCustomer: true,
  entityCount: 1,
  global: ['CLUSER001'],
  entity: { permissions: ['CLBANK001', 'CLUSER001'], isSignatory: true, isClarityVisible: false, reports: 3 },
});
const noCodesContext = personaContext(config, {
  isCustomer: true,
  entityCount: 2,
  global: [],
  entity: { permissions: [], isSignatory: false, isClarityVisible: false, reports: 0 },
});

/** Claire, signed in with her terms accepted, on `routeName` at `pathname`, her entity 1001 selected. */
function at(routeName: string, pathname: string, overrides: Partial<GuardInput> = {}): GuardInput {
  const route = routes.get(routeName);
  if (route === undefined) throw new Error(`no route ${routeName}`);
  return {
    config,
    flags: demoFlags(config),
    routeName,
    meta: route.meta,
    pathname,
    search: '',
    status: 'authenticated',
    signingOut: false,
    signedOutTo: null,
    user: { isCustomer: true, hasAcceptedTerms: true },
    terms: { state: 'current' },
    entityParam: /^\/dossier\/([^/]+)/.exec(pathname)?.[1],
    selectedEntityId: 1001,
    entityLoad: null,
    context: claireContext,
    ...overrides,
  };
}

const decide = (routeName: string, pathname: string, overrides: Partial<GuardInput> = {}) =>
  decideGuard(at(routeName, pathname, overrides));

describe('who a route is for (route metadata)', () => {
  it('reads anonymous-only and authenticated-only from allowAnonymous and allowAuthenticated', () => {
    expect(isAnonymousOnly({ allowAnonymous: true })).toBe(true);
    expect(isAnonymousOnly({ allowAnonymous: true, allowAuthenticated: true })).toBe(false);
    expect(isAnonymousOnly({ allowAuthenticated: true })).toBe(false);
    expect(isAnonymousOnly({})).toBe(false);
    expect(isAuthenticatedOnly({ allowAuthenticated: true })).toBe(true);
    expect(isAuthenticatedOnly({ allowAuthenticated: true, allowAnonymous: true })).toBe(false);
    expect(isAuthenticatedOnly({ allowAnonymous: true })).toBe(false);
    expect(isAuthenticatedOnly({})).toBe(false);
  });
});

describe('trailing slash (SPEC 2: the login variants redirect)', () => {
  it('drops the trailing slashes of a route that asks for it, keeping the query', () => {
    expect(decide('login', '/login/', { status: 'anonymous', user: null, search: '?choice=client' })).toEqual(
      {
        kind: 'redirect',
        to: '/login?choice=client',
        reason: 'trailing-slash',
      },
    );
    expect(decide('login', '/login//', { status: 'anonymous', user: null })).toMatchObject({ to: '/login' });
  });

  it('leaves routes without the setting, and the root, alone', () => {
    expect(decide('wallet.entities', '/portefeuille/mes-entites/')).toEqual({ kind: 'render' });
    expect(decide('login', '/login', { status: 'anonymous', user: null })).toEqual({ kind: 'render' });
  });
});

describe('maintenance (SPEC 4)', () => {
  const on = demoFlags(config, { [config.routing.maintenanceFlag]: true });

  it('sends everyone to the maintenance page while the mode is on, signed in or not', () => {
    expect(decide('entity.home', '/dossier/1001/accueil', { flags: on })).toEqual({
      kind: 'redirect',
      to: '/maintenance',
      reason: 'maintenance',
    });
    expect(decide('login', '/login', { flags: on, status: 'anonymous', user: null })).toMatchObject({
      to: '/maintenance',
    });
  });

  it('keeps people on the maintenance page while it is on, and lets them leave only once it is off', () => {
    expect(decide('maintenance', '/maintenance', { flags: on })).toEqual({ kind: 'render' });
    expect(decide('maintenance', '/maintenance')).toEqual({
      kind: 'redirect',
      to: '/',
      reason: 'maintenance-over',
    });
  });
});

describe('signed in or not (SPEC 2 and 4)', () => {
  it('waits, showing nothing, while the session is still unknown on a route reserved to one kind', () => {
    expect(decide('entity.home', '/dossier/1001/accueil', { status: 'unknown', user: null })).toEqual({
      kind: 'wait',
    });
    expect(decide('login', '/login', { status: 'unknown', user: null })).toEqual({ kind: 'wait' });
  });

  it('does not wait on pages open to everyone', () => {
    expect(decide('error.notFound', '/error/404', { status: 'unknown', user: null })).toEqual({
      kind: 'render',
    });
    expect(decide('expireToken', '/expireToken', { status: 'unknown', user: null })).toEqual({
      kind: 'render',
    });
  });

  it('sends a signed-in person away from anonymous-only pages to the authenticated root', () => {
    expect(decide('login', '/login')).toEqual({ kind: 'redirect', to: '/', reason: 'anonymous-only' });
    expect(decide('resetPassword', '/resetPassword')).toMatchObject({ to: '/', reason: 'anonymous-only' });
  });

  it('lets an anonymous visitor use the anonymous pages', () => {
    expect(decide('resetPassword', '/resetPassword', { status: 'anonymous', user: null })).toEqual({
      kind: 'render',
    });
  });

  it('sends an anonymous visitor to the client login, remembering the page and its query', () => {
    expect(
      decide('entity.bank', '/dossier/1001/banque', { status: 'anonymous', user: null, search: '?page=2' }),
    ).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fdossier%2F1001%2Fbanque%3Fpage%3D2',
      reason: 'authentication',
    });
  });

  it('says the session expired when a token is stored without a usable session (SPEC 4)', () => {
    expect(
      decide('entity.home', '/dossier/1001/accueil', { status: 'tokenWithoutAuth', user: null }),
    ).toEqual({
      kind: 'redirect',
      to: '/login?sessionExpired=true&redirect=%2Fdossier%2F1001%2Faccueil',
      reason: 'authentication',
    });
  });

  it('waits while a sign-out is under way instead of racing it to the login page', () => {
    expect(decide('wallet.entities', '/portefeuille/mes-entites', { signingOut: true })).toEqual({
      kind: 'wait',
    });
  });

  it('after a sign-out, goes where the sign-out goes, with no redirect back to the page', () => {
    expect(
      decide('wallet.entities', '/portefeuille/mes-entites', {
        status: 'anonymous',
        user: null,
        signedOutTo: '/collaborateur',
      }),
    ).toEqual({ kind: 'redirect', to: '/collaborateur', reason: 'signed-out' });
  });

  it('a sign-out under way only holds authenticated pages', () => {
    expect(decide('error.notFound', '/error/404', { signingOut: true })).toEqual({ kind: 'render' });
    expect(decide('wallet.entities', '/portefeuille/mes-entites', { signingOut: true })).toEqual({
      kind: 'wait',
    });
  });
});

describe('a gateway that did not answer when the stored session was resumed', () => {
  it('says the service is unavailable on every page that depends on who is signed in', () => {
    const unavailable = { status: 'unavailable' as const, user: null };
    expect(decide('entity.home', '/dossier/1001/accueil', unavailable)).toEqual({ kind: 'unavailable' });
    expect(decide('login', '/login', unavailable)).toEqual({ kind: 'unavailable' });
    expect(decide('root', '/', unavailable)).toEqual({ kind: 'unavailable' });
  });

  it('still shows the pages open to everyone (errors, maintenance)', () => {
    expect(decide('error.notFound', '/error/404', { status: 'unavailable', user: null })).toEqual({
      kind: 'render',
    });
  });
});

describe('terms of use (SPEC 4)', () => {
  const pending = { user: { isCustomer: true, hasAcceptedTerms: false } };

  it('asks for the terms state of a customer without stored acceptance, and waits for the answer', () => {
    expect(decide('entity.home', '/dossier/1001/accueil', { ...pending, terms: { state: 'idle' } })).toEqual({
      kind: 'check-terms',
    });
    expect(
      decide('entity.home', '/dossier/1001/accueil', { ...pending, terms: { state: 'pending' } }),
    ).toEqual({
      kind: 'wait',
    });
  });

  it('sends the customer to validate the terms when they are not current, then back where they were going', () => {
    expect(
      decide('entity.home', '/dossier/1001/accueil', {
        ...pending,
        terms: { state: 'required', termsId: 7 },
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/validation-cgu/7?redirect=%2Fdossier%2F1001%2Faccueil',
      reason: 'terms',
    });
  });

  it('lets the customer through once the terms are current', () => {
    expect(
      decide('entity.home', '/dossier/1001/accueil', { ...pending, terms: { state: 'current' } }),
    ).toEqual({
      kind: 'render',
    });
  });

  it('never asks a collaborator, nor on the terms page itself, nor when acceptance is stored', () => {
    const collaborator = {
      user: { isCustomer: false, hasAcceptedTerms: false },
      terms: { state: 'idle' } as const,
    };
    expect(decide('entity.home', '/dossier/1001/accueil', collaborator)).toEqual({ kind: 'render' });
    expect(
      decide('termsValidation', '/validation-cgu/7', {
        ...pending,
        terms: { state: 'required', termsId: 7 },
      }),
    ).toEqual({ kind: 'render' });
    expect(decide('entity.home', '/dossier/1001/accueil', { terms: { state: 'idle' } })).toEqual({
      kind: 'render',
    });
  });
});

describe('the entity of the address (SPEC 2 and 4)', () => {
  it.each(['abc', '1001abc', 'abc1001', '10.01', '-1', '1e3', '0x3E9', '99999999999999999999'])(
    'refuses the entity id %s with the 403 page',
    (id) => {
      expect(decide('entity.home', `/dossier/${id}/accueil`)).toEqual({
        kind: 'redirect',
        to: '/error/403',
        reason: 'entity-id',
      });
    },
  );

  it('loads another entity than the selected one before deciding anything else', () => {
    expect(decide('entity.bank', '/dossier/1002/banque')).toEqual({ kind: 'load-entity', entityId: 1002 });
    expect(decide('entity.bank', '/dossier/1002/banque', { selectedEntityId: null })).toEqual({
      kind: 'load-entity',
      entityId: 1002,
    });
  });

  it('waits while that entity loads, and shows 403 when it could not be loaded', () => {
    expect(
      decide('entity.bank', '/dossier/1002/banque', { entityLoad: { id: 1002, state: 'loading' } }),
    ).toEqual({
      kind: 'wait',
    });
    expect(
      decide('entity.bank', '/dossier/1002/banque', { entityLoad: { id: 1002, state: 'failed' } }),
    ).toEqual({
      kind: 'redirect',
      to: '/error/403',
      reason: 'entity-load',
    });
  });

  it('a failed load of another entity does not block this one', () => {
    expect(
      decide('entity.bank', '/dossier/1003/banque', { entityLoad: { id: 1002, state: 'failed' } }),
    ).toEqual({
      kind: 'load-entity',
      entityId: 1003,
    });
  });
});

describe('the route’s own access (SPEC 2: permission → landing, feature flag → 404)', () => {
  it('shows a page whose permission the person holds', () => {
    expect(decide('entity.bank', '/dossier/1001/banque')).toEqual({ kind: 'render' });
  });

  it('sends a person without the permission to the landing page', () => {
    expect(decide('entity.bank', '/dossier/1001/banque', { context: noCodesContext })).toEqual({
      kind: 'redirect',
      to: '/',
      reason: 'permission',
    });
  });

  it('shows 404 when the route’s feature flag is off', () => {
    const flags = demoFlags(config, { legacyBiReportDeposit: false });
    const paul = personaContext(config, {
      isCustomer: false,
      entityCount: 4,
      global: ['CORAP001'],
      flags: { legacyBiReportDeposit: false },
    });
    expect(
      decide('wallet.biDeposit', '/portefeuille/deposer-rapport-bi', {
        flags,
        context: paul,
        user: { isCustomer: false, hasAcceptedTerms: true },
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/error/404',
      reason: 'flag',
    });
  });

  it('shows 403 rather than looping when the landing page itself is closed to the person', () => {
    // A manifest whose landing for customers is a page they cannot open.
    const closedLanding = {
      ...config,
      landing: [{ to: 'wallet.users' }],
    } as typeof config;
    const input = at('wallet.users', '/portefeuille/gestion-utilisateurs', {
      config: closedLanding,
      context: personaContext(closedLanding, { isCustomer: true, entityCount: 2, global: [] }),
    });
    expect(decideGuard(input)).toEqual({ kind: 'redirect', to: '/error/403', reason: 'landing-closed' });
  });
});
