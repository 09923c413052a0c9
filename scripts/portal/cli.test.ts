// @vitest-environment node
// The portal CLI in-process: each command on the real manifest and seed, as a product owner reads it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { main } from './cli.ts';
import { captureIo } from './cli-testing.ts';
import { DOCS_FILE } from './docs.ts';

const root = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'portal.config.json'), 'utf8')) as PortalConfig;
const scratch = mkdtempSync(join(tmpdir(), 'portal-cli-'));

function variant(name: string, edit: (config: PortalConfig) => PortalConfig): string {
  const file = join(scratch, `${name}.json`);
  writeFileSync(file, JSON.stringify(edit(structuredClone(manifest)), null, 2));
  return file;
}

describe('portal validate', () => {
  it('accepts the real manifest and refuses a broken one with its place', async () => {
    const ok = captureIo(root);
    expect(await main(['validate'], ok)).toBe(0);
    expect(ok.lines).toEqual(['portal.config.json: valid']);
    const broken = captureIo(root);
    expect(await main(['validate', 'tests/fixtures/manifests/line-col/unknown-key.json'], broken)).toBe(1);
    expect(broken.text()).toContain('/session/tokenKeys  unknown key "tokenKeys"');
  });
});

describe('portal explain', () => {
  it("says what Marc sees on 1002 and why the hidden items are hidden, from the evaluator's trace", async () => {
    const io = captureIo(root);
    expect(await main(['explain', '--persona', 'marc.multi@demo.test', '--entity', '1002'], io)).toBe(0);
    const text = io.text();
    expect(text).toContain('Landing: wallet.entities');
    expect(text).toContain('Entity 1002 Cabinet Durand');
    expect(text).toContain('✓ Banque');
    expect(text).toMatch(/✗ Indicateurs, hidden because:\n.*route entity\.indicators \(permission\)/);
    expect(text).not.toContain('Entity 1001');
  });

  it('turns on the flags it is given and refuses unknown personas and entities', async () => {
    const io = captureIo(root);
    await main(
      ['explain', '--persona', 'claire.solo@demo.test', '--flag', 'homeWidgets', '--lang', 'en'],
      io,
    );
    expect(io.text()).toContain('flags on: homeWidgets');
    expect(io.text()).toMatch(/Home widgets \(set [a-z-]+\):\n {4}✓/);
    expect(await main(['explain', '--persona', 'nobody@demo.test'], captureIo(root))).toBe(1);
    expect(
      await main(['explain', '--persona', 'claire.solo@demo.test', '--entity', '1004'], captureIo(root)),
    ).toBe(1);
  });
});

describe('portal diff', () => {
  it("says what changed in the studio's words, in the manifest's default language or --lang", async () => {
    const after = variant('after', (config) => {
      const bank = config.sidebar.find((item) => item.id === 'bank');
      const reports = config.sidebar.find((item) => item.id === 'bi-reports');
      if (bank === undefined || reports === undefined) throw new Error('no bank or BI reports item');
      [bank.order, reports.order] = [reports.order, bank.order];
      const users = config.overviewTabs.find((tab) => tab.id === 'users');
      if (users !== undefined) users.when = { permission: ['CLADMI001'] };
      return config;
    });
    const io = captureIo(root);
    expect(await main(['diff', 'portal.config.json', after], io)).toBe(0);
    expect(io.lines).toContain(
      "Menu latéral de l'entité : « Banque » déplacé de la position 7 à la position 2",
    );
    expect(io.lines).toContain('Onglets de « Mon entreprise » : règle de « Utilisateurs » modifiée');
    const english = captureIo(root);
    await main(['diff', 'portal.config.json', after, '--lang', 'en'], english);
    expect(english.lines).toContain('Entity sidebar: "Bank" moved from position 7 to position 2');
    const same = captureIo(root);
    await main(['diff', 'portal.config.json', 'portal.config.json'], same);
    expect(same.lines).toEqual(['Aucun changement.']);
  });
});

describe('portal docs', () => {
  it('is up to date in the repository, and a manifest change makes it stale', async () => {
    expect(await main(['docs', '--check'], captureIo(root))).toBe(0);
    const docs = readFileSync(join(root, DOCS_FILE), 'utf8');
    expect(docs).toMatch(
      /\| `CLBANK001` +\| customer +\| Bank +\| Sidebar: Bank \(`bank`\)<br>Route `entity.bank`/,
    );
    const changed = variant('docs', (config) => {
      const bank = config.sidebar.find((item) => item.id === 'bank');
      if (bank !== undefined) bank.when = { permission: ['CLINFO001'] };
      return config;
    });
    const stale = captureIo(root);
    expect(await main(['docs', '--check', '--manifest', changed], stale)).toBe(1);
    expect(stale.errors[0]).toContain('docs/permissions.md is stale');
  });
});

describe('portal usage', () => {
  it('prints the usage for no or an unknown command and exits 2', async () => {
    const io = captureIo(root);
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(io.text()).toContain('Unknown command "frobnicate"');
    expect(io.text()).toContain('new-plugin <id>');
  });
});
