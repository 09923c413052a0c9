import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import HomePage from '../../plugins/entity-home/home-page.tsx';
import { HomeGrid } from '../../src/grid/home-grid.tsx';
import { plugins } from '../../src/app/plugins.ts';
import { definePlugin, defineWidget } from '../../src/plugin-host/plugin-definition.ts';
import type { PluginDefinition, WidgetProps } from '../../src/plugin-host/plugin-definition.ts';
import { renderWithPortal } from '../../src/testing/render-with-portal.tsx';
import type { FakeGateway, FakeRequest, TestPersona } from '../../src/testing/render-with-portal.tsx';
import { allCodes, demoFlags } from '../../src/testing/personas.ts';
import { loadRealManifest } from '../../src/testing/manifest.ts';
import { ACCOUNTING_SET, DEFAULT_SET, SMART_SET } from '../../src/testing/widget-sets.ts';

/** What the entity home route draws: its page, then the engine's home grid (the route's `homeGrid`). */
function EntityHome() {
  return (
    <>
      <HomePage />
      <HomeGrid />
    </>
  );
}

/*
 * The home page as a person sees it: the real manifest chooses the widgets, the real plugins render
 * them, a fake gateway answers. jsdom has no layout, so the grid is given a desktop width.
 */

const widthDescriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
});
afterEach(cleanup);
afterAll(() => {
  if (widthDescriptor) Object.defineProperty(HTMLElement.prototype, 'clientWidth', widthDescriptor);
});

type Saved = { layout: { widget: string; x: number; y: number; w: number; h: number }[] } | null;

function fakeGateway(saved: { current: Saved } = { current: null }, failSave = false): FakeGateway {
  return ({ method, path, body }) => {
    if (path.includes('/home-layouts/')) {
      if (method === 'GET') return { body: saved.current };
      if (failSave) return { status: 500, body: { error: 'boom', message: 'boom' } };
      saved.current = body as Saved;
      return { body };
    }
    if (path === '/contact/api/news') return { body: { items: [] } };
    if (path === '/booking/api/slots' || path === '/booking/api/bookings') return { body: { items: [] } };
    if (path.endsWith('/documents')) return { body: { items: [] } };
    return undefined;
  };
}

function widgetsShown(): string[] {
  return Array.from(document.querySelectorAll('[data-widget]')).map(
    (el) => el.getAttribute('data-widget') ?? '',
  );
}

async function renderHome(
  config: PortalConfig,
  persona: TestPersona,
  options: {
    flags?: Record<string, boolean>;
    gateway?: FakeGateway;
    plugins?: readonly PluginDefinition[];
  } = {},
) {
  const view = await renderWithPortal(<EntityHome />, {
    config,
    flags: options.flags ?? demoFlags(config),
    plugins: options.plugins ?? plugins,
    persona,
    gateway: options.gateway ?? fakeGateway(),
  });
  await screen.findAllByRole('region', {}, { timeout: 5000 });
  return view;
}

const pennylane = [{ offerCode: 'PENNYLANE', status: 'validated' as const }];
const claireOn1001: TestPersona = {
  isCustomer: true,
  globalPermissions: ['CLUSER001'],
  entity: {
    accountId: 1001,
    accountNumber: 'C-1001',
    subscriptions: pennylane,
    isSignatory: true,
    permissions: ['CLGED0002', 'CLGEDPEN01', 'CLRAPP001'],
    reportsCount: 3,
  },
};
const marcOn1002: TestPersona = {
  isCustomer: true,
  entityCount: 3,
  entity: {
    accountId: 1002,
    accountNumber: 'C-1002',
    subscriptions: [{ offerCode: 'FORMS', status: 'validated' as const }],
    isClarityVisible: true,
    isSignatory: true,
    permissions: ['CLRAPP001'],
  },
};
const marcOn1001: TestPersona = {
  isCustomer: true,
  entityCount: 3,
  entity: { accountId: 1001, subscriptions: pennylane, permissions: ['CLGED0002', 'CLKPI0001'] },
};
const samOn1004: TestPersona = {
  isCustomer: true,
  entityCount: 2,
  entity: { accountId: 1004, isClarityVisible: true, reportsCount: 1 },
};
const garagePending: TestPersona = {
  isCustomer: true,
  entity: { accountId: 1003, subscriptions: [{ offerCode: 'PENNYLANE', status: 'pending' as const }] },
};

