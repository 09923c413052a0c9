// SPEC 4 and 9 rules of the collaborator's silent token acquisition, against a stand-in for
// oidc-client-ts: cache, then refresh token, then hidden frame (bounded retries), one attempt shared.
import { ErrorResponse, User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import type { LogLevelName } from '../logging/logger.ts';
import { createCollaboratorIdentity, userManagerSettings } from './collaborator-identity.ts';
import { NoAccountError } from './identity-errors.ts';
import type { UserManagerLike } from './collaborator-identity.ts';
import { collaboratorIdentitySettings } from './collaborator-settings.ts';
import type { CollaboratorIdentitySettings } from './collaborator-settings.ts';
import { loadRealManifest } from '../testing/manifest.ts';

const settings: CollaboratorIdentitySettings = {
  authority: 'http://127.0.0.1:4010/oidc',
  clientId: 'portal',
  scope: 'openid offline_access',
  redirectUri: 'http://127.0.0.1:5173/collaborateur',
  silentRedirectUri: 'http://127.0.0.1:5173/silent-renew.html',
  postLogoutRedirectUri: 'http://127.0.0.1:5173/collaborateur',
  silentRequestTimeoutInSeconds: 10,
  renewalOffsetSeconds: 300,
  maxSilentRetries: 2,
};

/** A real identity-library user; `expired` follows `expires_at` (seconds). */
function user(options: { access_token?: string; expired?: boolean; refresh_token?: string }): User {
  const nowS = Math.floor(Date.now() / 1000);
  return new User({
    access_token: options.access_token ?? 'cached',
    token_type: 'Bearer',
    profile: { sub: 'paul', iss: settings.authority, aud: 'portal', exp: nowS + 3600, iat: nowS },
    expires_at: options.expired === true ? nowS - 10 : nowS + 3600,
    ...(options.refresh_token === undefined ? {} : { refresh_token: options.refresh_token }),
  });
}

/** An account whose token expired and holds no refresh token: only the hidden frame can renew it. */
const expiredAccount = () => Promise.resolve(user({ expired: true }));

function manager(overrides: Partial<UserManagerLike>): UserManagerLike {
  return {
    signinRedirect: vi.fn(),
    signinRedirectCallback: vi.fn(),
    signinSilent: vi.fn(),
    getUser: vi.fn(() => Promise.resolve(null)),
    signoutRedirect: vi.fn(),
    stopSilentRenew: vi.fn(),
    ...overrides,
  };
}

function logs() {
  const entries: { level: LogLevelName; message: string }[] = [];
  return {
    entries,
    logger: createLogger({ minLevel: 1, sink: (level, message) => entries.push({ level, message }) }),
  };
}

describe('silent acquisition of a collaborator token', () => {
  it('the identity library gets the SPEC 9 frame timeout and renewal offset', () => {
    const built = userManagerSettings(settings, sessionStorage);
    expect(built.silentRequestTimeoutInSeconds).toBe(10);
    expect(built.accessTokenExpiringNotificationTimeInSeconds).toBe(300);
    expect(built.automaticSilentRenew).toBe(true);
  });

  it('the manifest gives SPEC 9 figures: a 10,000 ms frame timeout and a 300 s renewal offset', () => {
    const fromManifest = collaboratorIdentitySettings(
      loadRealManifest(),
      {},
      { origin: 'http://127.0.0.1:5173', pathname: '/collaborateur' },
    );
    const built = userManagerSettings(fromManifest, sessionStorage);
    expect(built.silentRequestTimeoutInSeconds).toBe(10);
    expect(built.accessTokenExpiringNotificationTimeInSeconds).toBe(300);
  });

  it('takes the cached token first, without any call', async () => {
    const signinSilent = vi.fn();
    const identity = createCollaboratorIdentity({
      settings,
      logger: logs().logger,
      userManager: manager({ getUser: () => Promise.resolve(user({})), signinSilent }),
    });
    await expect(identity.acquireTokenSilent()).resolves.toBe('cached');
    expect(signinSilent).not.toHaveBeenCalled();
  });

  it('then the refresh token, when the cached one has expired', async () => {
    const signinSilent = vi.fn(() => Promise.resolve(user({ access_token: 'renewed' })));
    const identity = createCollaboratorIdentity({
      settings,
      logger: logs().logger,
      userManager: manager({
        getUser: () => Promise.resolve(user({ expired: true, refresh_token: 'r1' })),
        signinSilent,
      }),
    });
    await expect(identity.acquireTokenSilent()).resolves.toBe('renewed');
    expect(signinSilent).toHaveBeenCalledOnce();
  });

  it('then the hidden frame; a frame that times out is tried again a bounded number of times, then gives up', async () => {
    const { entries, logger } = logs();
    const signinSilent = vi.fn(() => Promise.reject(new Error('Frame window timed out')));
    const identity = createCollaboratorIdentity({
      settings,
      logger,
      userManager: manager({ signinSilent, getUser: expiredAccount }),
    });
    await expect(identity.acquireTokenSilent()).resolves.toBeNull();
    expect(signinSilent).toHaveBeenCalledTimes(1 + settings.maxSilentRetries);
    expect(entries.filter((entry) => entry.message === 'Silent sign-in attempt failed')).toHaveLength(3);
  });

  it('after a refresh token that fails, the hidden frame is really a frame (the refresh token is not tried again)', async () => {
    const signinSilent = vi.fn((args?: { forceIframeAuth?: boolean }) =>
      args?.forceIframeAuth === true
        ? Promise.resolve(user({ access_token: 'framed' }))
        : Promise.reject(new ErrorResponse({ error: 'invalid_grant' })),
    );
    const identity = createCollaboratorIdentity({
      settings,
      logger: logs().logger,
      userManager: manager({
        getUser: () => Promise.resolve(user({ expired: true, refresh_token: 'stale' })),
        signinSilent,
      }),
    });
    await expect(identity.acquireTokenSilent()).resolves.toBe('framed');
    expect(signinSilent.mock.calls).toEqual([[], [{ forceIframeAuth: true }]]);
  });

  it('a request that may use the frame, made while one that may not is running, waits for it, then frames', async () => {
    let account: (value: User) => void = () => {};
    const getUser = vi
      .fn<() => Promise<User | null>>()
      .mockImplementationOnce(() => new Promise<User>((resolve) => (account = resolve)))
      .mockImplementation(expiredAccount);
    const signinSilent = vi.fn(() => Promise.resolve(user({ access_token: 'framed' })));
    const identity = createCollaboratorIdentity({
      settings,
      logger: logs().logger,
      userManager: manager({ getUser, signinSilent }),
    });
    const withoutFrame = identity.acquireTokenSilent({ allowFrame: false });
    const withFrame = identity.acquireTokenSilent();
    await vi.waitFor(() => expect(getUser).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Queued, not side by side: nothing is asked while the first is running, not even the account.
    expect(getUser).toHaveBeenCalledOnce();
    expect(signinSilent).not.toHaveBeenCalled();
    account(user({ expired: true }));
    await expect(withoutFrame).resolves.toBeNull();
    await expect(withFrame).resolves.toBe('framed');
    expect(signinSilent).toHaveBeenCalledOnce();
  });

  it('stops at once when the provider says the person must sign in', async () => {
    const signinSilent = vi.fn(() => Promise.reject(new ErrorResponse({ error: 'login_required' })));
    const identity = createCollaboratorIdentity({
      settings,
      logger: logs().logger,
      userManager: manager({ signinSilent, getUser: expiredAccount }),
    });
    await expect(identity.acquireTokenSilent()).resolves.toBeNull();
    expect(signinSilent).toHaveBeenCalledOnce();
  });

  it('parallel requests share one attempt (frame requests are not run side by side)', async () => {
    let answer: (value: User) => void = () => {};
    const signinSilent = vi.fn(() => new Promise<User>((resolve) => (answer = resolve)));
    const identity = createCollaboratorIdentity({
      settings,
      logger: logs().logger,
      userManager: manager({ signinSilent, getUser: expiredAccount }),
    });
    const all = Promise.all([
      identity.acquireTokenSilent(),
      identity.acquireTokenSilent(),
      identity.acquireTokenSilent(),
    ]);
    await vi.waitFor(() => expect(signinSilent).toHaveBeenCalledOnce());
    answer(user({ access_token: 'framed' }));
    await expect(all).resolves.toEqual(['framed', 'framed', 'framed']);
  });

  it('without the frame allowed, an account with neither a live token nor a refresh token gets nothing silently', async () => {
    const signinSilent = vi.fn();
    const identity = createCollaboratorIdentity({
      settings,
      logger: logs().logger,
      userManager: manager({ signinSilent, getUser: expiredAccount }),
    });
    await expect(identity.acquireTokenSilent({ allowFrame: false })).resolves.toBeNull();
    expect(signinSilent).not.toHaveBeenCalled();
  });

  it('without an account (no identity cached in this tab) it is an error, and nothing is asked of the provider', async () => {
    const signinSilent = vi.fn();
    const identity = createCollaboratorIdentity({
      settings,
      logger: logs().logger,
      userManager: manager({ signinSilent }),
    });
    await expect(identity.acquireTokenSilent()).rejects.toBeInstanceOf(NoAccountError);
    expect(signinSilent).not.toHaveBeenCalled();
    // The next request, once signed in, is not stuck on the failed one.
    await expect(identity.acquireTokenSilent()).rejects.toBeInstanceOf(NoAccountError);
  });
});
