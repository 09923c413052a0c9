// The studio's versions at the gateway: the built manifest is version 1, a product owner publishes and
// rolls back, everyone else is refused (403), and a manifest the portal would refuse is refused (422).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../../kernel/schemas/portal-config.ts';
import { call, statusOf, json, openTestDb } from '../../test/helpers.ts';
import { gatewaySuite } from '../../test/gateway-suite.ts';
import { REPO_ROOT } from '../options.ts';
import { manifestEtag } from './manifest-etag.ts';
import { createStudioStore } from './studio-store.ts';

const builtText = readFileSync(join(REPO_ROOT, 'portal.config.json'), 'utf8');
const built = JSON.parse(builtText) as PortalConfig;
const builtEtag = manifestEtag(JSON.stringify(built));

type Published = { version: number | null; etag: string | null; manifest: PortalConfig | null };
type Versions = { items: { id: number; author: string; comment: string; published: boolean }[] };

const kit = gatewaySuite(['olivia', 'paul', 'claire']);

function withBankFirst(config: PortalConfig): PortalConfig {
  return {
    ...config,
    sidebar: config.sidebar.map((item) =>
      item.id === 'bank' ? { ...item, order: 1 } : item.id === 'bi-reports' ? { ...item, order: 6 } : item,
    ),
  };
}

const published = async (known?: string) =>
  json<Published>(
    await call(kit.gateway, 'GET', `/studio/api/manifest/published${known ? `?known=${known}` : ''}`),
  );