describe('the homeWidgets flag', () => {
  it('off: the home has no grid and asks for no layout; the page keeps its title', async () => {
    const config = loadRealManifest();
    const view = await renderWithPortal(<EntityHome />, {
      config,
      flags: { ...demoFlags(config), homeWidgets: false },
      plugins,
      persona: claireOn1001,
      gateway: fakeGateway(),
    });
    // The entity's title stays (the sidebar is the shell's, around the page).
    expect(
      await screen.findByRole('heading', { level: 1, name: /Boulangerie Martin SARL/ }),
    ).toBeInTheDocument();
    expect(widgetsShown()).toEqual([]);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(view.requests.filter((request: FakeRequest) => request.path.includes('/home-layouts/'))).toEqual(
      [],
    );
  });
});

describe('the widget set the manifest chooses (rendered home page, real manifest)', () => {
  const config = loadRealManifest();
  const collab = (entity: TestPersona['entity']): TestPersona => ({
    isCustomer: false,
    entityCount: 4,
    globalPermissions: allCodes(config, 'collaborator'),
    entity: { ...entity, permissions: allCodes(config, 'collaborator') },
  });
  const smart = SMART_SET;
  const accounting = ACCOUNTING_SET;
  const fallback = DEFAULT_SET;

  it.each<[string, TestPersona, Record<string, boolean>, string[]]>([
    ['signatory on a clarity-visible entity, clarity offer on: smart set', marcOn1002, {}, smart],
    ['same, clarity offer off: default set', marcOn1002, { clarityOffer: false }, fallback],
    ['validated accounting offer: accounting set', claireOn1001, {}, accounting],
    [
      'accounting set with booking off: no booking',
      claireOn1001,
      { booking: false },
      accounting.filter((w) => w !== 'booking/booking'),
    ],
    [
      'accounting set without the documents permission: no documents widget',
      marcOn1001,
      {},
      accounting.filter((w) => w !== 'accounting/documents'),
    ],
    ['pending accounting offer: default set', garagePending, {}, fallback],
    ['clarity-visible entity, not a signatory: default set', samOn1004, {}, fallback],
    [
      'collaborator on a clarity-visible entity: smart set',
      collab({ accountId: 1004, isClarityVisible: true }),
      {},
      smart,
    ],
    [
      'collaborator on an accounting entity: accounting set',
      collab({ accountId: 1001, subscriptions: pennylane }),
      {},
      accounting.filter((w) => w !== 'accounting/documents'),
    ],
    ['default set with booking off', garagePending, { booking: false }, ['news/rss', 'lab/lab', 'sso/sso']],
  ])('%s', async (_name, persona, flagOverrides, expected) => {
    await renderHome(config, persona, { flags: demoFlags(config, flagOverrides) });
    await waitFor(() => expect(widgetsShown()).toEqual(expected));
    // Every widget is a labelled region.
    for (const region of screen.getAllByRole('region')) expect(region).toHaveAccessibleName();
  });

  it('shows the empty-news message of the spec word for word', async () => {
    await renderHome(config, garagePending);
    expect(await screen.findByText('Aucune actualité disponible pour le moment.')).toBeVisible();
  });
});

describe('an altered manifest', () => {
  it('reorders and resizes the widgets with no code change', async () => {
    const config = loadRealManifest();
    const fallbackSet = config.homeWidgets.sets.at(-1);
    if (fallbackSet === undefined) throw new Error('no default set');
    fallbackSet.widgets = [
      { widget: 'booking/booking', size: 4 },
      { widget: 'lab/lab', size: 1, options: { url: 'https://lab.example.test/innovation' } },
      {
        widget: 'sso/sso',
        size: 3,
        when: { flag: 'singleSignOn' },
        options: { url: 'https://help.example.test/sso' },
      },
    ];
    await renderHome(config, garagePending);
    await waitFor(() => expect(widgetsShown()).toEqual(['booking/booking', 'lab/lab', 'sso/sso']));
    const sizes = Array.from(document.querySelectorAll('[data-widget]')).map((el) =>
      el.getAttribute('data-size'),
    );
    expect(sizes).toEqual(['4', '1', '3']);
    const sso = await screen.findByRole('region', { name: 'Connexion unique' });
    expect(sso).toBeVisible();
    // The addresses are the placements' options, not constants of the widgets.
    expect(within(sso).getByRole('link')).toHaveAttribute('href', 'https://help.example.test/sso');
    const lab = await screen.findByRole('region', { name: /lab/i });
    expect(await within(lab).findByRole('link')).toHaveAttribute(
      'href',
      'https://lab.example.test/innovation',
    );
  });

  it('lists as many news items as the placement allows', async () => {
    const config = loadRealManifest();
    const fallbackSet = config.homeWidgets.sets.at(-1);
    if (fallbackSet === undefined) throw new Error('no default set');
    fallbackSet.widgets = [{ widget: 'news/rss', size: 4, options: { maxItems: 2 } }];
    const items = ['Un', 'Deux', 'Trois'].map((title, i) => ({
      title,
      link: `https://news.example.test/${String(i)}`,
      summaryHtml: '',
      publishedAt: '2026-11-01T00:00:00Z',
    }));
    const gateway: FakeGateway = (request) =>
      request.path === '/contact/api/news' ? { body: { items } } : fakeGateway()(request);
    await renderHome(config, garagePending, { gateway });
    expect(await screen.findByRole('link', { name: 'Deux' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Un' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Trois' })).not.toBeInTheDocument();
  });
});

