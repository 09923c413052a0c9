import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../testing/render-with-portal.tsx';
import { loadRealManifest } from '../testing/manifest.ts';
import { FileUpload } from './file-upload.tsx';
import type { UploadFile } from './file-upload.tsx';

afterEach(cleanup);

const rules = {
  maxFileSizeBytes: 1024,
  allowedTypes: ['application/pdf', 'image/png'],
  allowedExtensions: ['.pdf', '.png'],
};
const file = (name: string, size: number, type = 'application/pdf') =>
  new File([new Uint8Array(size).fill(0x25)], name, { type });

describe('the upload', () => {
  it('sends the files that pass the rules, says why the others did not go, and keeps both', async () => {
    const upload = vi.fn<UploadFile>((_file, { onProgress }) => {
      onProgress(0.5);
      return Promise.resolve({ id: 1 });
    });
    const onUploaded = vi.fn();
    const view = await renderWithPortal(
      <FileUpload label="Ajouter des documents" rules={rules} upload={upload} onUploaded={onUploaded} />,
      { config: loadRealManifest() },
    );
    await view.user.upload(await screen.findByLabelText('Ajouter des documents'), [
      file('bilan.pdf', 10),
      file('vide.pdf', 0),
      file('gros.pdf', 2048),
      // The picker offers only the allowed extensions; a wrong type behind one is still refused.
      file('scan.png', 10, 'image/gif'),
    ]);
    const list = screen.getByRole('list', { name: 'Fichiers en cours d’envoi' });
    await within(list).findByText('Envoyé', {}, { timeout: 5000 });
    expect(upload).toHaveBeenCalledOnce();
    expect(upload.mock.calls[0]?.[0].name).toBe('bilan.pdf');
    expect(onUploaded).toHaveBeenCalledWith({ id: 1 }, expect.any(File));
    const alerts = within(list)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Non envoyé : le fichier est vide.',
      expect.stringMatching(/^Non envoyé : le fichier dépasse 1\sko/) as string,
      expect.stringMatching(/^Non envoyé : ce type de fichier n’est pas accepté/) as string,
    ]);
  });

  it('cancels one file without touching the others, and says what the gateway refused', async () => {
    const upload = vi.fn<UploadFile>(
      (sent, { signal }) =>
        new Promise((resolve, reject) => {
          if (sent.name === 'refuse.pdf') reject(Object.assign(new Error('415'), { status: 415 }));
          signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
          if (sent.name === 'ok.pdf') resolve({ id: 2 });
        }),
    );
    const view = await renderWithPortal(<FileUpload label="Ajouter" rules={rules} upload={upload} />, {
      config: loadRealManifest(),
    });
    await view.user.upload(await screen.findByLabelText('Ajouter'), [
      file('lent.pdf', 10),
      file('refuse.pdf', 10),
      file('ok.pdf', 10),
    ]);
    await view.user.click(await screen.findByRole('button', { name: 'Annuler l’envoi de lent.pdf' }));
    await screen.findByText('Annulé : non envoyé', {}, { timeout: 5000 });
    expect(screen.getByText('Envoyé')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('ce type de fichier n’est pas accepté');
  });
});
