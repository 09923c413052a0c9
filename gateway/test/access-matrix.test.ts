// The persona × route × entity matrix, generated from the contract's access fields (entityId,
// requiresAnyOf, collaboratorsOnly, studioEditors, globalRequiresAnyOf, requiresAnyOfByQuery,
// collaboratorsRequireAnyOf, customersRequireAnyOf, requiresActiveOffer): a route added to the
// table joins it with no change here, and a route naming an entity in its path or body outside the table
// fails it. Each cell is refused (403) or not exactly as the table says for that persona's seeded codes,
// with a malformed body: access is decided before the input is read. Below it, the attacks of issue 10
// item 4 one by one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../../kernel/contract/api.ts';
import type { RouteDefinition } from '../../kernel/contract/route-definition.ts';
import personas from '../seed/personas.json' with { type: 'json' };
import { REPO_ROOT } from '../src/options.ts';
import { codesOfScope } from '../src/permissions.ts';
import { call, statusOf, json, login } from './helpers.ts';
import { gatewayWithEveryone } from './gateway-suite.ts';

type Persona = (typeof personas.users)[number];
type Items<T> = { items: T[] };

const collaboratorCodes = codesOfScope(
  JSON.parse(readFileSync(join(REPO_ROOT, 'portal.config.json'), 'utf8')),
  'collaborator',
);
const expand = (codes: readonly string[]) =>
  new Set(codes.flatMap((code) => (code === 'ALL_COLLABORATOR_CODES' ? collaboratorCodes : [code])));
const ENTITY_IDS = personas.entities.map((entity) => entity.accountId);

/** Whether the seeded entity holds the offer with the validated status. */
const holdsOffer = (accountId: number, offer: string) =>
  personas.entities.some(
    (entity) =>
      entity.accountId === accountId &&
      entity.subscriptions.some(
        (subscription) => subscription.offerCode === offer && subscription.status === 'validated',
      ),
  );

const bearerRoutes = (Object.entries(routes) as [string, RouteDefinition][]).filter(
  ([, route]) => route.auth === 'bearer',
);

/**
 * Where a route names an entity, by the contract's naming rule: `:accountId`, or the `:id` that follows
 * an `accounts` segment, in its path; `accountId` in its JSON body.
 */
function entityFields(route: RouteDefinition): string[] {
  const segments = route.path.split('/');
  const inPath = segments.flatMap((segment, index) =>
    segment === ':accountId' || (segment === ':id' && segments[index - 1] === 'accounts')
      ? [`params.${segment.slice(1)}`]
      : [],
  );
  const body = route.body as { properties?: Record<string, unknown> } | undefined;
  return [...inPath, ...(body?.properties && 'accountId' in body.properties ? ['body.accountId'] : [])];
}

const guarded = bearerRoutes.filter(
  ([, route]) =>
    route.collaboratorsOnly === true ||
    route.studioEditors === true ||
    route.globalRequiresAnyOf !== undefined ||
    (route.entityId !== undefined && route.entityId !== 'handler'),
);

type Cell = {
  label: string;
  method: string;
  path: string;
  body?: unknown;
  rawBody?: string;
  refused: boolean;
};

/** The cells of one route for one persona: each entity, and each value of a per-query rule. */
function cellsOf(persona: Persona, id: string, route: RouteDefinition): Cell[] {
  const global = expand(persona.globalPermissions);
  const personaRefused =
    (route.collaboratorsOnly === true && persona.isCustomer) ||
    // The manifest's studio rule: collaborators the seed marks as product owners.
    (route.studioEditors === true && !(!persona.isCustomer && 'studio' in persona && persona.studio)) ||
    (route.globalRequiresAnyOf !== undefined && !route.globalRequiresAnyOf.some((code) => global.has(code)));
  const locator = route.entityId !== undefined && route.entityId !== 'handler' ? route.entityId : undefined;
  const entities: (number | undefined)[] = locator ? ENTITY_IDS : [undefined];
  const variants: (string | undefined)[] = route.requiresAnyOfByQuery
    ? Object.keys(route.requiresAnyOfByQuery.values)
    : [undefined];
  return entities.flatMap((entity) =>
    variants.map((variant) => {
      const membership = persona.entities.find((candidate) => candidate.accountId === entity);
      const held = expand(membership?.permissions ?? []);
      const holdsAny = (codes: readonly string[] | undefined) =>
        codes === undefined || codes.some((code) => held.has(code));
      const refused =
        personaRefused ||
        (entity !== undefined &&
          (membership === undefined ||
            !holdsAny(route.requiresAnyOf) ||
            (!persona.isCustomer && !holdsAny(route.collaboratorsRequireAnyOf)) ||
            (persona.isCustomer && !holdsAny(route.customersRequireAnyOf)) ||
            (route.requiresActiveOffer !== undefined && !holdsOffer(entity, route.requiresActiveOffer)) ||
            (variant !== undefined && !holdsAny(route.requiresAnyOfByQuery?.values[variant]))));
      const path = route.path.replace(/:(\w+)/g, (_match, name: string) =>
        locator?.in === 'params' && locator.name === name ? String(entity) : '999999',
      );
      const query = new URLSearchParams();
      if (locator?.in === 'query') query.set(locator.name, String(entity));
      if (variant !== undefined && route.requiresAnyOfByQuery)
        query.set(route.requiresAnyOfByQuery.name, variant);
      const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
      const search = query.toString();
      return {
        label: `${id} ${entity === undefined ? '' : String(entity)} ${variant ?? ''}`.trim(),
        method: route.method,
        path: search === '' ? path : `${path}?${search}`,
        // A malformed body (the entity id aside): whoever may not use the route gets 403 all the same, and
        // a write the caller may make stops at validation (400/422), so nothing is written.
        ...(hasBody
          ? locator?.in === 'body'
            ? { body: { [locator.name]: entity, malformed: [] } }
            : { rawBody: '{"malformed":' }
          : {}),
        refused,
      };
    }),
  );
}

