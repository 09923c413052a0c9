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
  return screen.getByText(label).closest('[data-tone]');
}

describe('status badge', () => {
  it('says the status in words, its sign hidden from screen readers', () => {
    const shown = badge('suspended', 'Suspendu');
    // The accessible text is the word alone: the sign only doubles the colour for the eye.
    expect(shown).toHaveTextContent(/^!Suspendu$/);
    expect(shown?.querySelector('[aria-hidden="true"]')).toHaveTextContent('!');
  });

  it('takes its tone from the caller’s map, with a sign of its own for each tone', () => {
    const active = badge('active', 'Actif');
    const revoked = badge('revoked', 'Révoqué');
    expect(active).toHaveAttribute('data-tone', 'success');
    expect(revoked).toHaveAttribute('data-tone', 'danger');
    // Two statuses of different tones differ by more than colour: their signs differ too.
    const sign = (element: Element | null) => element?.querySelector('[aria-hidden="true"]')?.textContent;
    expect(sign(active)).not.toBe(sign(revoked));
  });
});
