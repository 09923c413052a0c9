import { describe, expect, it } from 'vitest';
import { indexRoutes } from '../manifest/route-index.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { demoFlags, personaContext } from '../testing/personas.ts';
import { decideGuard } from './guard-decision.ts';
import type { GuardInput } from './guard-decision.ts';

const config = loadRealManifest();

function input(overrides: Partial<GuardInput>): GuardInput {
  const route = indexRoutes(config).get('wallet.entities');
  if (route === undefined) throw new Error('fixture');
  return {
    config,
    flags: demoFlags(config),
    routeName: 'wallet.entities',
    meta: route.meta,
    pathname: '/portefeuille/mes-entites',
    search: '',
    status: 'authenticated',
    signingOut: false,
    signedOutTo: null,
    user: { isCustomer: true, hasAcceptedTerms: true },
    terms: { state: 'current' },
    entityParam: undefined,
    selectedEntityId: null,
    entityLoad: null,
    context: personaContext(config, { isCustomer: true, entityCount: 2, global: [] }),
    ...overrides,
  };
}

describe('sign-out and the guard', () => {
  it('waits while a sign-out is under way instead of racing it to the login page', () => {
    expect(decideGuard(input({ signingOut: true }))).toEqual({ kind: 'wait' });
  });

  it('after a sign-out, goes where the sign-out goes, with no redirect back to the page', () => {
    expect(decideGuard(input({ status: 'anonymous', user: null, signedOutTo: '/collaborateur' }))).toEqual({
      kind: 'redirect',
      to: '/collaborateur',
      reason: 'signed-out',
    });
  });

  it('an anonymous visitor who did not sign out here is sent to the login with the way back', () => {
    expect(decideGuard(input({ status: 'anonymous', user: null }))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fportefeuille%2Fmes-entites',
      reason: 'authentication',
    });
  });
});