describe('the published manifest', () => {
  it('is the built manifest at first, and nothing more is sent to a portal that holds it', async () => {
    const first = await published();
    expect(first.version).toBe(1);
    expect(first.etag).toBe(builtEtag);
    expect(first.manifest?.sidebar).toEqual(built.sidebar);
    expect((await published(builtEtag)).manifest).toBeNull();
  });

  it('answers 304 to a browser that revalidates what it holds', async () => {
    const answer = await call(kit.gateway, 'GET', '/studio/api/manifest/published');
    const etag = answer.headers.get('etag') ?? '';
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const again = await call(kit.gateway, 'GET', '/studio/api/manifest/published', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });
});

describe('who may write', () => {
  it('marks Olivia, and only her, as a product owner in contact/me', async () => {
    const me = json<{ studioEditor?: boolean }>(
      await call(kit.gateway, 'GET', '/contact/me', { token: kit.olivia }),
    );
    expect(me.studioEditor).toBe(true);
    const paulMe = json<{ studioEditor?: boolean }>(
      await call(kit.gateway, 'GET', '/contact/me', { token: kit.paul }),
    );
    expect(paulMe.studioEditor).toBeUndefined();
  });

  it.each([
    ['Paul (every collaborator code)', () => kit.paul],
    ['Claire (a customer)', () => kit.claire],
  ])('refuses %s with 403 on every studio write and read', async (_who, token) => {
    const body = { manifest: built, comment: 'x', baseVersion: 1 };
    expect(
      await statusOf(kit.gateway, 'POST', '/studio/api/manifest/versions', { token: token(), body }),
    ).toBe(403);
    expect(await statusOf(kit.gateway, 'PUT', '/studio/api/manifest/draft', { token: token(), body })).toBe(
      403,
    );
    expect(
      await statusOf(kit.gateway, 'POST', '/studio/api/manifest/versions/1/publish', {
        token: token(),
        body: { baseVersion: 1 },
      }),
    ).toBe(403);
    expect((await call(kit.gateway, 'GET', '/studio/api/manifest/versions', { token: token() })).status).toBe(
      403,
    );
    expect((await published()).version).toBe(1);
  });

  it('gives the studio the seeded personas to preview as, codes expanded, and only to editors', async () => {
    type Personas = {
      items: { email: string; entities: { accountId: number; context: Record<string, unknown> }[] }[];
    };
    const answer = json<Personas>(
      await call(kit.gateway, 'GET', '/studio/api/personas', { token: kit.olivia }),
    );
    const marc = answer.items.find((persona) => persona.email === 'marc.multi@demo.test');
    expect(marc?.entities.find((entity) => entity.accountId === 1002)?.context).toMatchObject({
      isCustomer: true,
      entityCount: 3,
      entity: ['CLBANK001', 'CLGED0001', 'CLRAPP001', 'CLUSER001'],
      isSignatory: true,
      isClarityVisible: true,
      offers: ['FORMS'],
    });
    const paulCodes = answer.items.find((persona) => persona.email === 'paul.collab@demo.test')?.entities[0]
      ?.context['entity'];
    expect(paulCodes).toContain('COBANK001');
    expect(paulCodes).not.toContain('ALL_COLLABORATOR_CODES');
    expect((await call(kit.gateway, 'GET', '/studio/api/personas', { token: kit.claire })).status).toBe(403);
  });

  it('refuses everyone without a token (401)', async () => {
    expect((await call(kit.gateway, 'GET', '/studio/api/manifest/versions')).status).toBe(401);
  });
});

describe('publishing', () => {
  it('refuses a manifest the portal would refuse with 422, each problem at its pointer', async () => {
    const broken = { ...built, sidebar: [{ ...built.sidebar[0], route: 'no.such.route' }] };
    const answer = await call(kit.gateway, 'POST', '/studio/api/manifest/versions', {
      token: kit.olivia,
      body: { manifest: broken, comment: 'broken', baseVersion: 1 },
    });
    expect(answer.status).toBe(422);
    const body = json<{ error: string; problems: { pointer: string; message: string }[] }>(answer);
    expect(body.error).toBe('invalid_manifest');
    expect(body.problems).toContainEqual({
      pointer: '/sidebar/0/route',
      message: expect.stringContaining('no.such.route') as string,
    });
    const schemaBroken = await call(kit.gateway, 'POST', '/studio/api/manifest/versions', {
      token: kit.olivia,
      body: { manifest: { ...built, sidebar: 'not a list' }, comment: 'broken', baseVersion: 1 },
    });
    expect(schemaBroken.status).toBe(422);
    expect(json<{ problems: { pointer: string }[] }>(schemaBroken).problems[0]?.pointer).toBe('/sidebar');
    expect((await published()).version).toBe(1);
  });

  const refused = async (manifest: PortalConfig) => {
    const answer = await call(kit.gateway, 'POST', '/studio/api/manifest/versions', {
      token: kit.olivia,
      body: { manifest, comment: 'refused', baseVersion: 1 },
    });
    expect(answer.status).toBe(422);
    return json<{ error: string; problems: { pointer: string; message: string }[] }>(answer);
  };

  it("refuses widget options the widget's own schema refuses, naming the placement (422)", async () => {
    const broken = structuredClone(built);
    const set = broken.homeWidgets.sets.findIndex((candidate) => candidate.id === 'default');
    const news = broken.homeWidgets.sets[set]?.widgets.findIndex((widget) => widget.widget === 'news/rss');
    const lab = broken.homeWidgets.sets[set]?.widgets.findIndex((widget) => widget.widget === 'lab/lab');
    const widgets = broken.homeWidgets.sets[set]?.widgets ?? [];
    widgets[news ?? -1] = { widget: 'news/rss', size: 2, options: { maxItems: 99 } };
    widgets[lab ?? -1] = { widget: 'lab/lab', size: 2, options: { url: 'javascript:alert(1)' } };
    const body = await refused(broken);
    expect(body.error).toBe('invalid_manifest');
    expect(body.problems).toContainEqual({
      pointer: `/homeWidgets/sets/${String(set)}/widgets/${String(news)}/options/maxItems`,
      message: 'widget "news/rss": must be 20 or less',
    });
    expect(body.problems).toContainEqual({
      pointer: `/homeWidgets/sets/${String(set)}/widgets/${String(lab)}/options/url`,
      message: expect.stringContaining('widget "lab/lab": must be an https:// address') as string,
    });
    expect((await published()).version).toBe(1);
  });

  it.each([
    'http://cdn.example/tour.js',
    'javascript:alert(1)',
    '//evil.example/tour.js',
    '/\\evil.example/x',
  ])('refuses a third-party script at %s (422)', async (url) => {
    const broken = structuredClone(built);
    const at = broken.thirdPartyScripts.findIndex((script) => script.name === 'product-tour');
    const script = broken.thirdPartyScripts[at];
    if (script) script.url = url;
    const body = await refused(broken);
    expect(body.problems).toEqual([
      {
        pointer: `/thirdPartyScripts/${String(at)}/url`,
        message: expect.stringContaining('must be an https:// address') as string,
      },
    ]);
    expect((await published()).version).toBe(1);
  });

  it('refuses a third-party script in the necessary category, which would load without consent (422)', async () => {
    // The schema's type has no `necessary` script: the body is what a hand-written file could hold.
    const scripts: { consent: string }[] = structuredClone(built.thirdPartyScripts);
    const first = scripts[0];
    if (first) first.consent = 'necessary';
    const body = await refused({ ...built, thirdPartyScripts: scripts } as unknown as PortalConfig);
    expect(body.problems).toEqual([
      {
        pointer: '/thirdPartyScripts/0/consent',
        message: expect.stringContaining('must be one of') as string,
      },
    ]);
    expect((await published()).version).toBe(1);
  });

  it('keeps a draft per author, publishes a version, and rolls back to the first', async () => {
    const draft = withBankFirst(built);
    expect(
      await statusOf(kit.gateway, 'PUT', '/studio/api/manifest/draft', {
        token: kit.olivia,
        body: { manifest: draft, baseVersion: 1 },
      }),
    ).toBe(200);
    const saved = json<Published & { baseVersion: number | null }>(
      await call(kit.gateway, 'GET', '/studio/api/manifest/draft', { token: kit.olivia }),
    );
    expect(saved.manifest?.sidebar).toEqual(draft.sidebar);
    // The draft remembers the version it was made from, so publishing it later says so.
    expect(saved.baseVersion).toBe(1);

    const answer = await call(kit.gateway, 'POST', '/studio/api/manifest/versions', {
      token: kit.olivia,
      body: { manifest: draft, comment: 'Bank first', baseVersion: 1 },
    });
    expect(answer.status).toBe(201);
    const { id } = json<{ id: number }>(answer);
    expect(id).toBe(2);
    const now = await published(builtEtag);
    expect(now.version).toBe(2);
    expect(now.manifest?.sidebar.find((item) => item.id === 'bank')?.order).toBe(1);
    // Publishing consumed the draft.
    expect(
      json<Published>(await call(kit.gateway, 'GET', '/studio/api/manifest/draft', { token: kit.olivia }))
        .manifest,
    ).toBeNull();

    const versions = json<Versions>(
      await call(kit.gateway, 'GET', '/studio/api/manifest/versions', { token: kit.olivia }),
    );
    expect(versions.items.map((v) => [v.id, v.author, v.comment, v.published])).toEqual([
      [2, 'olivia.owner@demo.test', 'Bank first', true],
      [1, 'build', 'Manifest of the build', false],
    ]);

    expect(
      await statusOf(kit.gateway, 'POST', '/studio/api/manifest/versions/1/publish', {
        token: kit.olivia,
        body: { baseVersion: 2 },
      }),
    ).toBe(200);
    const back = await published(builtEtag);
    expect(back.version).toBe(1);
    expect(back.manifest).toBeNull();
    expect(
      await statusOf(kit.gateway, 'POST', '/studio/api/manifest/versions/99/publish', {
        token: kit.olivia,
        body: { baseVersion: 1 },
      }),
    ).toBe(404);
  });
});

describe('two editors at once (issue 27, item 17)', () => {
  type Stale = { error: string; message: string; publishedVersion: number };
  let second: string;
  beforeAll(async () => {
    // A second product owner, marked as the seed marks Olivia.
    const db = await openTestDb(kit.gateway);
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'paul.collab@demo.test')
      .executeTakeFirstOrThrow();
    await createStudioStore(db).markEditor(id);
    await db.destroy();
    second = kit.paul;
  });

  const publish = (token: string, manifest: PortalConfig, comment: string, baseVersion: number) =>
    call(kit.gateway, 'POST', '/studio/api/manifest/versions', {
      token,
      body: { manifest, comment, baseVersion },
    });

  it('refuses the second of two publications made from the same version (409), and loses nothing of the first', async () => {
    const base = (await published()).version ?? 0;
    const first = await publish(kit.olivia, withBankFirst(built), 'Bank first (Olivia)', base);
    expect(first.status).toBe(201);
    const { id: olivias } = json<{ id: number }>(first);

    // Paul started from the same version and never saw Olivia's: his publication would undo hers.
    const hidden = { ...built, sidebar: built.sidebar.map((item) => ({ ...item, when: false as const })) };
    const stale = await publish(second, hidden, 'Everything hidden (Paul)', base);
    expect(stale.status).toBe(409);
    const body = json<Stale>(stale);
    expect(body.error).toBe('stale_version');
    expect(body.publishedVersion).toBe(olivias);
    expect(body.message).toContain(String(olivias));

    const now = await published(builtEtag);
    expect(now.version).toBe(olivias);
    expect(now.manifest?.sidebar.find((item) => item.id === 'bank')?.order).toBe(1);
    expect(now.manifest?.sidebar.every((item) => item.when !== false)).toBe(true);
    const versions = json<Versions>(
      await call(kit.gateway, 'GET', '/studio/api/manifest/versions', { token: kit.olivia }),
    );
    expect(versions.items.map((version) => version.comment)).not.toContain('Everything hidden (Paul)');

    // On the latest version, Paul's publication goes through.
    const again = await publish(
      second,
      { ...withBankFirst(built), sidebar: now.manifest?.sidebar ?? [] },
      'Paul, on the latest',
      olivias,
    );
    expect(again.status).toBe(201);
  });

  it('refuses a rollback made from a version that is no longer published (409)', async () => {
    const current = (await published()).version ?? 0;
    const rollback = (token: string, baseVersion: number) =>
      call(kit.gateway, 'POST', '/studio/api/manifest/versions/1/publish', { token, body: { baseVersion } });
    const newer = await publish(kit.olivia, withBankFirst(built), 'Olivia again', current);
    expect(newer.status).toBe(201);
    const { id } = json<{ id: number }>(newer);
    const stale = await rollback(second, current);
    expect(stale.status).toBe(409);
    expect(json<Stale>(stale).publishedVersion).toBe(id);
    expect((await published()).version).toBe(id);
    expect((await rollback(second, id)).status).toBe(200);
    expect((await published()).version).toBe(1);
  });

  it('refuses a publication without the version it is based on (422)', async () => {
    const answer = await call(kit.gateway, 'POST', '/studio/api/manifest/versions', {
      token: kit.olivia,
      body: { manifest: built, comment: 'no base' },
    });
    expect(answer.status).toBe(422);
    expect(json<{ error: string }>(answer).error).toBe('invalid_body');
  });
});
