import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRealManifest } from '../testing/manifest.ts';
import { renderWithPortal } from '../testing/render-with-portal.tsx';
import { FileUpload } from '../ui/file-upload.tsx';
import { useGatewayUpload } from './upload.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An XMLHttpRequest that answers every request with this refusal, as the gateway words it. */
function refusingXhr(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}) {
  return class {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    getResponseHeader(name: string) {
      return headers[name.toLowerCase()] ?? null;
    }
    send() {
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  };
}

function DocumentUpload() {
  const upload = useGatewayUpload();
  return (
    <FileUpload
      label="Ajouter des documents"
      rules={loadRealManifest().constants.documents}
      upload={(file, options) => {
        const form = new FormData();
        form.append('file', file);
        return upload('/account/api/accounts/1001/documents', { kind: 'accounting' }, form, options);
      }}
    />
  );
}

const pdf = () => new File(['%PDF-1.4'], 'facture.pdf', { type: 'application/pdf' });

describe('a document upload the gateway refuses (issue 27, item 9)', () => {
  it('shows the wait of a 429 from the gateway’s answer', async () => {
    vi.stubGlobal(
      'XMLHttpRequest',
      refusingXhr(
        429,
        { error: 'too_many_requests', message: 'Too many', retryAfterS: 540 },
        { 'retry-after': '540' },
      ),
    );
    const view = await renderWithPortal(<DocumentUpload />, {
      config: loadRealManifest(),
      persona: { isCustomer: true, entity: { accountId: 1001 } },
    });
    await view.user.upload(await screen.findByLabelText('Ajouter des documents'), [pdf()]);
    const list = screen.getByRole('list', { name: 'Fichiers en cours d’envoi' });
    expect(await within(list).findByRole('alert')).toHaveTextContent(
      'Non envoyé : trop de fichiers envoyés en peu de temps. Réessayez dans 9 minutes.',
    );
  });

  it('tells a full folder from a file too large', async () => {
    vi.stubGlobal(
      'XMLHttpRequest',
      refusingXhr(413, { error: 'quota_exceeded', message: 'full', quotaBytes: 2147483648 }),
    );
    const view = await renderWithPortal(<DocumentUpload />, {
      config: loadRealManifest(),
      persona: { isCustomer: true, entity: { accountId: 1001 } },
    });
    await view.user.upload(await screen.findByLabelText('Ajouter des documents'), [pdf()]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Non envoyé : l’espace de stockage de ce dossier est plein.',
    );
  });
});
