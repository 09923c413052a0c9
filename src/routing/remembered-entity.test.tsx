import { cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import { loadRealManifest } from '../testing/manifest.ts';
import { asPersona, openAsPersona } from '../testing/persona-fixtures.ts';
import type { PersonaName } from '../testing/persona-fixtures.ts';

/**
 * SPEC 2 lands a customer with several entities on the client wallet, so the shipped manifest has no rule
 * on the entity of an earlier visit. A firm that wants people back where they left adds one landing rule
 * on the `user.hasRememberedEntity` fact, before the wallet's; no code changes.
 */
function returningManifest(): PortalConfig {
  const manifest = loadRealManifest();
  const wallet = manifest.landing.findIndex((rule) => rule.when === undefined);
  manifest.landing.splice(wallet, 0, { when: { fact: 'user.hasRememberedEntity' }, to: 'entity.home' });
  return manifest;
}

/** The persona's signed-in session, with the entity of an earlier visit known. */
function remembering(persona: PersonaName, rememberedEntityId: number, manifest = returningManifest()) {
  const { session } = asPersona(manifest, persona);
  return { session: { ...session, rememberedEntityId }, manifest };
}

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
afterEach(cleanup);

describe('landing with the entity of an earlier visit (SPEC 3 selected-entity, read back at start; a manifest rule)', () => {
  it('a customer with several entities lands on the remembered one, without asking for the list', async () => {
    const portal = await openAsPersona('marc', '/', remembering('marc', 1002));
    await waitFor(() => expect(portal.location()).toBe('/dossier/1002/accueil'));
    expect(portal.services.listEntities).not.toHaveBeenCalled();
  });

  it('only guides the first landing: once an entity is opened, a refused page goes to the SPEC 2 landing', async () => {
    // No bank permission for Marc on 1003: the landing page, not the entity of the earlier visit.
    const portal = await openAsPersona('marc', '/dossier/1003/banque', remembering('marc', 1002));
    await waitFor(() => expect(portal.location()).toBe('/portefeuille/mes-entites'));
    expect(portal.store.getState().session.rememberedEntityId).toBeNull();
  });

  it('with the shipped manifest, the client wallet as SPEC 2 says, even with an entity remembered', async () => {
    const portal = await openAsPersona('marc', '/', remembering('marc', 1002, loadRealManifest()));
    await waitFor(() => expect(portal.location()).toBe('/portefeuille/mes-entites'));
  });

  it('without one, the client wallet as SPEC 2 says', async () => {
    const portal = await openAsPersona('marc', '/');
    await waitFor(() => expect(portal.location()).toBe('/portefeuille/mes-entites'));
  });

  it('a collaborator still lands on the folders (the remembered entity never outranks SPEC 2)', async () => {
    const portal = await openAsPersona('paul', '/', remembering('paul', 1001));
    await waitFor(() => expect(portal.location()).toBe('/portefeuille/dossiers'));
  });
});