describe('a widget that fails', () => {
  let throwNow = true;
  let rejectNow = true;
  function Thrower(_props: WidgetProps) {
    if (throwNow) throw new Error('widget bug');
    return <p>Thrower recovered</p>;
  }
  function Chunked(_props: WidgetProps) {
    return <p>Chunk loaded</p>;
  }
  /** A widget whose code fails to load while `fails()` holds, as a chunk does offline or after a deploy. */
  const chunkWidget = (fails: () => boolean) =>
    defineWidget({
      name: 'chunk',
      title: 'nope',
      sizes: [2],
      component: () =>
        fails()
          ? Promise.reject<{ default: typeof Chunked }>(
              new Error('Failed to fetch dynamically imported module'),
            )
          : Promise.resolve({ default: Chunked }),
    });
  const failing = definePlugin({
    id: 'failing',
    widgets: [
      defineWidget({
        name: 'throws',
        title: 'nope',
        sizes: [2],
        component: async () => ({ default: Thrower }),
      }),
      chunkWidget(() => rejectNow),
    ],
  });

  it('shows a contained error card with a retry, and the other widgets keep working', async () => {
    const config = loadRealManifest();
    config.homeWidgets.sets = [
      {
        id: 'test',
        widgets: [
          { widget: 'failing/throws', size: 2 },
          { widget: 'lab/lab', size: 2, options: { url: 'https://lab.example.test/' } },
          { widget: 'failing/chunk', size: 2 },
        ],
      },
    ];
    const view = await renderHome(config, garagePending, { plugins: [...plugins, failing] });
    // Each frame's card shows as soon as its own widget fails: the two need not come in the same render.
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2), { timeout: 5000 });
    const alerts = screen.getAllByRole('alert');
    for (const alert of alerts) expect(alert).toHaveTextContent("Ce widget n'a pas pu s'afficher.");
    // The lab widget next to them works.
    expect(await screen.findByRole('link', { name: 'Découvrir le Lab (nouvel onglet)' })).toBeVisible();
    expect(view.logs.some((log) => log.level === 'error' && log.message.includes('failing/throws'))).toBe(
      true,
    );

    throwNow = false;
    rejectNow = false;
    const [first, second] = alerts;
    if (first === undefined || second === undefined) throw new Error('two alerts expected');
    await view.user.click(within(first).getByRole('button', { name: 'Réessayer' }));
    await view.user.click(within(second).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Thrower recovered')).toBeVisible();
    expect(await screen.findByText('Chunk loaded')).toBeVisible();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('tries a widget whose chunk failed offline again by itself when the connection returns', async () => {
    let offline = true;
    const flaky = definePlugin({
      id: 'flaky',
      widgets: [chunkWidget(() => offline)],
    });
    const config = loadRealManifest();
    config.homeWidgets.sets = [{ id: 'test', widgets: [{ widget: 'flaky/chunk', size: 2 }] }];
    await renderHome(config, garagePending, { plugins: [...plugins, flaky] });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      "Ce widget n'a pas pu s'afficher.",
    );
    offline = false;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Chunk loaded')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('per-user layouts', () => {
  const config = loadRealManifest();
  // Three widgets keep the positions below simple: the single sign-on widget off.
  const noSingleSignOn = demoFlags(config, { singleSignOn: false });
  const putBodies = (requests: FakeRequest[]) =>
    requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/home-layouts/1003')).map((r) => r.body);

  it('restores a saved layout and mends one that names a widget no longer in the set', async () => {
    const saved = {
      current: {
        layout: [
          { widget: 'booking/booking', x: 0, y: 0, w: 4, h: 3 },
          { widget: 'gone/widget', x: 0, y: 3, w: 2, h: 2 },
          { widget: 'news/rss', x: 0, y: 5, w: 2, h: 3 },
        ],
      },
    };
    await renderHome(config, garagePending, { gateway: fakeGateway(saved), flags: noSingleSignOn });
    // Saved order first; lab (new to this saved layout) appended; the unknown widget dropped.
    await waitFor(() => expect(widgetsShown()).toEqual(['booking/booking', 'news/rss', 'lab/lab']));
    expect(document.querySelector('[data-widget="booking/booking"]')).toHaveAttribute('data-size', '4');
  });

  it('shows the widgets without the grid library, which comes with the edit mode and goes with it', async () => {
    const view = await renderHome(config, garagePending, { flags: noSingleSignOn });
    await waitFor(() => expect(widgetsShown()).toEqual(['news/rss', 'lab/lab', 'booking/booking']));
    expect(document.querySelector('[data-grid="static"]')).not.toBeNull();
    expect(document.querySelector('.react-grid-layout')).toBeNull();

    await view.user.click(screen.getByRole('button', { name: 'Personnaliser la page' }));
    await waitFor(() => expect(document.querySelector('.react-grid-layout')).not.toBeNull());
    expect(document.querySelector('[data-grid="static"]')).toBeNull();
    // The same widgets in the same reading order, now in the library's draggable cells.
    expect(widgetsShown()).toEqual(['news/rss', 'lab/lab', 'booking/booking']);
    expect(document.querySelectorAll('.react-grid-item [data-widget]')).toHaveLength(3);

    await view.user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(document.querySelector('.react-grid-layout')).toBeNull();
    expect(widgetsShown()).toEqual(['news/rss', 'lab/lab', 'booking/booking']);
  });

  it('moves a widget with the keyboard buttons, saves it through the gateway, and resets to the default', async () => {
    const saved = { current: null as Saved };
    const view = await renderHome(config, garagePending, {
      gateway: fakeGateway(saved),
      flags: noSingleSignOn,
    });
    await waitFor(() => expect(widgetsShown()).toEqual(['news/rss', 'lab/lab', 'booking/booking']));

    await view.user.click(screen.getByRole('button', { name: 'Personnaliser la page' }));
    await view.user.click(
      await screen.findByRole('button', { name: 'Déplacer Le Lab du cabinet vers la gauche' }),
    );
    expect(await screen.findByText('Le Lab du cabinet : colonne 1, ligne 1, largeur 2.')).toBeVisible();
    await view.user.click(screen.getByRole('button', { name: 'Déplacer Le Lab du cabinet vers la gauche' }));
    await view.user.click(screen.getByRole('button', { name: 'Élargir Prendre rendez-vous' }));
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer la disposition' }));

    expect(await screen.findByText('Votre disposition a été enregistrée.')).toBeVisible();
    expect(widgetsShown()).toEqual(['lab/lab', 'news/rss', 'booking/booking']);
    expect(putBodies(view.requests)).toEqual([
      {
        layout: expect.arrayContaining([
          { widget: 'lab/lab', x: 0, y: 0, w: 2, h: 2 },
          { widget: 'news/rss', x: 2, y: 0, w: 2, h: 3 },
          { widget: 'booking/booking', x: 0, y: 3, w: 3, h: 3 },
        ]) as unknown,
      },
    ]);
    expect(screen.queryByRole('button', { name: /Déplacer/ })).toBeNull();

    await view.user.click(screen.getByRole('button', { name: 'Personnaliser la page' }));
    await view.user.click(screen.getByRole('button', { name: 'Rétablir la disposition par défaut' }));
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer la disposition' }));
    await waitFor(() => expect(widgetsShown()).toEqual(['news/rss', 'lab/lab', 'booking/booking']));
    expect(saved.current?.layout).toEqual([
      { widget: 'news/rss', x: 0, y: 0, w: 2, h: 3 },
      { widget: 'lab/lab', x: 2, y: 0, w: 2, h: 2 },
      { widget: 'booking/booking', x: 0, y: 3, w: 2, h: 3 },
    ]);
  });

  it('keeps the arrangement when saving fails, and says so', async () => {
    const view = await renderHome(config, garagePending, { gateway: fakeGateway({ current: null }, true) });
    await view.user.click(await screen.findByRole('button', { name: 'Personnaliser la page' }));
    await view.user.click(
      await screen.findByRole('button', { name: 'Déplacer Le Lab du cabinet vers la gauche' }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Enregistrer la disposition' }));
    expect(await screen.findByText(/La disposition n'a pas pu être enregistrée/)).toBeVisible();
    // Still in edit mode with the moved widget where the user put it.
    expect(screen.getByText('Le Lab du cabinet : colonne 1, ligne 1, largeur 2.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enregistrer la disposition' })).toBeEnabled();
  });
});
