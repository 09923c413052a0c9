import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignInOutcome } from '@portal/plugin-api';
import { renderAuthPages } from '@portal/plugin-api/testing';
import type { SessionFakes } from '@portal/plugin-api/testing';
import ClientLoginPage from './client-login-page.tsx';
import CollaboratorLoginPage from './collaborator-login-page.tsx';
import auth from './index.ts';
import SingleSignOnPage from './single-sign-on-page.tsx';

type Fake<K extends keyof SessionFakes> = NonNullable<SessionFakes[K]>;

/** What the three login pages' hooks use of the session (useCustomerSignIn, useCollaboratorSignIn, useSingleSignOnCallback). */
function fakeService(
  signIn: SignInOutcome,
  origin: 'client' | 'collaborator' = 'client',
  singleSignOn = false,
) {
  const service = {
    signInCustomer: vi.fn<Fake<'signInCustomer'>>(() => Promise.resolve(signIn)),
    startCollaboratorSignIn: vi.fn<Fake<'startCollaboratorSignIn'>>(() =>
      Promise.resolve('redirecting' as const),
    ),
    completeCollaboratorSignIn: vi.fn<Fake<'completeCollaboratorSignIn'>>(() =>
      Promise.resolve({ ok: false, reason: 'no-result' } as const),
    ),
    singleSignOnAvailable: vi.fn(() => singleSignOn),
    startCustomerSingleSignOn: vi.fn<Fake<'startCustomerSingleSignOn'>>(() =>
      Promise.resolve('redirecting' as const),
    ),
    completeCustomerSingleSignOn: vi.fn<Fake<'completeCustomerSingleSignOn'>>(() =>
      Promise.resolve({ ok: false, reason: 'no-result' } as const),
    ),
    chooseLoginPage: vi.fn<Fake<'chooseLoginPage'>>(() => Promise.resolve(origin)),
  };
  return service;
}

afterEach(() => {
  cleanup();
});

function renderLogin(path: string, service: ReturnType<typeof fakeService>, expired = false) {
  return renderAuthPages({
    path,
    session: service,
    expired,
    plugins: [auth],
    pages: [
      { path: '/login', element: <ClientLoginPage /> },
      { path: '/collaborateur', element: <CollaboratorLoginPage /> },
      { path: '/sso', element: <SingleSignOnPage /> },
    ],
  });
}

