import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../testing/render-with-portal.tsx';
import { loadRealManifest } from '../testing/manifest.ts';
import { ConfirmAction } from './confirm-action.tsx';

afterEach(cleanup);

const props = {
  label: 'Supprimer',
  ariaLabel: 'Supprimer Bilan 2025',
  title: 'Supprimer ce rapport ?',
  message: 'Le rapport « Bilan 2025 » sera supprimé pour tous les utilisateurs.',
  confirmLabel: 'Supprimer le rapport',
  errorMessage: 'La suppression a échoué.',
};

describe('confirmation of a destructive action', () => {
  it('names what will be destroyed and runs the action only once confirmed', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const view = await renderWithPortal(<ConfirmAction {...props} onConfirm={onConfirm} />, {
      config: loadRealManifest(),
    });
    await view.user.click(screen.getByRole('button', { name: 'Supprimer Bilan 2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce rapport ?' });
    expect(dialog).toHaveTextContent('« Bilan 2025 » sera supprimé');
    await view.user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await view.user.click(screen.getByRole('button', { name: 'Supprimer Bilan 2025' }));
    await view.user.click(await screen.findByRole('button', { name: 'Supprimer le rapport' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open and says so when the action fails', async () => {
    const view = await renderWithPortal(
      <ConfirmAction {...props} onConfirm={() => Promise.reject(new Error('403'))} />,
      { config: loadRealManifest() },
    );
    await view.user.click(screen.getByRole('button', { name: 'Supprimer Bilan 2025' }));
    await view.user.click(await screen.findByRole('button', { name: 'Supprimer le rapport' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La suppression a échoué.');
    expect(screen.getByRole('dialog')).toBeVisible();
  });
});
