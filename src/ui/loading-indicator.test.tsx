import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingIndicator } from './loading-indicator.tsx';

afterEach(cleanup);

describe('loading indicator', () => {
  it('is announced to assistive technology as a progress bar named for what loads', () => {
    render(
      <MantineProvider>
        <LoadingIndicator label="Chargement des documents" size="sm" />
      </MantineProvider>,
    );
    expect(screen.getByRole('progressbar', { name: 'Chargement des documents' })).toBeVisible();
  });
});