describe('client login page', () => {
  it('shows inline errors for empty and malformed fields and sends nothing', async () => {
    const service = fakeService({ ok: true, to: '/dossier/1001/accueil' });
    const { user } = await renderLogin('/login?choice=client', service);
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Saisissez votre e-mail.')).toBeVisible();
    expect(screen.getByText('Saisissez votre mot de passe.')).toBeVisible();
    await user.type(screen.getByLabelText(/E-mail/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(/Saisissez un e-mail valide/)).toBeVisible();
    expect(service.signInCustomer).not.toHaveBeenCalled();
  });

  it('on wrong credentials shows an alert and keeps the typed e-mail', async () => {
    const service = fakeService({ ok: false, reason: 'invalid-credentials' });
    const { user } = await renderLogin('/login?choice=client', service);
    await user.type(await screen.findByLabelText(/E-mail/), 'claire.solo@demo.test');
    await user.type(screen.getByLabelText(/Mot de passe/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou mot de passe incorrect.');
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('claire.solo@demo.test');
    expect(service.signInCustomer).toHaveBeenCalledWith(
      { email: 'claire.solo@demo.test', password: 'wrong' },
      null,
    );
  });

  it('after too many attempts says how long to wait', async () => {
    const service = fakeService({ ok: false, reason: 'throttled', retryAfterS: 840 });
    const { user } = await renderLogin('/login?choice=client', service);
    await user.type(await screen.findByLabelText(/E-mail/), 'claire.solo@demo.test');
    await user.type(screen.getByLabelText(/Mot de passe/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Trop de tentatives. Réessayez dans 14 minutes.',
    );
  });

  it('on success goes where the service says, passing the redirect along', async () => {
    const service = fakeService({ ok: true, to: '/dossier/1001/banque' });
    const { user, router } = await renderLogin(
      '/login?choice=client&redirect=%2Fdossier%2F1001%2Fbanque',
      service,
    );
    await user.type(await screen.findByLabelText(/E-mail/), 'claire.solo@demo.test');
    await user.type(screen.getByLabelText(/Mot de passe/), 'Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dossier/1001/banque');
    });
    expect(service.signInCustomer.mock.calls[0]?.[1]).toBe('/dossier/1001/banque');
  });

  it('the submit button is disabled while signing in', async () => {
    const service = fakeService({ ok: true, to: '/x' });
    service.signInCustomer.mockImplementation(() => new Promise(() => undefined));
    const { user } = await renderLogin('/login?choice=client', service);
    await user.type(await screen.findByLabelText(/E-mail/), 'claire.solo@demo.test');
    await user.type(screen.getByLabelText(/Mot de passe/), 'Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
    });
  });

  it('a user whose origin is COLLAB is sent to the collaborator login', async () => {
    const service = fakeService({ ok: true, to: '/x' }, 'collaborator');
    const { router } = await renderLogin('/login', service);
    expect(
      await screen.findByRole('button', { name: 'Se connecter avec mon compte collaborateur' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/collaborateur');
  });

  it('links to the password reset and to the collaborator login', async () => {
    const service = fakeService({ ok: true, to: '/x' });
    await renderLogin('/login?choice=client', service);
    expect(await screen.findByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute(
      'href',
      '/resetPassword',
    );
    expect(screen.getByRole('link', { name: /Connexion collaborateur/ })).toHaveAttribute(
      'href',
      '/collaborateur',
    );
  });

  it("the collaborators' link starts the provider's sign-in at once, with the redirect", async () => {
    const service = fakeService({ ok: true, to: '/x' });
    const { user, router } = await renderLogin('/login?choice=client&redirect=%2Fmandats', service);
    await user.click(await screen.findByRole('link', { name: /Connexion collaborateur/ }));
    expect(service.startCollaboratorSignIn).toHaveBeenCalledWith('/mandats');
    // Leaving for the provider: no stop on the collaborator page.
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Redirection vers la connexion collaborateur…')).toBeVisible();
  });

  it("says so when the collaborators' sign-in cannot start", async () => {
    const service = fakeService({ ok: true, to: '/x' });
    service.startCollaboratorSignIn.mockResolvedValue({ ok: false, reason: 'unavailable' });
    const { user } = await renderLogin('/login?choice=client', service);
    await user.click(await screen.findByRole('link', { name: /Connexion collaborateur/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La connexion collaborateur a échoué. Veuillez réessayer.',
    );
    expect(screen.getByRole('link', { name: /Connexion collaborateur/ })).toBeVisible();
  });

  it("shows the firm's name, logo and support from the manifest", async () => {
    await renderLogin('/login?choice=client', fakeService({ ok: true, to: '/x' }));
    expect(await screen.findByText('Cabinet Moreau & Associés')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Cabinet Moreau & Associés' })).toHaveAttribute(
      'src',
      '/branding/logo.svg',
    );
    expect(screen.getByRole('link', { name: 'support@moreau-associes.example' })).toHaveAttribute(
      'href',
      'mailto:support@moreau-associes.example',
    );
    expect(screen.getByRole('link', { name: '01 84 60 12 30' })).toHaveAttribute('href', 'tel:0184601230');
  });

  it('after an expiry shows the modal Session expirée', async () => {
    const service = fakeService({ ok: true, to: '/x' });
    const { user } = await renderLogin('/login?choice=client', service, true);
    const dialog = await screen.findByRole('dialog', { name: 'Session expirée' });
    expect(dialog).toHaveTextContent('Vous avez été déconnecté pour des raisons de sécurité.');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Session expirée' })).not.toBeInTheDocument();
    });
  });
});

describe('collaborator login page', () => {
  it('starts the provider sign-in with the redirect and links back to the client login', async () => {
    const service = fakeService({ ok: true, to: '/x' });
    const { user } = await renderLogin('/collaborateur?redirect=%2Fmandats', service);
    await user.click(
      await screen.findByRole('button', { name: 'Se connecter avec mon compte collaborateur' }),
    );
    expect(service.startCollaboratorSignIn).toHaveBeenCalledWith('/mandats');
    expect(screen.getByRole('link', { name: /Connexion client/ })).toHaveAttribute(
      'href',
      '/login?choice=client&redirect=%2Fmandats',
    );
  });

  it('completes a provider answer and goes on', async () => {
    const service = fakeService({ ok: true, to: '/x' });
    service.completeCollaboratorSignIn.mockResolvedValue({ ok: true, to: '/portefeuille/dossiers' });
    const { router } = await renderLogin('/collaborateur?code=a&state=b', service);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/portefeuille/dossiers');
    });
  });
});

describe('single sign-on', { timeout: 20_000 }, () => {
  const continueWith = { name: 'Continuer avec la connexion unique' };

  it('is offered on the client login only when the service says it is available', async () => {
    await renderLogin('/login?choice=client', fakeService({ ok: true, to: '/x' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeVisible();
    expect(screen.queryByRole('button', continueWith)).toBeNull();
    cleanup();
    await renderLogin('/login?choice=client', fakeService({ ok: true, to: '/x' }, 'client', true));
    expect(await screen.findByRole('button', continueWith)).toBeVisible();
  });

  it('starts with the redirect, and says so when the provider cannot be reached', async () => {
    const service = fakeService({ ok: true, to: '/x' }, 'client', true);
    service.startCustomerSingleSignOn.mockResolvedValue({ ok: false, reason: 'unavailable' });
    const { user } = await renderLogin('/login?choice=client&redirect=%2Fmandats', service);
    await user.click(await screen.findByRole('button', continueWith));
    expect(service.startCustomerSingleSignOn).toHaveBeenCalledWith('/mandats');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La connexion unique a échoué. Veuillez réessayer.',
    );
    expect(service.signInCustomer).not.toHaveBeenCalled();
  });

  it('the callback page completes the answer and goes on', async () => {
    const service = fakeService({ ok: true, to: '/x' }, 'client', true);
    service.completeCustomerSingleSignOn.mockResolvedValue({ ok: true, to: '/dossier/1001/accueil' });
    const { router } = await renderLogin('/sso?code=a&state=b', service);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dossier/1001/accueil');
    });
  });

  it('the callback page without an answer (back from the sign-out) goes to the client login', async () => {
    const service = fakeService({ ok: true, to: '/x' }, 'client', true);
    const { router } = await renderLogin('/sso', service);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
  });

  it('a failed answer is said, its code dropped from the address, with a way back', async () => {
    const service = fakeService({ ok: true, to: '/x' }, 'client', true);
    service.completeCustomerSingleSignOn.mockResolvedValue({ ok: false, reason: 'unavailable' });
    const { router } = await renderLogin('/sso?code=a&state=b', service);
    expect(await screen.findByRole('alert')).toHaveTextContent('La connexion unique a échoué.');
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/login');
  });
});
