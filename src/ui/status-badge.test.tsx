import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge.tsx';
import type { StatusTone } from './status-badge.tsx';

afterEach(cleanup);

const TONES: Readonly<Record<'active' | 'suspended' | 'revoked', StatusTone>> = {
  active: 'success',
  suspended: 'warning',
  revoked: 'danger',
};

function badge(status: keyof typeof TONES, label: string) {
  render(
    <MantineProvider>
      <StatusBadge status={status} tones={TONES} label={label} />
    </MantineProvider>,
  );
}

describe('status badge', () => {
  it('says the status in words, its sign hidden from screen readers', () => {
    badge('suspended', 'Suspendu');
    expect(screen.getByText('Suspendu')).toBeVisible();
    // The sign only doubles the colour for the eye: screen readers read the word alone.
    expect(screen.getByText('!')).toHaveAttribute('aria-hidden', 'true');
  });

  it('takes its tone from the caller’s map: statuses of different tones differ by their sign too', () => {
    badge('active', 'Actif');
    badge('revoked', 'Révoqué');
    expect(screen.getByText('✓')).toBeVisible();
    expect(screen.getByText('✕')).toBeVisible();
    expect(screen.queryByText('!')).toBeNull();
  });
});
