import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyState, isBlankList } from './empty-state.tsx';

afterEach(cleanup);

describe('empty state', () => {
  it('says what is empty, why, and what to do, with its action', () => {
    render(
      <MantineProvider>
        <EmptyState
          title="Aucun mandat pour le moment."
          reason="Les mandats de vos dossiers apparaissent ici dès leur création."
          hint="Créez un mandat depuis l’outil de gestion."
          action={<button type="button">Ouvrir l’outil</button>}
        />
      </MantineProvider>,
    );
    const state = screen.getByRole('status');
    expect(state).toHaveTextContent('Aucun mandat pour le moment.');
    expect(state).toHaveTextContent('apparaissent ici dès leur création');
    expect(state).toHaveTextContent('Créez un mandat');
    expect(screen.getByRole('button', { name: 'Ouvrir l’outil' })).toBeVisible();
  });

  it('is for a list with nothing at all, not for a search or a filter that matches nothing', () => {
    const empty = { data: { totalItems: 0 } };
    const query = { page: 1, search: '', filters: {} };
    expect(isBlankList(query, empty)).toBe(true);
    expect(isBlankList({ ...query, search: 'Dupont' }, empty)).toBe(false);
    expect(isBlankList({ ...query, filters: { status: 'active' } }, empty)).toBe(false);
    expect(isBlankList(query, { data: { totalItems: 3 } })).toBe(false);
    // Still loading: nothing is known yet.
    expect(isBlankList(query, {})).toBe(false);
  });
});