const kit = gatewayWithEveryone(personas.users);
const { tokens } = kit;

describe('persona × route × code matrix (from the contract table)', () => {
  it('covers the routes that carry access rules', () => {
    expect(guarded.map(([id]) => id)).toEqual(
      expect.arrayContaining([
        'documents',
        'reports',
        'walletFolders',
        'walletMandates',
        'walletModRequests',
        'syncedDocuments',
        'startAccountingSync',
      ]),
    );
  });

  it('has every route with an entity in its path or body in the table, at that place', () => {
    const outside = bearerRoutes
      .filter(([, route]) => {
        const fields = entityFields(route);
        const locator = route.entityId;
        return (
          fields.length > 0 &&
          (locator === undefined ||
            locator === 'handler' ||
            !fields.includes(`${locator.in}.${locator.name}`))
        );
      })
      .map(([id]) => id);
    expect(outside).toEqual([]);
    // The rule finds them: the entity routes of the wallet, documents, reports, offers and people.
    const found = bearerRoutes.filter(([, route]) => entityFields(route).length > 0).map(([id]) => id);
    expect(found).toEqual(
      expect.arrayContaining(['documentPage', 'companySheet', 'setFavorite', 'depositReport', 'entityUsers']),
    );
  });

  for (const persona of personas.users) {
    it(`${persona.email}: every cell allowed or refused as the table says`, async () => {
      const token = tokens.get(persona.email) ?? '';
      const wrong: string[] = [];
      for (const [id, route] of guarded) {
        for (const cell of cellsOf(persona, id, route)) {
          const { status } = await call(kit.gateway, cell.method, cell.path, {
            token,
            ...(cell.body !== undefined ? { body: cell.body } : {}),
            ...(cell.rawBody !== undefined ? { rawBody: cell.rawBody } : {}),
          });
          const refused = status === 403;
          if (refused !== cell.refused || status === 401 || status >= 500)
            wrong.push(`${cell.label}: ${String(status)}, table says ${cell.refused ? '403' : 'allowed'}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('entity ids', () => {
  it('an id that is not a number answers 400 naming it, to members and strangers alike', async () => {
    for (const email of ['claire.solo@demo.test', 'nina.terms@demo.test']) {
      for (const path of [
        '/connect/api/accounts/abc/company-sheet',
        '/account/api/accounts/1001.5/documents?kind=legacy',
        '/wallet/api/portfolio/favorites/0x3E9',
      ]) {
        const method = path.includes('favorites') ? 'PUT' : 'GET';
        const answer = await call(kit.gateway, method, path, {
          token: tokens.get(email) ?? '',
          ...(method === 'PUT' ? { body: { favorite: true } } : {}),
        });
        expect(answer.status, `${email} ${path}`).toBe(400);
        expect(JSON.stringify(answer.body), path).toMatch(/\b(id|accountId)\b/);
      }
    }
  });
});

describe('attacks on permissions', () => {
  const claire = () => tokens.get('claire.solo@demo.test') ?? '';
  const marc = () => tokens.get('marc.multi@demo.test') ?? '';

  it('payslips (social-management documents) are refused to a holder of CLGED0002 only', async () => {
    const answer = await call(
      kit.gateway,
      'GET',
      '/accounting-integration/api/accounts/1001/documents?kind=social-management',
      { token: marc() },
    );
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).not.toMatch(/paie|payslip/i);
  });

  it('a customer cannot grant a code they do not hold, nor an unknown or collaborator code', async () => {
    const add = (email: string, permissions: string[]) =>
      call(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
        token: claire(),
        body: { email, firstName: 'Eve', lastName: 'Attacker', permissions },
      });
    // Claire holds every code she uses on 1001 but not CLEMB001 (hiring).
    expect((await add('eve.one@demo.test', ['CLEMB001'])).status).toBe(403);
    expect((await add('eve.two@demo.test', ['COADMI001'])).status).toBe(422);
    expect((await add('eve.three@demo.test', ['NOT-A-CODE'])).status).toBe(422);
    const users = json<Items<{ email: string }>>(
      await call(kit.gateway, 'GET', '/account/api/accounts/1001/users', { token: claire() }),
    );
    expect(users.items.map((user) => user.email).filter((email) => email.startsWith('eve.'))).toEqual([]);
  });

  it('signatory status is granted only by a signatory or a CLADMI001 holder', async () => {
    // A rights manager of 1001 (CLUSER002 and CLUSER004) who is neither a signatory nor a CLADMI001 holder.
    const email = 'rights.manager@demo.test';
    expect(
      await statusOf(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
        token: claire(),
        body: { email, firstName: 'Rita', lastName: 'Rights', permissions: ['CLUSER002', 'CLUSER004'] },
      }),
    ).toBe(201);
    // The invitation e-mail carries the createPassword link.
    const inbox = json<{ messages: { link: string }[] }>(
      await call(kit.gateway, 'GET', `/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`),
    );
    const token = new URL(inbox.messages[0]?.link ?? '').searchParams.get('token');
    await call(kit.gateway, 'POST', '/authentication/api/createNewPassword', {
      body: { token, password: 'une phrase assez longue' },
    });
    const rita = await login(kit.gateway, email, 'une phrase assez longue');
    const add = (body: Record<string, unknown>) =>
      call(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
        token: rita,
        body: { firstName: 'New', lastName: 'Member', ...body },
      });
    expect((await add({ email: 'eve.sign@demo.test', isSignatory: true })).status).toBe(403);
    expect((await add({ email: 'ok.member@demo.test', permissions: ['CLUSER002'] })).status).toBe(201);
    // Claire is a signatory of 1001: she may.
    const asClaire = await call(kit.gateway, 'POST', '/account/api/accounts/1001/users', {
      token: claire(),
      body: { email: 'new.signatory@demo.test', firstName: 'New', lastName: 'Signatory', isSignatory: true },
    });
    expect(asClaire.status).toBe(201);
  });

  it('a customer cannot detach a collaborator', async () => {
    const users = json<Items<{ userId: number; email: string }>>(
      await call(kit.gateway, 'GET', '/account/api/accounts/1001/users', { token: claire() }),
    );
    const paulId = users.items.find((user) => user.email === 'paul.collab@demo.test')?.userId;
    expect(paulId).toBeDefined();
    const answer = await call(kit.gateway, 'DELETE', `/account/api/accounts/1001/users/${String(paulId)}`, {
      token: claire(),
    });
    expect(answer.status).toBe(403);
    const after = json<Items<{ email: string }>>(
      await call(kit.gateway, 'GET', '/account/api/accounts/1001/users', { token: claire() }),
    );
    expect(after.items.map((user) => user.email)).toContain('paul.collab@demo.test');
  });

  it('a customer asks for an offer only with CLOFF001 there, and never reads the collaborators’ wallet', async () => {
    // Marc is attached to 1003 without any code.
    const asked = await call(kit.gateway, 'POST', '/offer/api/accounts/1003/offer-requests', {
      token: marc(),
      body: { offerCode: 'FORMS' },
    });
    expect(asked.status).toBe(403);
    for (const path of [
      '/offer/api/portfolio/mod-requests',
      '/wallet/api/portfolio/mandates',
      '/wallet/api/portfolio/folders',
    ]) {
      expect((await call(kit.gateway, 'GET', path, { token: marc() })).status, path).toBe(403);
    }
  });

  it('BI reports are filtered by kind: financial for CLRAPP001, HR for CLRAPP002', async () => {
    // Claire holds both on 1001 (two financial reports and one HR report are seeded there).
    const all = json<Items<{ kind: string }>>(
      await call(kit.gateway, 'GET', '/reporting/api/reports?accountId=1001', { token: claire() }),
    );
    expect(all.items.map((report) => report.kind).sort()).toEqual(['financial', 'financial', 'hr']);
    // Marc holds no BI code on 1001: the list is refused, the count says none.
    expect(
      await statusOf(kit.gateway, 'GET', '/reporting/api/reports?accountId=1001', { token: marc() }),
    ).toBe(403);
    const count = json<{ totalItems: number }>(
      await call(kit.gateway, 'GET', '/reporting/api/reports/currentuser?accountId=1001', { token: marc() }),
    );
    expect(count.totalItems).toBe(0);
  });
});
