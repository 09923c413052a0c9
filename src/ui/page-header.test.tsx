import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithPortal } from '../testing/render-with-portal.tsx';
import { loadRealManifest } from '../testing/manifest.ts';
import { PageHeader } from './page-header.tsx';

afterEach(cleanup);

describe('page header', () => {
  it('gives the page one h1, its description, and the main action outside the menu', async () => {
    await renderWithPortal(
      <PageHeader
        title="Mandats"
        description="Les mandats de vos dossiers."
        action={<button type="button">Nouveau mandat</button>}
      />,
      { config: loadRealManifest() },
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Mandats' })).toBeVisible();
    expect(screen.getByText('Les mandats de vos dossiers.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Nouveau mandat' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Plus d’actions' })).toBeNull();
  });

  it('opens the secondary actions from the keyboard and runs the one chosen', async () => {
    const exportCsv = vi.fn();
    const archive = vi.fn();
    const view = await renderWithPortal(
      <PageHeader
        title="Banque"
        secondary={{
          label: 'Plus d’actions',
          actions: [
            { label: 'Exporter en CSV', onClick: exportCsv },
            { label: 'Archiver', onClick: archive },
          ],
        }}
      />,
      { config: loadRealManifest() },
    );
    // The actions stay in the menu until it is opened.
    expect(screen.queryByRole('menuitem', { name: 'Exporter en CSV' })).toBeNull();
    const more = await screen.findByRole('button', { name: 'Plus d’actions' });
    await view.user.tab();
    expect(more).toHaveFocus();
    await view.user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu).toBeVisible();
    // The arrows walk the actions in order.
    await view.user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Exporter en CSV' })).toHaveFocus();
    await view.user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Archiver' })).toHaveFocus();
    await view.user.keyboard('{Enter}');
    expect(archive).toHaveBeenCalledOnce();
    expect(exportCsv).not.toHaveBeenCalled();
  });

  it('opens a secondary link of the portal or, in a new tab, one elsewhere', async () => {
    const view = await renderWithPortal(
      <PageHeader
        title="Mandats"
        secondary={{
          label: 'Plus d’actions',
          actions: [
            { label: 'Dossiers', to: '/portefeuille/dossiers' },
            { label: 'Outil des mandats', href: 'https://mandats.example/' },
          ],
        }}
      />,
      { config: loadRealManifest() },
    );
    await view.user.click(await screen.findByRole('button', { name: 'Plus d’actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Dossiers' })).toHaveAttribute(
      'href',
      '/portefeuille/dossiers',
    );
    const outside = screen.getByRole('menuitem', { name: 'Outil des mandats' });
    expect(outside).toHaveAttribute('target', '_blank');
    expect(outside).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
