// The strength meter of the password creation and reset forms: SPEC 5's five levels, said as one types,
// in words (not only by colour) and to assistive technology.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAuthPages } from '@portal/plugin-api/testing';
import CreatePasswordPage from './create-password-page.tsx';
import auth from './index.ts';
import ResetPasswordFormPage from './reset-password-form-page.tsx';

afterEach(() => {
  cleanup();
});

async function renderForm(path: string) {
  return renderAuthPages({
    path,
    // The forms call the gateway, never the session.
    session: {},
    plugins: [auth],
    pages: [
      { path: '/createPassword', element: <CreatePasswordPage /> },
      { path: '/resetPasswordForm', element: <ResetPasswordFormPage /> },
    ],
  });
}

describe('password strength meter', { timeout: 20_000 }, () => {
  it('goes through the five levels as one types, in words', async () => {
    const { user } = await renderForm('/createPassword?token=abc');
    const field = await screen.findByLabelText(/Nouveau mot de passe/);
    const said = () => screen.getByText(/^Force du mot de passe :/).textContent;
    expect(said()).toBe('Force du mot de passe : vide');
    await user.type(field, 'short');
    expect(said()).toBe('Force du mot de passe : faible');
    // Pasted, then typed: few keystrokes keep the test quick on a busy machine.
    await user.clear(field);
    await user.paste('ununununununz');
    expect(said()).toBe('Force du mot de passe : insuffisante');
    await user.clear(field);
    await user.paste('Un cheval bleu mange');
    expect(said()).toBe('Force du mot de passe : moyenne');
    await user.type(field, ' 2');
    expect(said()).toBe('Force du mot de passe : forte');
    await user.clear(field);
    expect(said()).toBe('Force du mot de passe : vide');
  });

  it('announces the level politely and labels the bar with it', async () => {
    const { user } = await renderForm('/resetPasswordForm?token=abc');
    await user.click(await screen.findByLabelText(/Nouveau mot de passe/));
    await user.paste('un cheval bleu mange');
    expect(screen.getByText('Force du mot de passe : moyenne')).toHaveAttribute('aria-live', 'polite');
    const bar = screen.getByRole('progressbar', { name: 'Force du mot de passe : moyenne' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
  });

  it('a common password stays weak however long, and the form says why before sending', async () => {
    const { user } = await renderForm('/createPassword?token=abc');
    const field = await screen.findByLabelText(/Nouveau mot de passe/);
    await user.click(field);
    await user.paste('Motdepasse2026!!');
    expect(screen.getByText('Force du mot de passe : faible')).toBeVisible();
    await user.click(screen.getByLabelText(/Confirmez le mot de passe/));
    await user.paste('Motdepasse2026!!');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(
      await screen.findByText('Ce mot de passe est trop courant : choisissez-en un autre.'),
    ).toBeVisible();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('without a token in the link says the link is incomplete', async () => {
    await renderForm('/resetPasswordForm');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce lien est incomplet : utilisez le lien reçu par e-mail.',
    );
  });
});
