// Issue 30 item 6: what the gateway draws itself (the identity provider's pages, the e-mails) carries the
// firm's branding of the published manifest: a publication with another name and colour changes them,
// with no code change. And the terms state says whether a person has ever accepted terms (the terms page
// welcomes a first acceptance only).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { brandingMarkup } from '../../kernel/manifest/page-branding.ts';
import { escapeHtml } from '../src/kernel/branding.ts';
import { REPO_ROOT } from '../src/options.ts';
import { call, followInside, json, oidcClient } from './helpers.ts';
import { gatewaySuite } from './gateway-suite.ts';

const built = JSON.parse(readFileSync(join(REPO_ROOT, 'portal.config.json'), 'utf8')) as PortalConfig;
const kit = gatewaySuite(['olivia', 'paul', 'nina']);

async function publish(manifest: unknown) {
  const published = await call(kit.gateway, 'GET', '/studio/api/manifest/published');
  const baseVersion = (published.body as { version: number }).version;
  return call(kit.gateway, 'POST', '/studio/api/manifest/versions', {
    token: kit.olivia,
    body: { manifest, comment: 'branding', baseVersion },
  });
}

async function providerSignInPage(): Promise<string> {
  const client = oidcClient(kit.gateway);
  const page = await followInside(client, kit.gateway, (await client.authorize()).response);
  if (typeof page === 'string') throw new Error('expected the sign-in page');
  return page.text();
}

type Inbox = { messages: { from: string; subject: string; link: string; html: string }[] };
const inboxOf = async (email: string) =>
  json<Inbox>(
    await call(kit.gateway, 'GET', `/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`),
  ).messages;

describe("the firm's branding on the gateway's own pages and e-mails", () => {
  it('the sign-in page, the e-mails and their sender follow the published manifest', async () => {
    const firm = built.branding?.firmName ?? '';
    const page = await providerSignInPage();
    expect(page).toContain(`<strong>${firm.replace('&', '&#38;')}</strong>`);
    expect(page).toContain(`--brand:${built.branding?.primaryColor ?? ''}`);
    expect(page).toContain('src="http://127.0.0.1');
    expect(
      await call(kit.gateway, 'POST', '/authentication/api/resetPassword', {
        body: { email: 'nina.terms@demo.test' },
      }),
    ).toMatchObject({ status: 204 });
    const [mail] = (await inboxOf('nina.terms@demo.test')).slice(-1);
    expect(mail?.from).toBe(firm);
    expect(mail?.html).toContain(`border-top:4px solid ${built.branding?.primaryColor ?? ''}`);
    expect(mail?.html).toContain((mail?.link ?? '').replace(/&/g, '&#38;'));

    const rebranded = {
      ...built,
      branding: {
        firmName: 'Fiduciaire Nord',
        primaryColor: '#0b6e4f',
        support: { phone: '03 20 00 00 00' },
      },
    };
    expect((await publish(rebranded)).status).toBe(201);
    const after = await providerSignInPage();
    expect(after).toContain('<strong>Fiduciaire Nord</strong>');
    expect(after).toContain('--brand:#0b6e4f');
    expect(after).toContain('03 20 00 00 00');
    expect(after).not.toContain(firm.replace('&', '&#38;'));
    const [again] = (await inboxOf('nina.terms@demo.test')).slice(-1);
    expect(again?.from).toBe('Fiduciaire Nord');
    expect(again?.html).toContain('background:#0b6e4f');
  });

  it("the portal's pages get the published branding as a fragment for their head, inert whatever the name", async () => {
    const fragment = async () => {
      const answer = await call(kit.gateway, 'GET', '/studio/api/manifest/branding');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      return String(answer.body);
    };
    const meta = (html: string) => {
      const content = /<meta name="portal-branding" content="([^"]*)"/.exec(html)?.[1] ?? '';
      const unescaped = content.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
      return JSON.parse(unescaped) as { firmName: string; primaryColor: string };
    };
    // The version published now (the test above published one) as the fragment carries it.
    const published = await call(kit.gateway, 'GET', '/studio/api/manifest/published');
    const current = (published.body as { manifest: PortalConfig }).manifest.branding;
    const before = await fragment();
    expect(meta(before)).toMatchObject({ firmName: current?.firmName });
    expect(before).toContain(`--portal-primary:${current?.primaryColor ?? ''}`);

    const hostile = `Fiduciaire "Nord" <script>alert('x')</script> & fils`;
    const rebranded = {
      ...built,
      branding: { firmName: hostile, primaryColor: '#0b6e4f', favicon: '/favicon.svg' },
    };
    expect((await publish(rebranded)).status).toBe(201);
    const after = await fragment();
    // Only the fragment's own three elements: the name is in an attribute, escaped, never markup.
    expect(after.match(/<[a-z]+/g)).toEqual(['<meta', '<style', '<link']);
    expect(after).not.toContain('<script');
    expect(after).not.toContain(`"Nord"`);
    expect(meta(after)).toEqual({ firmName: hostile, primaryColor: '#0b6e4f', favicon: '/favicon.svg' });
    expect(after).toContain('html:root{--portal-primary:#0b6e4f}');
    expect(after).toContain('<link rel="icon" href="/favicon.svg">');
    // What the login page's markup draws changed: the attribute the page's decision script compares.
    expect(after).toContain(`data-markup="${escapeHtml(brandingMarkup(rebranded.branding))}"`);
  });

  it('refuses to publish a primary colour below WCAG AA against white, naming its place', async () => {
    const pale = { ...built, branding: { firmName: 'Pâle', primaryColor: '#4c6ef5' } };
    const answer = await publish(pale);
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain('/branding/primaryColor');
  });
});

describe('the terms state', () => {
  it('says that a persona has accepted terms before (Nina accepted the previous ones)', async () => {
    const state = json<{ isCurrent: boolean; acceptedBefore: boolean }>(
      await call(kit.gateway, 'GET', '/contact/api/contacts/currentuser/terms', { token: kit.nina }),
    );
    expect(state).toMatchObject({ isCurrent: false, acceptedBefore: true });
  });
});
