// The studio's publication when another editor published first (issue 27, item 17): the page sends the
// version its work was made from, says in words that a newer version exists when the gateway answers
// 409, and reloads the latest version on request. Also: a widget's options are checked here as at the
// gateway (item 13).
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, portalPlugins, renderWithPortal } from '@portal/plugin-api/testing';
import type { FakeGateway } from '@portal/plugin-api/testing';
import StudioPage from './studio-page.tsx';

afterEach(cleanup);

const config = loadRealManifest();
// What another editor published meanwhile: the bank first in the sidebar.
const newer = {
  ...config,
  sidebar: config.sidebar.map((item) =>
    item.id === 'bank' ? { ...item, order: 1 } : item.order >= 1 ? { ...item, order: item.order + 1 } : item,
  ),
};

const summary = (id: number, published: boolean) => ({
  id,
  author: id === 3 ? 'paul.collab@demo.test' : 'olivia.owner@demo.test',
  createdAt: '2026-11-26T10:00:00.000Z',
  comment: `v${String(id)}`,
  etag: `e${String(id)}`,
  published,
});

/** Version 2 is published when the page opens; the first publication finds version 3 published. */
function gateway(draft: unknown = null): FakeGateway {
  let latest = 2;
  return ({ method, path }) => {
    if (path === '/studio/api/manifest/versions' && method === 'GET')
      return {
        body: { items: [3, 2, 1].filter((id) => id <= latest).map((id) => summary(id, id === latest)) },
      };
    if (path === '/studio/api/manifest/versions/2')
      return { body: { version: summary(2, false), manifest: config } };
    if (path === '/studio/api/manifest/versions/3')
      return { body: { version: summary(3, true), manifest: newer } };
    if (path === '/studio/api/manifest/draft')
      return {
        body: {
          manifest: draft,
          updatedAt: draft === null ? null : '2026-11-26T10:00:00.000Z',
          baseVersion: 2,
        },
      };
    if (path === '/studio/api/manifest/versions' && method === 'POST') {
      latest = 3;
      return {
        status: 409,
        body: { error: 'stale_version', message: 'stale', publishedVersion: 3 },
      };
    }
    return undefined;
  };
}

const render = (draft: unknown = null) =>
  renderWithPortal(<StudioPage />, {
    config,
    // The studio checks the manifest against every plugin, as in the portal.
    plugins: portalPlugins,
    persona: { isCustomer: false },
    gateway: gateway(draft),
  });

describe('the studio publishes on the version it started from', { timeout: 30_000 }, () => {
  it('says a newer version was published, publishes nothing, and reloads the latest on request', async () => {
    const view = await render();
    const list = await screen.findByRole('list', { name: "Menu latéral de l'entité" });
    const names = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label'));
    const before = names();
    await view.user.click(await screen.findByRole('button', { name: 'Descendre Rapports BI' }));
    expect(names()).not.toEqual(before);

    await view.user.click(screen.getByRole('tab', { name: /Publier/ }));
    await view.user.click(screen.getByRole('button', { name: 'Publier' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('La version 3 a été publiée depuis la version 2');
    expect(alert.textContent).toContain("rien n'a été publié");
    const sent = view.requests.find((request) => request.method === 'POST');
    expect(sent?.body).toMatchObject({ baseVersion: 2 });

    await view.user.click(within(alert).getByRole('button', { name: 'Recharger la dernière version' }));
    expect(await screen.findByText('Aucun changement.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await view.user.click(screen.getByRole('tab', { name: 'Listes' }));
    const reloaded = await screen.findByRole('list', { name: "Menu latéral de l'entité" });
    const labels = within(reloaded)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(labels.indexOf('Banque')).toBeLessThan(labels.indexOf('Rapports BI'));
  });

  it('tells apart the two sidebar entries named "Comptabilité" by the address each opens', async () => {
    await render();
    const list = await screen.findByRole('list', { name: "Menu latéral de l'entité" });
    const labels = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));
    expect(labels).toContain('Comptabilité (vers /dossier/…/comptabilite/pennylane)');
    expect(labels).toContain('Comptabilité (vers /dossier/…/comptabilite/archive)');
    expect(new Set(labels).size).toBe(labels.length);
    // A name used once stays as it is.
    expect(labels).toContain('Banque');
    expect(within(list).getByText('Comptabilité (vers /dossier/…/comptabilite/archive)')).toBeVisible();
  });

  it("refuses before publishing a widget's options its schema refuses, as the gateway would", async () => {
    const sets = config.homeWidgets.sets.map((set) => ({
      ...set,
      widgets: set.widgets.map((widget) =>
        widget.widget === 'lab/lab' ? { ...widget, options: { url: 'http://lab.cabinet.example/' } } : widget,
      ),
    }));
    const view = await render({ ...config, homeWidgets: { ...config.homeWidgets, sets } });
    await view.user.click(await screen.findByRole('tab', { name: /Publier/ }));
    expect(await screen.findAllByText(/widget "lab\/lab": must be an https:\/\/ address/)).not.toHaveLength(
      0,
    );
    expect(screen.getByRole('button', { name: 'Publier' })).toHaveProperty('disabled', true);
  });
});
