// Test fixtures: the demo personas (gateway/seed/personas.json, the copy of ../shared/personas.json)
// as preloaded sessions and fake entities for renderPortal.
import seed from '../../gateway/seed/personas.json';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import type { EntitySummary } from '../api/types.ts';
import type { SessionState } from '../store/session-slice.ts';
import { loadRealManifest } from './manifest.ts';
import { realPlugins, renderPortal, withStubPages } from './render-portal.tsx';
import type { FakeEntity, RenderPortalOptions } from './render-portal.tsx';
import { allCodes } from './personas.ts';

type SeedUser = (typeof seed.users)[number];
export type PersonaName = 'claire' | 'marc' | 'nina' | 'sam' | 'paul' | 'lea';

const ALL_COLLABORATOR_CODES = 'ALL_COLLABORATOR_CODES';

const stubbedPlugins = withStubPages(realPlugins, ['auth', 'entity-home']);

function seedUser(name: PersonaName): SeedUser {
  const user = seed.users.find((candidate) => candidate.email.startsWith(`${name}.`));
  if (user === undefined) throw new Error(`No persona ${name} in the seed`);
  return user;
}

function codes(config: PortalConfig, list: readonly string[]): string[] {
  return list.flatMap((code) =>
    code === ALL_COLLABORATOR_CODES ? allCodes(config, 'collaborator') : [code],
  );
}

/** The persona's entities as the fake session layer serves them. */
function personaEntities(config: PortalConfig, name: PersonaName): FakeEntity[] {
  const user = seedUser(name);
  return user.entities.map((membership) => {
    const entity = seed.entities.find((candidate) => candidate.accountId === membership.accountId);
    if (entity === undefined) throw new Error(`No entity ${String(membership.accountId)} in the seed`);
    const summary: EntitySummary = {
      accountId: entity.accountId,
      accountNumber: entity.accountNumber,
      name: entity.name,
      subscriptions: entity.subscriptions as EntitySummary['subscriptions'],
      isClarityVisible: entity.isClarityVisible,
      // The gateway answers false for collaborators (contract: 'always false for collaborators').
      isSignatory: 'isSignatory' in membership && membership.isSignatory,
    };
    return {
      entity: summary,
      permissions: codes(config, membership.permissions),
      reportsCount: entity.biReports,
    };
  });
}

/**
 * renderPortal options for a signed-in persona; `entityId` preselects that entity (as the session layer
 * does when the URL or storage names one).
 */
export function asPersona(
  config: PortalConfig,
  name: PersonaName,
  entityId?: number,
): Pick<RenderPortalOptions, 'session' | 'entities' | 'manifest'> {
  const user = seedUser(name);
  const entities = personaEntities(config, name);
  const selected = entityId === undefined ? undefined : entities.find((e) => e.entity.accountId === entityId);
  const session: Partial<SessionState> = {
    status: 'authenticated',
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      id: 1,
      email: user.email,
      officeMobile: '',
      isCustomer: user.isCustomer,
      oldId: 0,
      persona: user.isCustomer ? 'Client' : 'Collaborateur',
      gigyaUserId: '',
      occupation: '',
      entities: entities.map((e) => e.entity.accountId),
      isCollab: !user.isCustomer,
      hasAcceptedTerms: user.acceptedCurrentTerms,
      favoriteEntities: [],
    },
    globalPermissions: codes(config, user.globalPermissions),
    entityCount: entities.length,
    ...(selected === undefined
      ? {}
      : {
          selectedEntity: selected.entity,
          entityPermissions: [...selected.permissions],
          entityReportsCount: selected.reportsCount,
        }),
  };
  return { manifest: config, session, entities };
}

/**
 * Renders the real engine at `path` as a persona (on `entityId` when given), with the real plugins but
 * the sign-in pages and the home grid stubbed: they have their own tests.
 */
export async function openAsPersona(
  persona: PersonaName,
  path: string,
  extra: Partial<RenderPortalOptions> & { entityId?: number } = {},
) {
  const config = extra.manifest ?? loadRealManifest();
  const { entityId, ...rest } = extra;
  return renderPortal({ ...asPersona(config, persona, entityId), plugins: stubbedPlugins, path, ...rest });
}
