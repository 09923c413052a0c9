import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRealManifest } from '../../testing/manifest.ts';
import { renderWithPortal } from '../../testing/render-with-portal.tsx';
import NotificationSettingsForm from './notification-settings-form.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);
const config = loadRealManifest();
const stored = {
  favouritesOnly: false,
  types: Object.fromEntries(
    config.notifications.eventTypes.map((type) => [type, { email: true, inApp: true }]),
  ),
};

describe('notification settings drawer', () => {
  it('on failure says so in French and keeps the switches as set; on success saves what is shown', async () => {
    let failNext = true;
    const view = await renderWithPortal(<NotificationSettingsForm />, {
      config,
      persona: { isCustomer: true },
      gateway: ({ method, path, body }) => {
        if (!path.endsWith('/notification-settings')) return { status: 404 };
        if (method === 'GET') return { body: stored };
        if (failNext) {
          failNext = false;
          return { status: 500, body: { error: 'boom' } };
        }
        return { body };
      },
    });
    const inApp = await screen.findByRole('switch', {
      name: 'Dans le portail : Nouveau document de gestion sociale',
    });
    const favourites = screen.getByRole('switch', { name: /Uniquement pour mes entités favorites/ });
    expect(inApp).toBeChecked();
    await view.user.click(inApp);
    await view.user.click(favourites);
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Une erreur est survenue lors de la sauvegarde de vos paramètres. Veuillez réessayer.',
    );
    expect(inApp).not.toBeChecked();
    expect(favourites).toBeChecked();

    await view.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Vos paramètres de notifications ont été sauvegardés.',
    );
    const saved = view.requests.filter((request) => request.method === 'PUT').at(-1)?.body as typeof stored;
    expect(saved.favouritesOnly).toBe(true);
    expect(saved.types['Ged-GSDocumentUploaded']).toEqual({ email: true, inApp: false });
    expect(saved.types['Ged-AccountingDocumentUploaded']).toEqual({ email: true, inApp: true });
    await waitFor(() => expect(inApp).not.toBeChecked());
  });

  it('offers an e-mail and an in-app switch for each of the twelve event types', async () => {
    await renderWithPortal(<NotificationSettingsForm />, {
      config,
      persona: { isCustomer: true },
      gateway: () => ({ body: stored }),
    });
    await screen.findByRole('button', { name: 'Enregistrer' });
    expect(screen.getAllByRole('switch', { name: /^E-mail : / })).toHaveLength(12);
    expect(screen.getAllByRole('switch', { name: /^Dans le portail : / })).toHaveLength(12);
  });

  it('keeps each channel header on one line ("E-mail" never breaks at its hyphen)', async () => {
    await renderWithPortal(<NotificationSettingsForm />, {
      config,
      persona: { isCustomer: true },
      gateway: () => ({ body: stored }),
    });
    for (const name of ['E-mail', 'Dans le portail'])
      expect(await screen.findByRole('columnheader', { name })).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
