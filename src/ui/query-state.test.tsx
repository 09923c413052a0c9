import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryState } from './query-state.tsx';

afterEach(cleanup);

const error = {
  title: 'Les souscriptions n’ont pas pu être chargées.',
  message: 'Vérifiez votre connexion et réessayez.',
  retryLabel: 'Réessayer',
};

describe('query state', () => {
  it('shows what failed and what to do, and asks again on retry', async () => {
    const refetch = vi.fn();
    render(
      <MantineProvider>
        <QueryState result={{ isLoading: false, isError: true, refetch }} error={error} />
      </MantineProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(error.title);
    expect(alert).toHaveTextContent(error.message);
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state once an answer with nothing came, not before', () => {
    const empty = { title: 'Aucune souscription.', reason: 'Une souscription apparaît ici dès…' };
    const { rerender } = render(
      <MantineProvider>
        <QueryState
          result={{ isLoading: true, isError: false, refetch: () => {} }}
          error={error}
          empty={empty}
        />
      </MantineProvider>,
    );
    expect(screen.queryByText('Aucune souscription.')).toBeNull();
    rerender(
      <MantineProvider>
        <QueryState
          result={{ data: { items: [] }, isLoading: false, isError: false, refetch: () => {} }}
          error={error}
          empty={empty}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Aucune souscription.');
    expect(screen.getByRole('status')).toHaveTextContent('Une souscription apparaît ici');
  });
});
