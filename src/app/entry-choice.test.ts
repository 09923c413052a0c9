import { describe, expect, it } from 'vitest';
import { loadRealManifest } from '../testing/manifest.ts';
import { entryApp } from './entry-choice.ts';
import type { EntryFacts } from './entry-choice.ts';

const config = loadRealManifest();

function facts(overrides: Partial<EntryFacts> = {}): EntryFacts {
  return {
    pathname: '/login',
    config,
    token: 'none',
    ...overrides,
  };
}

describe('which app the entry starts', () => {
  it('starts the sign-in app on the login route without a stored token, or with an expired one', () => {
    expect(entryApp(facts())).toBe('sign-in');
    expect(entryApp(facts({ pathname: '/login/' }))).toBe('sign-in');
    expect(entryApp(facts({ token: 'inactive' }))).toBe('sign-in');
  });

  it('starts the portal for a live session, even on the login route (it lands the person)', () => {
    expect(entryApp(facts({ token: 'active' }))).toBe('portal');
  });

  it('starts the portal on every other path', () => {
    expect(entryApp(facts({ pathname: '/' }))).toBe('portal');
    expect(entryApp(facts({ pathname: '/collaborateur' }))).toBe('portal');
    expect(entryApp(facts({ pathname: '/dossier/1001/accueil' }))).toBe('portal');
    expect(entryApp(facts({ pathname: '/login/extra' }))).toBe('portal');
  });

  it('follows the manifest: the login route is where the manifest puts it', () => {
    const moved = loadRealManifest();
    const login = [...moved.routes, ...moved.routes.flatMap((route) => route.children ?? [])].find(
      (route) => route.name === moved.routing.loginRoute,
    );
    if (login === undefined || !('path' in login)) throw new Error('no login route in the manifest');
    login.path = 'connexion';
    expect(entryApp(facts({ config: moved, pathname: '/connexion' }))).toBe('sign-in');
    expect(entryApp(facts({ config: moved, pathname: '/login' }))).toBe('portal');
  });
});
