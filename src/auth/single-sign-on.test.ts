// The customers' single sign-on adapter against a stand-in for oidc-client-ts's UserManager, and the
// settings it is built with from the manifest and the environment.
import { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { loadRealManifest } from '../testing/manifest.ts';
import { createSingleSignOn, singleSignOnManagerSettings } from './single-sign-on.ts';
import type { SingleSignOnManager } from './single-sign-on.ts';
import { singleSignOnSettings } from './single-sign-on-settings.ts';

const settings = {
  authority: 'http://127.0.0.1:4010/oidc',
  clientId: 'portal-customers',
  scope: 'openid profile email',
  redirectUri: 'http://127.0.0.1:5173/sso',
};

function user(state: unknown): User {
  const nowS = Math.floor(Date.now() / 1000);
  return new User({
    access_token: 'provider-access',
    id_token: 'provider-id',
    token_type: 'Bearer',
    profile: {
      sub: 'gigya-claire.solo',
      iss: settings.authority,
      aud: settings.clientId,
      exp: nowS + 60,
      iat: nowS,
    },
    expires_at: nowS + 60,
    userState: state,
  });
}

function manager(overrides: Partial<SingleSignOnManager> = {}) {
  return {
    signinRedirect: vi.fn<SingleSignOnManager['signinRedirect']>(() => Promise.resolve()),
    signinRedirectCallback: vi.fn<SingleSignOnManager['signinRedirectCallback']>(() =>
      Promise.resolve(user({ redirect: '/dossier/1001/banque' })),
    ),
    getUser: vi.fn<SingleSignOnManager['getUser']>(() => Promise.resolve(null)),
    signoutRedirect: vi.fn<SingleSignOnManager['signoutRedirect']>(() => Promise.resolve()),
    ...overrides,
  };
}

describe('single sign-on settings', () => {
  it('come from the manifest: client, scopes, and the callback route for both returns', () => {
    expect(singleSignOnSettings(loadRealManifest(), {}, 'http://127.0.0.1:5173')).toEqual(settings);
  });

  it('take the provider from the environment when set, without a trailing slash', () => {
    const env = { VITE_OIDC_AUTHORITY: ' http://127.0.0.1:4152/oidc/ ' };
    expect(singleSignOnSettings(loadRealManifest(), env, 'http://x.test')?.authority).toBe(
      'http://127.0.0.1:4152/oidc',
    );
  });

  it('are null when the manifest configures no adapter', () => {
    const config = loadRealManifest();
    delete config.identity.customer.singleSignOn;
    expect(singleSignOnSettings(config, {}, 'http://x.test')).toBeNull();
  });

  it('ask the library for the code flow, returning to the callback after sign-out, with no renewal', () => {
    const built = singleSignOnManagerSettings(settings, window.sessionStorage);
    expect(built).toMatchObject({
      authority: settings.authority,
      client_id: 'portal-customers',
      redirect_uri: 'http://127.0.0.1:5173/sso',
      post_logout_redirect_uri: 'http://127.0.0.1:5173/sso',
      response_type: 'code',
      scope: 'openid profile email',
      automaticSilentRenew: false,
      monitorSession: false,
    });
  });
});

describe('single sign-on adapter', () => {
  it('carries where the person was going through the provider and back', async () => {
    const fake = manager();
    const sso = createSingleSignOn(settings, { manager: fake });
    await sso.startSignIn({ redirect: '/dossier/1001/banque' });
    expect(fake.signinRedirect).toHaveBeenCalledWith({ state: { redirect: '/dossier/1001/banque' } });
    await expect(sso.completeSignIn('http://127.0.0.1:5173/sso?code=a&state=b')).resolves.toEqual({
      accessToken: 'provider-access',
      redirect: '/dossier/1001/banque',
    });
    expect(fake.signinRedirectCallback).toHaveBeenCalledWith('http://127.0.0.1:5173/sso?code=a&state=b');
  });

  it('reads a state it did not write as no redirect', async () => {
    const sso = createSingleSignOn(settings, {
      manager: manager({ signinRedirectCallback: () => Promise.resolve(user('/elsewhere')) }),
    });
    expect((await sso.completeSignIn('http://x.test/sso?code=a&state=b')).redirect).toBeNull();
  });

  it('knows whether this tab signed in through the provider', async () => {
    expect(await createSingleSignOn(settings, { manager: manager() }).isSignedIn()).toBe(false);
    const signedIn = manager({ getUser: () => Promise.resolve(user(null)) });
    expect(await createSingleSignOn(settings, { manager: signedIn }).isSignedIn()).toBe(true);
  });

  it('signs out at the provider', async () => {
    const fake = manager();
    await createSingleSignOn(settings, { manager: fake }).signOut();
    expect(fake.signoutRedirect).toHaveBeenCalledTimes(1);
  });

  it('a failed answer rejects, for the session to report', async () => {
    const sso = createSingleSignOn(settings, {
      manager: manager({ signinRedirectCallback: () => Promise.reject(new Error('state mismatch')) }),
    });
    await expect(sso.completeSignIn('http://x.test/sso?code=a&state=b')).rejects.toThrow('state mismatch');
  });
});
