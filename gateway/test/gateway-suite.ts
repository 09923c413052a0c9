// One test gateway per test file: the arrange block every HTTP test file starts with (start a gateway,
// sign the personas in, dispose of it after), written once.
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/db/connection.ts';
import type { GatewayOptions } from '../src/options.ts';
import { openTestDb, sessionOf, type Started, startGateway } from './helpers.ts';

/** The demo personas by first name: customers sign in by password, collaborators through OIDC. */
const PERSONAS = {
  claire: { email: 'claire.solo@demo.test', collaborator: false },
  marc: { email: 'marc.multi@demo.test', collaborator: false },
  nina: { email: 'nina.terms@demo.test', collaborator: false },
  sam: { email: 'sam.nousers@demo.test', collaborator: false },
  paul: { email: 'paul.collab@demo.test', collaborator: true },
  lea: { email: 'lea.collab@demo.test', collaborator: true },
  olivia: { email: 'olivia.owner@demo.test', collaborator: true },
} as const;

type Persona = keyof typeof PERSONAS;

/** A session token of a persona, signed in the way that persona signs in. */
function signIn(gateway: { url: string }, persona: Persona): Promise<string> {
  const { email, collaborator } = PERSONAS[persona];
  return sessionOf(gateway, email, !collaborator);
}

type SuiteOptions = {
  /** Options of the gateway (startGateway's overrides). */
  gateway?: Partial<GatewayOptions>;
  /** Also opens a Kysely instance of the test's own on the gateway's database (openTestDb). */
  db?: boolean;
  /** Timeout of the start (vitest's hook timeout otherwise). */
  timeoutMs?: number;
};

/**
 * The test file's gateway and the tokens of the personas it signed in (by first name), filled before
 * the file's first test; `db` only when asked for.
 */
export type GatewaySuite<P extends Persona> = { gateway: Started; db: Db } & Record<P, string>;

/**
 * Starts a gateway before the file's tests, signs the personas in in the order given, and disposes of
 * it (and of the test's database handle) after them.
 */
export function gatewaySuite<const P extends Persona>(
  personas: readonly P[],
  options: SuiteOptions = {},
): GatewaySuite<P> {
  const suite = {} as GatewaySuite<P>;
  let db: Db | undefined;
  beforeAll(async () => {
    suite.gateway = await startGateway(options.gateway);
    if (options.db) {
      db = await openTestDb(suite.gateway);
      suite.db = db;
    }
    for (const persona of personas)
      (suite as Record<P, string>)[persona] = await signIn(suite.gateway, persona);
  }, options.timeoutMs);
  afterAll(async () => {
    await db?.destroy();
    await suite.gateway.dispose();
  });
  return suite;
}

/** The people of the seed's personas file: who signs in, and how. */
type SeedUser = { readonly email: string; readonly isCustomer: boolean };

/**
 * A gateway for the file's tests with each of these people signed in (their tokens by e-mail), for the
 * tests that walk the whole personas file; disposed of after them.
 */
export function gatewayWithEveryone(users: readonly SeedUser[]): {
  gateway: Started;
  tokens: Map<string, string>;
} {
  const suite = { tokens: new Map<string, string>() } as { gateway: Started; tokens: Map<string, string> };
  beforeAll(async () => {
    suite.gateway = await startGateway();
    for (const user of users)
      suite.tokens.set(user.email, await sessionOf(suite.gateway, user.email, user.isCustomer));
  });
  afterAll(async () => {
    await suite.gateway.dispose();
  });
  return suite;
}
