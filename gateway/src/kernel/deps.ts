import type { FastifyBaseLogger } from 'fastify';
import type { NewsItem, SessionClaims } from '../../../kernel/contract/api.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { SessionTokens } from '../auth/session-tokens.ts';
import type { Throttle, ThrottleLimits } from '../auth/throttle.ts';
import type { Db } from '../db/connection.ts';
import type { Store, UserRow, MembershipRow } from '../db/store.ts';
import type { EventBus } from '../events.ts';
import type { Faults } from '../http/faults.ts';
import { forbidden, unauthorized } from '../http/http-error.ts';
import type { PermissionCatalogue } from '../permissions.ts';
import type { Branding } from './branding.ts';

export type Deps = {
  /** The database (db/connection.ts): stores and the checks below query it. */
  db: Db;
  store: Store;
  tokens: SessionTokens;
  catalogue: PermissionCatalogue;
  userOrigin: 'COLLAB' | 'CLIENT';
  portalUrl: string;
  hasher: PasswordHasher;
  throttle: Throttle;
  limits: ThrottleLimits;
  log: FastifyBaseLogger;
  news: { items: readonly NewsItem[] };
  faults: Faults;
  /** Marked as a studio editor (contact/me's `studioEditor`, the portal's fact `user.isStudioEditor`). */
  isStudioEditor: (userId: number) => Promise<boolean>;
  /** Whether the caller holds the studio-editor mark (routes marked studioEditors); never the manifest. */
  studioAllows: (session: SessionClaims) => Promise<boolean>;
  /** Domain events (SPEC 3 types): screens publish, the notification centre subscribes. */
  events: EventBus;
  /** Account id (portal user id) of a live access token of the OIDC provider. */
  findOidcAccessToken: (
    value: string,
  ) => Promise<{ accountId: string; clientId: string; grantId?: string } | undefined>;
  reseed: () => Promise<void>;
  /** The published manifest's branding (the firm's name, logo, colour, support), for pages and e-mails. */
  branding: () => Promise<Branding | undefined>;
};

export function parseCodes(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];
}

export function parseNumbers(json: string): number[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
}

export async function currentUser(deps: Deps, session: SessionClaims): Promise<UserRow> {
  const user = await deps.store.users.byId(Number(session.sub));
  if (!user) throw unauthorized();
  return user;
}

/** The user's membership of the entity, or 403: never another tenant's data. */
export async function requireMembership(
  deps: Deps,
  userId: number,
  accountId: number,
): Promise<MembershipRow> {
  const membership = await deps.store.memberships.of(userId, accountId);
  if (!membership) throw forbidden();
  return membership;
}

export function entityPermissions(deps: Deps, membership: MembershipRow): string[] {
  return deps.catalogue.expand(parseCodes(membership.permissions));
}

export function requireAnyPermission(deps: Deps, membership: MembershipRow, codes: readonly string[]): void {
  const held = new Set(entityPermissions(deps, membership));
  if (!codes.some((code) => held.has(code))) throw forbidden();
}

export function isLoopbackAddress(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}
