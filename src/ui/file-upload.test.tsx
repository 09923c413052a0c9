import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../testing/render-with-portal.tsx';
import { loadRealManifest } from '../testing/manifest.ts';
import { FileUpload, acceptOf } from './file-upload.tsx';
import type { UploadFile } from './file-upload.tsx';

afterEach(cleanup);

const rules = {
  maxFileSizeBytes: 1024,
  allowedTypes: ['application/pdf', 'image/png'],
  allowedExtensions: ['.pdf', '.png'],
};
const file = (name: string, size: number, type = 'application/pdf') =>
  new File([new Uint8Array(size).fill(0x25)], name, { type });

const SCREEN = {
  'fr-FR': { label: 'Ajouter', list: 'Fichiers en cours d’envoi' },
  en: { label: 'Add', list: 'Files being sent' },
} as const;

/** Shows the upload in that language, picks the files in it, and answers the list of files being sent. */
async function pick(upload: UploadFile, files: File[], language: keyof typeof SCREEN = 'fr-FR') {
  const { label, list } = SCREEN[language];
  const view = await renderWithPortal(<FileUpload label={label} rules={rules} upload={upload} />, {
    config: loadRealManifest(),
    language,
  });
  await view.user.upload(await screen.findByLabelText(label), files);
  return { view, list: screen.getByRole('list', { name: list }) };
}

/** What each refused file of the list says. */
const alertsIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('alert')
    .map((alert) => alert.textContent);

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
    expect(alertsIn(list)).toEqual([
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
    const { view } = await pick(upload, [file('lent.pdf', 10), file('refuse.pdf', 10), file('ok.pdf', 10)]);
    await view.user.click(await screen.findByRole('button', { name: 'Annuler l’envoi de lent.pdf' }));
    await screen.findByText('Annulé : non envoyé', {}, { timeout: 5000 });
    expect(screen.getByText('Envoyé')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('ce type de fichier n’est pas accepté');
  });
});

describe('what the gateway answers about room and pace (issue 27, item 9)', () => {
  const refusing = (answers: Readonly<Record<string, object>>) =>
    vi.fn<UploadFile>((sent) =>
      Promise.reject(Object.assign(new Error('refused'), answers[sent.name] ?? { status: 500 })),
    );

  it('tells a full folder from a file too large, and says how long to wait after too many uploads', async () => {
    const upload = refusing({
      'plein.pdf': { status: 413, code: 'quota_exceeded' },
      'gros.pdf': { status: 413, code: 'payload_too_large' },
      'vite.pdf': { status: 429, code: 'too_many_requests', retryAfterS: 241 },
      'tout-de-suite.pdf': { status: 429, retryAfterS: 12 },
    });
    const { list } = await pick(upload, [
      file('plein.pdf', 10),
      file('gros.pdf', 10),
      file('vite.pdf', 10),
      file('tout-de-suite.pdf', 10),
    ]);
    await vi.waitFor(() => expect(within(list).getAllByRole('alert')).toHaveLength(4));
    expect(alertsIn(list)).toEqual([
      'Non envoyé : l’espace de stockage de ce dossier est plein.',
      expect.stringMatching(/^Non envoyé : le fichier dépasse 1\sko/) as string,
      'Non envoyé : trop de fichiers envoyés en peu de temps. Réessayez dans 5 minutes.',
      'Non envoyé : trop de fichiers envoyés en peu de temps. Réessayez dans 12 secondes.',
    ]);
  });

  it('says it in English too', async () => {
    const upload = refusing({
      'full.pdf': { status: 413, code: 'quota_exceeded' },
      'fast.pdf': { status: 429, retryAfterS: 60 },
    });
    const { list } = await pick(upload, [file('full.pdf', 10), file('fast.pdf', 10)], 'en');
    await vi.waitFor(() => expect(within(list).getAllByRole('alert')).toHaveLength(2));
    expect(alertsIn(list)).toEqual([
      'Not sent: this folder’s storage space is full.',
      'Not sent: too many files sent in a short time. Try again in 1 minute.',
    ]);
  });
});

describe('the upload on a phone', () => {
  /** A touch screen (or not): what `(pointer: coarse)` answers. */
  function pointer(coarse: boolean) {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: coarse && query === '(pointer: coarse)',
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as unknown as MediaQueryList,
    );
  }
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("offers the camera and the photo library: the picker accepts the rules' image types beside their extensions", async () => {
    const manifestRules = loadRealManifest().constants.documents;
    expect(acceptOf(manifestRules).split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.jpg', 'application/pdf', 'image/jpeg', 'image/png']),
    );
    await renderWithPortal(<FileUpload label="Ajouter" rules={rules} upload={vi.fn<UploadFile>()} />, {
      config: loadRealManifest(),
    });
    expect((await screen.findByLabelText('Ajouter')).getAttribute('accept')?.split(',')).toEqual([
      '.pdf',
      '.png',
      'application/pdf',
      'image/png',
    ]);
  });

  it('with the camera asked for, a touch screen gets "Prendre une photo", straight to the rear camera, whose photo is sent', async () => {
    pointer(true);
    const upload = vi.fn<UploadFile>(() => Promise.resolve({ id: 1 }));
    const view = await renderWithPortal(<FileUpload label="Ajouter" rules={rules} upload={upload} camera />, {
      config: loadRealManifest(),
    });
    expect(await screen.findByRole('button', { name: 'Prendre une photo' })).toBeVisible();
    const camera = screen.getByLabelText('Prendre une photo');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/png');
    await view.user.upload(camera, file('ticket.png', 10, 'image/png'));
    await vi.waitFor(() => expect(upload).toHaveBeenCalledOnce());
  });

  it('no camera button with a mouse, nor when it is not asked for, nor when the rules take no image', async () => {
    pointer(false);
    await renderWithPortal(<FileUpload label="Souris" rules={rules} upload={vi.fn<UploadFile>()} camera />, {
      config: loadRealManifest(),
    });
    await screen.findByLabelText('Souris');
    expect(screen.queryByRole('button', { name: 'Prendre une photo' })).toBeNull();
    cleanup();
    pointer(true);
    const pdfOnly = { ...rules, allowedTypes: ['application/pdf'], allowedExtensions: ['.pdf'] };
    await renderWithPortal(
      <>
        <FileUpload label="Sans demande" rules={rules} upload={vi.fn<UploadFile>()} />
        <FileUpload label="Sans image" rules={pdfOnly} upload={vi.fn<UploadFile>()} camera />
      </>,
      { config: loadRealManifest() },
    );
    await screen.findByLabelText('Sans image');
    expect(screen.getByLabelText('Sans demande')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Prendre une photo' })).toBeNull();
    expect(screen.queryByLabelText('Prendre une photo')).toBeNull();
  });
});
