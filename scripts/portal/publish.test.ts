// @vitest-environment node
// `portal publish` and `portal rollback` against a real gateway: Olivia publishes and rolls back, a
// broken manifest is refused with its problems, someone else is refused, and nothing runs unconfigured.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, json } from '../../gateway/test/helpers.ts';
import { gatewaySuite } from '../../gateway/test/gateway-suite.ts';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { main } from './cli.ts';
import { captureIo } from './cli-testing.ts';

const root = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'portal.config.json'), 'utf8')) as PortalConfig;
const scratch = mkdtempSync(join(tmpdir(), 'portal-publish-'));

const kit = gatewaySuite(['olivia', 'claire']);

const publishedOrder = async () => {
  const answer = json<{ version: number; manifest: PortalConfig }>(
    await call(kit.gateway, 'GET', '/studio/api/manifest/published'),
  );
  return { version: answer.version, bank: answer.manifest.sidebar.find((item) => item.id === 'bank')?.order };
};

describe('portal publish and rollback', () => {
  it('publishes a manifest as Olivia (URL and token from the environment), then rolls back', async () => {
    const bankFirst = structuredClone(manifest);
    for (const item of bankFirst.sidebar)
      if (item.id === 'bank') item.order = 1;
      else if (item.order >= 1 && item.order < 6) item.order += 1;
    const file = join(scratch, 'bank-first.json');
    writeFileSync(file, JSON.stringify(bankFirst));
    const env = { PORTAL_GATEWAY_URL: kit.gateway.url, PORTAL_TOKEN: kit.olivia };
    const io = captureIo(root, env);
    expect(await main(['publish', file, '--comment', 'Bank first'], io)).toBe(0);
    // Without --base, the version it read from the gateway just before.
    expect(io.lines[0]).toMatch(/^Version 2 published \(made from version 1\)/);
    expect(await publishedOrder()).toEqual({ version: 2, bank: 1 });

    const back = captureIo(root, env);
    expect(await main(['rollback', '1'], back)).toBe(0);
    expect(await publishedOrder()).toEqual({
      version: 1,
      bank: manifest.sidebar.find((item) => item.id === 'bank')?.order,
    });
    expect(await main(['rollback', '99'], captureIo(root, env))).toBe(1);
  });

  it('prints the problems of a manifest the gateway refuses (422), and publishes nothing', async () => {
    const file = join(scratch, 'broken.json');
    writeFileSync(file, JSON.stringify({ ...manifest, sidebar: 'not a list' }));
    const io = captureIo(root);
    expect(await main(['publish', file, '--gateway', kit.gateway.url, '--token', kit.olivia], io)).toBe(1);
    expect(io.errors[0]).toMatch(/^422/);
    expect(io.errors).toContainEqual(expect.stringMatching(/^ {2}\/sidebar {2}/));
    expect((await publishedOrder()).version).toBe(1);
  });

  it('refuses a publication or a rollback made from a version published over since (409), and says what to do', async () => {
    const base = (await publishedOrder()).version;
    const file = join(scratch, 'stale.json');
    writeFileSync(file, JSON.stringify(manifest));
    // Someone else publishes from the same version first.
    const other = await call(kit.gateway, 'POST', '/studio/api/manifest/versions', {
      token: kit.olivia,
      body: {
        manifest: { ...manifest, constants: { ...manifest.constants, entitiesPageSize: 7 } },
        comment: 'other',
        baseVersion: base,
      },
    });
    const { id: latest } = json<{ id: number }>(other);
    const env = { PORTAL_GATEWAY_URL: kit.gateway.url, PORTAL_TOKEN: kit.olivia };

    const io = captureIo(root, env);
    expect(await main(['publish', file, '--base', String(base)], io)).toBe(1);
    expect(io.errors[0]).toBe(
      `409: version ${String(latest)} has been published since version ${String(base)}, on which this is based; nothing was published.`,
    );
    expect(io.errors.join('\n')).toContain(`--base ${String(latest)}`);
    expect((await publishedOrder()).version).toBe(latest);

    const rollback = captureIo(root, env);
    expect(await main(['rollback', '1', '--base', String(base)], rollback)).toBe(1);
    expect(rollback.errors[0]).toMatch(/^409: version \d+ has been published since/);
    expect((await publishedOrder()).version).toBe(latest);

    const right = captureIo(root, env);
    expect(await main(['rollback', '1', '--base', String(latest)], right)).toBe(0);
    expect((await publishedOrder()).version).toBe(1);
    expect(await main(['publish', file, '--base', 'two'], captureIo(root, env))).toBe(2);
  });

  it('says who is refused (403) and what is missing when not configured', async () => {
    const io = captureIo(root);
    expect(await main(['rollback', '1', '--gateway', kit.gateway.url, '--token', kit.claire], io)).toBe(1);
    expect(io.errors[0]).toContain('403: this person is not a studio editor');
    const unconfigured = captureIo(root);
    expect(await main(['rollback', '1'], unconfigured)).toBe(2);
    expect(unconfigured.errors[0]).toContain('PORTAL_GATEWAY_URL');
  });
});
