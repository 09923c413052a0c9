// Issue 27 item 7: who may write the studio is the gateway's own studio-editor mark, never the manifest
// being published: a manifest can neither open the studio to customers nor lock its editors out, and the
// mark is managed by commands that never remove the last editor.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { REPO_ROOT } from '../src/options.ts';
import { call, gatewayCommand, json } from './helpers.ts';
import { gatewaySuite } from './gateway-suite.ts';

const built = JSON.parse(readFileSync(join(REPO_ROOT, 'portal.config.json'), 'utf8')) as PortalConfig;

const kit = gatewaySuite(['olivia', 'paul', 'claire']);

/** Publishes on the version published now (a stale base is studio.test.ts's matter). */
async function publish(token: string, manifest: unknown, comment = 'test') {
  const published = await call(kit.gateway, 'GET', '/studio/api/manifest/published');
  const baseVersion = (published.body as { version: number }).version;
  return call(kit.gateway, 'POST', '/studio/api/manifest/versions', {
    token,
    body: { manifest, comment, baseVersion },
  });
}

const studioCommand = (argv: readonly string[]) => gatewayCommand(kit.gateway.dataDir, argv, { demo: true });

const isEditor = async (token: string) =>
  json<{ studioEditor?: boolean }>(await call(kit.gateway, 'GET', '/contact/me', { token })).studioEditor ===
  true;

describe('the manifest does not decide who writes the studio', () => {
  it('a published rule that lets every signed-in person in gives a customer no write', async () => {
    const open = { ...built, studio: { editors: { fact: 'user.isAuthenticated' } } };
    expect((await publish(kit.olivia, open, 'studio for everyone')).status).toBe(201);
    expect((await publish(kit.claire, built)).status).toBe(403);
    expect(
      (await call(kit.gateway, 'GET', '/studio/api/manifest/versions', { token: kit.claire })).status,
    ).toBe(403);
    expect((await publish(kit.paul, built)).status).toBe(403);
  });

  it('a published manifest without a studio rule leaves the editors their right', async () => {
    const { studio: _studio, ...withoutStudio } = built;
    expect((await publish(kit.olivia, withoutStudio, 'no studio rule')).status).toBe(201);
    expect((await publish(kit.olivia, built, 'the rule again')).status).toBe(201);
  });
});

describe('grant-studio and revoke-studio', () => {
  it('never revoke the last editor', async () => {
    const refused = await studioCommand(['revoke-studio', '--email', 'olivia.owner@demo.test']);
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('last studio editor');
    expect((await publish(kit.olivia, built)).status).toBe(201);
  });

  it('give and take the right, which the gateway reads on each call', async () => {
    expect((await studioCommand(['grant-studio', '--email', 'Paul.Collab@demo.test'])).code).toBe(0);
    expect(await isEditor(kit.paul)).toBe(true);
    expect((await publish(kit.paul, built, 'by Paul')).status).toBe(201);

    expect((await studioCommand(['revoke-studio', '--email', 'olivia.owner@demo.test'])).code).toBe(0);
    expect(await isEditor(kit.olivia)).toBe(false);
    expect((await publish(kit.olivia, built)).status).toBe(403);
    expect((await studioCommand(['revoke-studio', '--email', 'paul.collab@demo.test'])).code).toBe(2);

    expect((await studioCommand(['grant-studio', '--email', 'olivia.owner@demo.test'])).code).toBe(0);
    expect((await publish(kit.olivia, built)).status).toBe(201);
  });

  it('refuse a customer, an unknown e-mail, someone not an editor and a missing e-mail', async () => {
    const customer = await studioCommand(['grant-studio', '--email', 'claire.solo@demo.test']);
    expect(customer.code).toBe(2);
    expect(customer.out).toContain('customer');
    expect((await studioCommand(['grant-studio', '--email', 'nobody@demo.test'])).code).toBe(2);
    expect((await studioCommand(['revoke-studio', '--email', 'lea.collab@demo.test'])).code).toBe(2);
    expect((await studioCommand(['grant-studio'])).code).toBe(2);
    expect(await isEditor(kit.claire)).toBe(false);
  });
});
