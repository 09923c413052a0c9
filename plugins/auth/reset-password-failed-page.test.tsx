import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderAuthPages } from '@portal/plugin-api/testing';
import auth from './index.ts';
import ResetPasswordFailedPage from './reset-password-failed-page.tsx';

afterEach(cleanup);

function open(manifest = loadRealManifest()) {
  return renderAuthPages({
    path: '/resetPasswordFailed',
    session: {},
    plugins: [auth],
    manifest,
    pages: [{ path: '/resetPasswordFailed', element: <ResetPasswordFailedPage /> }],
  });
}

describe('reset-link failure page: the support contact (SPEC 9)', () => {
  it("shows the manifest's contact in the card: who, phone, e-mail and hours", async () => {
    await open();
    const support = await screen.findByRole('region', { name: 'Contacter le support' });
    expect(support).toHaveTextContent('Sophie Laurent');
    expect(within(support).getByRole('link', { name: '01 84 60 12 30' })).toHaveAttribute(
      'href',
      'tel:0184601230',
    );
    expect(within(support).getByRole('link', { name: 'support@moreau-associes.example' })).toHaveAttribute(
      'href',
      'mailto:support@moreau-associes.example',
    );
    expect(support).toHaveTextContent('Du lundi au vendredi, de 9 h à 18 h');
    // The whole contact is in the card: the short line under it is not repeated.
    expect(screen.getAllByRole('link', { name: '01 84 60 12 30' })).toHaveLength(1);
  });

  it('without a contact in the manifest, none shows', async () => {
    const manifest = loadRealManifest();
    if (manifest.branding === undefined) throw new Error('manifest changed');
    delete manifest.branding.support;
    await open(manifest);
    expect(await screen.findByRole('heading', { name: 'Réinitialisation impossible' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Contacter le support' })).not.toBeInTheDocument();
    expect(screen.queryByText(/01 84 60 12 30/)).not.toBeInTheDocument();
  });
});
