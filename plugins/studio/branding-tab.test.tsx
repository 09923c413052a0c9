// The studio edits the firm's branding with the rest (issue 30 item 6): a form writes the same draft as
// the JSON view, says the primary colour's contrast verdict as the lint computes it, and what it wrote is
// what the studio publishes.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, portalPlugins, renderWithPortal } from '@portal/plugin-api/testing';
import type { FakeGateway } from '@portal/plugin-api/testing';
import { withBranding, fieldsOf } from './branding-model.ts';
import StudioPage from './studio-page.tsx';

afterEach(cleanup);

const config = loadRealManifest();
const version = {
  id: 2,
  author: 'olivia.owner@demo.test',
  createdAt: '2026-11-26T10:00:00.000Z',
  comment: 'v2',
  etag: 'e2',
  published: true,
};

const gateway: FakeGateway = ({ method, path }) => {
  if (path === '/studio/api/manifest/versions' && method === 'GET') return { body: { items: [version] } };
  if (path === '/studio/api/manifest/versions/2') return { body: { version, manifest: config } };
  if (path === '/studio/api/manifest/draft')
    return { body: { manifest: null, updatedAt: null, baseVersion: 2 } };
  if (path === '/studio/api/manifest/versions' && method === 'POST')
    return { status: 201, body: { ...version, id: 3 } };
  return undefined;
};

/** Olivia's studio, on its branding tab. */
async function openBrandingTab() {
  const view = await renderWithPortal(<StudioPage />, {
    config,
    plugins: portalPlugins,
    persona: { isCustomer: false },
    gateway,
  });
  await view.user.click(await screen.findByRole('tab', { name: 'Apparence' }));
  return view;
}

describe("the studio's branding form", { timeout: 30_000 }, () => {
  it('writes the draft the JSON view shows and publishes, with the colour contrast verdict', async () => {
    const view = await openBrandingTab();
    const name = await screen.findByRole('textbox', { name: /Nom du cabinet/ });
    expect(name).toHaveProperty('value', config.branding?.firmName);
    const colour = screen.getByRole('textbox', { name: /Couleur principale/ });
    expect(await screen.findByText(/Contraste avec le blanc : [\d,]+:1, conforme WCAG AA/)).toBeTruthy();

    // Too light for white text: the verdict says so, and nothing can be published.
    await view.user.clear(colour);
    await view.user.type(colour, '#ffcc00');
    expect(
      await screen.findByText(/Contraste avec le blanc : 1,\d+:1, sous les 4,5:1 de WCAG AA/),
    ).toBeTruthy();
    await view.user.click(screen.getByRole('tab', { name: /Publier/ }));
    expect(screen.getByRole('button', { name: 'Publier' })).toHaveProperty('disabled', true);

    // A darker colour and another name: the JSON view shows them, the publication sends them.
    await view.user.click(screen.getByRole('tab', { name: 'Apparence' }));
    await view.user.clear(screen.getByRole('textbox', { name: /Couleur principale/ }));
    await view.user.type(screen.getByRole('textbox', { name: /Couleur principale/ }), '#0b6e4f');
    await view.user.clear(screen.getByRole('textbox', { name: /Nom du cabinet/ }));
    await view.user.type(screen.getByRole('textbox', { name: /Nom du cabinet/ }), 'Fiduciaire Nord');
    expect(await screen.findByText(/conforme WCAG AA/)).toBeTruthy();
    await view.user.click(screen.getByRole('tab', { name: 'JSON (experts)' }));
    const text = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Manifeste (JSON)' }).value;
    const json = JSON.parse(text) as typeof config;
    expect(json.branding).toMatchObject({ firmName: 'Fiduciaire Nord', primaryColor: '#0b6e4f' });

    await view.user.click(screen.getByRole('tab', { name: /Publier/ }));
    const publish = screen.getByRole('button', { name: 'Publier' });
    expect(publish).toHaveProperty('disabled', false);
    await view.user.click(publish);
    const sent = view.requests.find((request) => request.method === 'POST');
    expect(sent?.body).toMatchObject({
      manifest: { branding: { firmName: 'Fiduciaire Nord', primaryColor: '#0b6e4f' } },
    });
  });

  it("shows a problem of the manifest under its field: a logo's missing text", async () => {
    const view = await openBrandingTab();
    const alt = await screen.findByRole('textbox', { name: /Texte du logo/ });
    expect(alt.getAttribute('aria-invalid')).not.toBe('true');
    await view.user.clear(alt);
    expect(screen.getByRole('textbox', { name: /Logo \(adresse/ })).toHaveProperty(
      'value',
      config.branding?.logo?.src,
    );
    expect(alt.getAttribute('aria-invalid')).toBe('true');
    // In the reader's language (fr-FR), not the validator's English.
    expect(screen.getByText('doit compter au moins 1 caractère(s)')).toBeTruthy();
  });
});

describe('the branding fields', () => {
  it('leave out what is empty and keep what is typed', () => {
    const fields = { ...fieldsOf(config.branding), logoSrc: '', logoAlt: '', favicon: ' ', supportPhone: '' };
    const { branding } = withBranding(config, fields);
    expect(branding).not.toHaveProperty('logo');
    expect(branding).not.toHaveProperty('favicon');
    expect(branding?.support).toEqual({ email: config.branding?.support?.email });
    expect(withBranding(config, { ...fields, supportEmail: '' }).branding).not.toHaveProperty('support');
  });
});
