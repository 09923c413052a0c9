import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealManifest, renderWithPortal } from '@portal/plugin-api/testing';
import type { FakeGateway } from '@portal/plugin-api/testing';
import indicators from './index.ts';
import { indicatorsApi } from './indicators-api.ts';
import IndicatorsPage from './indicators-page.tsx';

afterEach(cleanup);

const figures = {
  revenue: 250000,
  grossMargin: 130000,
  ebitda: 48000,
  netResult: 29000,
  cash: 104000,
  receivablesDays: 45,
  payablesDays: 47,
  headcount: 7,
};
const answer = {
  year: 2026,
  availableYears: [2025, 2026],
  treasury: { amount: 104000, asOf: '2026-11-02', stale: false },
  current: figures,
  previous: { ...figures, revenue: 200000, receivablesDays: 40 },
  months: [
    {
      month: '2026-01',
      revenue: 25000,
      grossMargin: 13000,
      cash: 90000,
      previousRevenue: 20000,
      previousGrossMargin: 10000,
      previousCash: 70000,
    },
  ],
};

type State = { failing: boolean; empty?: boolean; stale?: boolean };

function gateway(state: State): FakeGateway {
  return ({ path }) => {
    if (path !== '/registry/api/accounts/1001/key-figures') return undefined;
    if (state.failing) return { status: 500, body: { error: 'down', message: 'down' } };
    if (state.stale === true)
      return { body: { ...answer, treasury: { ...answer.treasury, asOf: '2026-10-20', stale: true } } };
    return { body: state.empty === true ? { ...answer, months: [], availableYears: [] } : answer };
  };
}

const render = (state: State) =>
  renderWithPortal(<IndicatorsPage />, {
    config: loadRealManifest(),
    plugins: [indicators],
    persona: { isCustomer: true, entity: { accountId: 1001, permissions: ['CLKPI0001'] } },
    gateway: gateway(state),
  });

describe('indicators page', () => {
  it('says in words whether a change is good news: revenue up is, customer payment days up is not', async () => {
    await render({ failing: false });
    const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
    const revenue = await screen.findByText(
      (_content, element) =>
        plain(element?.textContent ?? '').startsWith('En hausse de +25,0 % par rapport à 2025 (200 000 €)'),
      { selector: 'p' },
    );
    expect(plain(revenue.textContent)).toBe(
      'En hausse de +25,0 % par rapport à 2025 (200 000 €) · favorable',
    );
    const days = screen.getByText(
      (_content, element) =>
        plain(element?.textContent ?? '').startsWith('En hausse de +12,5 % par rapport à 2025 (40 jours)'),
      { selector: 'p' },
    );
    expect(plain(days.textContent)).toContain('· défavorable');
  });

  it('dates the cash and names its source, the bank accounts', async () => {
    await render({ failing: false });
    const card = await screen.findByText(
      (_content, element) => element?.getAttribute('data-figure') === 'cash',
    );
    expect(within(card).getByText('Au 02/11/2026 · source : comptes bancaires synchronisés')).toBeVisible();
    expect(screen.queryByText(/non synchronisés/)).toBeNull();
  });

  it('says when the bank behind the cash has not been synchronised for days', async () => {
    await render({ failing: false, stale: true });
    expect(
      await screen.findByText(
        'Comptes bancaires non synchronisés depuis le 20/10/2026 : le montant a pu changer.',
      ),
    ).toBeVisible();
  });

  it('keeps the last figures and says so when a refresh fails', async () => {
    const state = { failing: false };
    const view = await render(state);
    expect(await screen.findByText("Chiffres clés de l'exercice 2026")).toBeVisible();
    state.failing = true;
    view.store.dispatch(indicatorsApi.util.invalidateTags(['KeyFigures']));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Les chiffres affichés datent du dernier chargement',
    );
    expect(screen.getByText("Chiffres clés de l'exercice 2026")).toBeVisible();
  });

  it('shows an empty state when the entity has no figures', async () => {
    await render({ failing: false, empty: true });
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Aucun chiffre clé n'est encore disponible pour cette entité.",
    );
  });
});
