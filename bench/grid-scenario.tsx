/*
 * The scenario bench/grid.mjs runs (in jsdom, loaded through Vite so TSX, import.meta.glob and
 * import.meta.env work): the real home page with the real manifest and plugins, a customer switching
 * between two entities that share the accounting widget set, against an in-process fake gateway.
 */
import { act, waitFor } from '@testing-library/react';
import HomePage from '../plugins/entity-home/home-page.tsx';
import { plugins } from '../src/app/plugins.ts';
import { entitySelected } from '../src/store/session-slice.ts';
import { renderCounts, resetRenderCounts } from '../src/grid/profiling.tsx';
import { renderWithPortal } from '../src/testing/render-with-portal.tsx';
import type { FakeGateway } from '../src/testing/render-with-portal.tsx';
import { loadRealManifest } from '../src/testing/manifest.ts';
import { demoFlags } from '../src/testing/personas.ts';

const entities = [1001, 1005].map((accountId) => ({
  entity: {
    accountId,
    accountNumber: `C-${accountId}`,
    name: `Entité ${accountId}`,
    subscriptions: [{ offerCode: 'PENNYLANE', status: 'validated' as const }],
    isClarityVisible: false,
    isSignatory: true,
  },
  permissions: ['CLGEDPEN01', 'CLGED0002', 'CLRAPP001'],
  reportsCount: accountId === 1001 ? 3 : 0,
}));

const gateway: FakeGateway = ({ method, path }) => {
  if (path.includes('/home-layouts/')) return method === 'GET' ? { body: null } : { body: {} };
  if (path === '/contact/api/news')
    return {
      body: {
        items: [
          {
            title: 'Actualité',
            link: 'https://example.org/',
            publishedAt: '2026-11-20T08:00:00Z',
            summaryHtml: '<p>x</p>',
          },
        ],
      },
    };
  if (path === '/booking/api/slots' || path === '/booking/api/bookings') return { body: { items: [] } };
  const documents = /accounts\/(\d+)\/documents/.exec(path);
  if (documents !== null)
    return {
      body: {
        items: [
          {
            id: Number(documents[1]),
            name: `Bilan ${documents[1]}.pdf`,
            kind: 'accounting',
            uploadedAt: '2026-11-01T00:00:00Z',
            sizeBytes: 1,
          },
        ],
      },
    };
  return undefined;
};

/** Every widget shows its content: no loader, no busy region, the documents of `accountId`. */
async function settled(accountId: number): Promise<void> {
  await waitFor(
    () => {
      if (document.querySelector('[aria-busy="true"], .mantine-Loader-root') !== null)
        throw new Error('loading');
      if (!document.body.textContent.includes(`Bilan ${accountId}.pdf`)) throw new Error('documents');
    },
    { timeout: 10_000, interval: 1 },
  );
}

export type GridBenchResult = {
  switches: number;
  rendersPerSwitch: Record<string, number>;
  switchMs: number[];
  remountMs: number[];
};

export async function runGridBench(rounds: number): Promise<GridBenchResult> {
  const config = loadRealManifest();
  const first = entities[0];
  if (first === undefined) throw new Error('two entities');
  const view = await renderWithPortal(<HomePage />, {
    config,
    flags: demoFlags(config),
    plugins,
    gateway,
    persona: {
      isCustomer: true,
      entityCount: 2,
      entity: { ...first.entity, permissions: first.permissions, reportsCount: first.reportsCount },
    },
  });
  await settled(1001);
  // Warm every entity's queries once so switch and re-mount both read from the cache.
  for (const selection of [...entities, first]) {
    act(() => {
      view.store.dispatch(entitySelected(selection));
    });
    await settled(selection.entity.accountId);
  }

  const totals: Record<string, number> = {};
  const switchMs: number[] = [];
  const remountMs: number[] = [];
  let current = 0;
  for (let round = 0; round < rounds; round += 1) {
    current = 1 - current;
    const next = entities[current];
    if (next === undefined) break;
    resetRenderCounts();
    const start = performance.now();
    act(() => {
      view.store.dispatch(entitySelected(next));
    });
    await settled(next.entity.accountId);
    switchMs.push(performance.now() - start);
    for (const [id, count] of Object.entries(renderCounts())) totals[id] = (totals[id] ?? 0) + count;

    const remountStart = performance.now();
    act(() => {
      view.mountAgain();
    });
    await settled(next.entity.accountId);
    remountMs.push(performance.now() - remountStart);
  }
  view.unmount();
  const rendersPerSwitch = Object.fromEntries(
    Object.entries(totals).map(([id, count]) => [id, Math.round((count / rounds) * 100) / 100]),
  );
  return { switches: rounds, rendersPerSwitch, switchMs, remountMs };
}
