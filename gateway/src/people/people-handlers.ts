// People and rights (issue 12). The access table has already checked membership and the route's codes;
// here are the rules the table cannot say: nobody passes on a code they do not hold, nobody edits
// another tenant's user, nobody removes their own last administration right. Every write is one
// transaction with its delegation log line, and a refused write changes nothing.
import { createHash, randomBytes } from 'node:crypto';
import type { ApiResponse } from '../../contract/api.ts';
import { routes } from '../../contract/api.ts';
import { COLLABORATOR_ROLES, DELEGATION_ACTIONS, USER_STATUSES } from '../../contract/people-routes.ts';
import { unusablePasswordHash } from '../auth/passwords.ts';
import type { UserRow } from '../db/store.ts';
import { HttpError, conflict, forbidden, notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import {
  currentUser,
  entityPermissions,
  parseCodes,
  requireAnyPermission,
  requireMembership,
  type Deps,
} from '../routes/deps.ts';
import type { PeopleStore, PersonRow } from './people-store.ts';

/** An invitation link lives a week: the invited person may not read their e-mail the same day. */
const INVITATION_TTL_S = 7 * 24 * 3600;
/** The codes whose holder manages rights: nobody removes the last of them from themselves. */
const ADMIN_CODES = ['CLUSER004', 'CLADMI001'] as const;
const DAY_MS = 86_400_000;

type PeopleRoutes =
  | 'entityUsers'
  | 'addEntityUser'
  | 'saveEntityUserRights'
  | 'removeEntityUser'
  | 'entityCollaborators'
  | 'assignCollaborator'
  | 'unassignCollaborator'
  | 'delegations'
  | 'walletUsers'
  | 'walletCollaborators'
  | 'setCollaboratorAdmin'
  | 'adminCollaborators'
  | 'deleteAdminCollaborator'
  | 'createEntity';

type EntityUser = ApiResponse<'saveEntityUserRights'>;
type Role = (typeof COLLABORATOR_ROLES)[number];

const lastAdminRight = () =>
  new HttpError(409, 'last_admin_right', 'Nobody removes their own last administration right.');
const staleVersion = () =>
  new HttpError(409, 'stale_version', 'Someone else changed these rights meanwhile; reload them.');
const fullName = (user: { first_name: string; last_name: string }) => `${user.first_name} ${user.last_name}`;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function toUser(deps: Deps, row: PersonRow): EntityUser {
  return {
    userId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    isCustomer: row.is_customer === 1,
    isSignatory: row.is_signatory === 1,
    permissions: deps.catalogue.expand(parseCodes(row.permissions)),
    version: row.version,
    status: USER_STATUSES[row.invited === 1 ? 0 : 1],
    lastSignInAt: row.last_sign_in_at,
  };
}

function roleOf(value: string | null): Role | null {
  return COLLABORATOR_ROLES.find((role) => role === value) ?? null;
}

export function peopleHandlers(deps: Deps, people: PeopleStore): Pick<Handlers, PeopleRoutes> {
  const { store } = deps;

  // A delegation notifies the person it is about (never the author), in the writer's transaction.
  deps.events.subscribe((event) => {
    if (event.type !== 'Delegation-AddDelegation' || event.subjectId === undefined) return;
    if (event.subjectId === event.actorUserId) return;
    people.q.recordNotification.run(
      event.subjectId,
      event.accountId,
      event.type,
      event.subjectId,
      JSON.stringify(event.data ?? {}),
      new Date().toISOString(),
    );
  });

  function page(query: { page: number; pageSize: number }, total: number) {
    return { currentPage: query.page, totalPage: Math.ceil(total / query.pageSize), totalItems: total };
  }

  /** A user of the entity; another tenant's user or another entity's gets the same answer as an unknown id. */
  function personOn(accountId: number, userId: number): PersonRow {
    const person = people.q.person.get(accountId, userId);
    if (!person) throw notFound(`User ${String(userId)} of entity ${String(accountId)}`);
    return person;
  }

  function heldOn(userId: number, accountId: number): Set<string> {
    return new Set(entityPermissions(deps, requireMembership(deps, userId, accountId)));
  }

  /** The customer codes a caller may pass on or take away there: all for a collaborator, theirs for a customer. */
  function grantable(caller: UserRow, held: ReadonlySet<string>): (code: string) => boolean {
    return caller.is_customer === 1 ? (code) => held.has(code) : () => true;
  }

  function notifyDelegation(accountId: number, actor: UserRow, targetId: number, granted: readonly string[]) {
    deps.events.publish({
      type: 'Delegation-AddDelegation',
      accountId,
      actorUserId: actor.id,
      subjectId: targetId,
      data: { by: fullName(actor), codes: granted.join(', ') },
      // Someone's codes are read in the entity's user list; the person is told of their own.
      readers: { anyOf: routes.entityUsers.requiresAnyOf, userId: targetId },
    });
  }

  function invite(caller: UserRow, target: { id: number; email: string }, createdAt: string) {
    const token = randomBytes(32).toString('base64url');
    store.q.retireResetTokens.run(createdAt, target.id);
    store.q.insertResetToken.run(sha256(token), target.id, Math.floor(Date.now() / 1000) + INVITATION_TTL_S);
    store.q.insertInbox.run(
      target.email,
      'Invitation : créez votre mot de passe',
      `${deps.portalUrl}/createPassword?token=${token}`,
      createdAt,
    );
    people.q.insertInvitation.run(target.id, caller.id, createdAt);
  }

  return {
    entityUsers: ({ session, params, query }) => {
      currentUser(deps, session);
      const filter = { accountId: params.id, pattern: store.likePattern(query.search.trim()) };
      const { total } = people.q.personCount.get(filter) ?? { total: 0 };
      const rows = people
        .people(query.sort, query.order)
        .all({ ...filter, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
      return { items: rows.map((row) => toUser(deps, row)), ...page(query, total) };
    },

    addEntityUser: ({ session, params, body }) => {
      const caller = currentUser(deps, session);
      const membership = requireMembership(deps, caller.id, params.id);
      const email = body.email.trim();
      const permissions = [...new Set(body.permissions ?? [])];
      const isSignatory = body.isSignatory ?? false;
      // Adding a user is not granting rights: codes or signatory status need the rights-management code.
      if (permissions.length > 0 || isSignatory)
        requireAnyPermission(deps, membership, routes.addEntityUser.grantRequiresAnyOf);
      const unknown = permissions.filter((code) => !deps.catalogue.customerCodes.includes(code));
      if (unknown.length > 0)
        throw new HttpError(422, 'invalid_body', `Unknown customer permission codes: ${unknown.join(', ')}.`);
      const held = new Set(entityPermissions(deps, membership));
      if (!permissions.every(grantable(caller, held))) throw forbidden();
      if (isSignatory && membership.is_signatory !== 1 && !held.has('CLADMI001') && caller.is_customer === 1)
        throw forbidden();
      const added = store.transaction(() => {
        const now = new Date().toISOString();
        let target = store.q.userByEmail.get(email);
        if (target && target.is_customer !== 1) throw conflict('This e-mail belongs to a collaborator.');
        const isNew = !target;
        if (!target) {
          const inserted = store.q.insertUser.get(
            email,
            body.firstName,
            body.lastName,
            unusablePasswordHash(),
            0,
          );
          if (!inserted) throw new Error('user insert returned nothing');
          store.q.setGigyaId.run(`gigya-${String(inserted.id)}`, inserted.id);
          target = store.q.userById.get(inserted.id);
          if (!target) throw new Error('inserted user not found');
        }
        if (store.q.membership.get(target.id, params.id))
          throw conflict('This user is already attached to the entity.');
        store.q.insertMembership.run(target.id, params.id, isSignatory ? 1 : 0, JSON.stringify(permissions));
        if (isNew) invite(caller, target, now);
        people.log({
          accountId: params.id,
          actor: caller,
          target: { id: target.id, first_name: body.firstName, last_name: body.lastName },
          action: isNew ? 'user.invited' : 'user.added',
          granted: permissions,
        });
        notifyDelegation(params.id, caller, target.id, permissions);
        return { id: target.id, row: people.q.person.get(params.id, target.id) };
      });
      // What the caller sent, never the stored names of an existing user they may not see.
      return {
        userId: added.id,
        firstName: body.firstName,
        lastName: body.lastName,
        email,
        isCustomer: true,
        isSignatory,
        permissions,
        version: added.row?.version ?? 1,
        status: added.row?.invited === 1 ? 'invited' : 'active',
        lastSignInAt: null,
      };
    },

    saveEntityUserRights: ({ session, params, body }) => {
      const caller = currentUser(deps, session);
      const callerMembership = requireMembership(deps, caller.id, params.id);
      const held = new Set(entityPermissions(deps, callerMembership));
      const wanted = [...new Set(body.permissions)];
      const unknown = wanted.filter((code) => !deps.catalogue.customerCodes.includes(code));
      if (unknown.length > 0)
        throw new HttpError(422, 'invalid_body', `Unknown customer permission codes: ${unknown.join(', ')}.`);
      return store.transaction(() => {
        const target = personOn(params.id, params.userId);
        if (target.is_customer !== 1) throw forbidden();
        const before = parseCodes(target.permissions);
        const granted = wanted.filter((code) => !before.includes(code));
        const revoked = before.filter((code) => !wanted.includes(code));
        const may = grantable(caller, held);
        if (![...granted, ...revoked].every(may)) throw forbidden();
        const signatoryChanged = body.isSignatory !== (target.is_signatory === 1);
        if (
          signatoryChanged &&
          caller.is_customer === 1 &&
          callerMembership.is_signatory !== 1 &&
          !held.has('CLADMI001')
        )
          throw forbidden();
        if (
          target.id === caller.id &&
          ADMIN_CODES.some((code) => before.includes(code)) &&
          !ADMIN_CODES.some((code) => wanted.includes(code))
        )
          throw lastAdminRight();
        if (target.version !== body.version) throw staleVersion();
        people.q.setRights.run(body.isSignatory ? 1 : 0, JSON.stringify(wanted), target.id, params.id);
        people.q.bumpVersion.run(target.id, params.id);
        const signatory = signatoryChanged ? ['signatory'] : [];
        people.log({
          accountId: params.id,
          actor: caller,
          target: target,
          action: 'rights.changed',
          granted: body.isSignatory && signatoryChanged ? [...granted, ...signatory] : granted,
          revoked: !body.isSignatory && signatoryChanged ? [...revoked, ...signatory] : revoked,
        });
        if (granted.length > 0 || (signatoryChanged && body.isSignatory))
          notifyDelegation(params.id, caller, target.id, granted);
        const after = people.q.person.get(params.id, target.id);
        if (!after) throw new Error('updated user not found');
        return toUser(deps, after);
      });
    },

    removeEntityUser: ({ session, params }) => {
      const caller = currentUser(deps, session);
      store.transaction(() => {
        const target = personOn(params.id, params.userId);
        // A customer may detach customers only, never the firm's collaborators.
        if (caller.is_customer === 1 && target.is_customer !== 1) throw forbidden();
        if (target.id === caller.id) throw lastAdminRight();
        store.q.deleteMembership.run(target.id, params.id);
        people.q.deleteRole.run(target.id, params.id);
        people.log({
          accountId: params.id,
          actor: caller,
          target: target,
          action: 'user.removed',
          revoked: parseCodes(target.permissions),
        });
      });
      return undefined;
    },

    entityCollaborators: ({ session, params }) => {
      const caller = currentUser(deps, session);
      const held = heldOn(caller.id, params.id);
      // Contact details only to those who see them in the entity users anyway; names to every member.
      const withContact = routes.entityUsers.requiresAnyOf.some((code) => held.has(code));
      return {
        items: people.q.entityCollaborators.all(params.id).map((row) => ({
          userId: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          role: roleOf(row.role),
          ...(withContact ? { email: row.email, officeMobile: row.office_mobile } : {}),
        })),
      };
    },

    assignCollaborator: ({ session, params, body }) => {
      const caller = currentUser(deps, session);
      store.transaction(() => {
        const target = store.q.userById.get(params.userId);
        if (!target) throw notFound(`User ${String(params.userId)}`);
        if (target.is_customer === 1)
          throw new HttpError(422, 'invalid_body', 'Only collaborators are assigned.');
        const existing = store.q.membership.get(target.id, params.id);
        if (!existing) store.q.insertMembership.run(target.id, params.id, 0, '[]');
        people.q.setRole.run(target.id, params.id, body.role);
        people.log({
          accountId: params.id,
          actor: caller,
          target: target,
          action: 'collaborator.assigned',
          granted: [body.role],
        });
        notifyDelegation(params.id, caller, target.id, []);
      });
      return undefined;
    },

    unassignCollaborator: ({ session, params }) => {
      const caller = currentUser(deps, session);
      store.transaction(() => {
        const target = people.q.person.get(params.id, params.userId);
        if (!target || target.is_customer === 1) throw notFound(`Collaborator ${String(params.userId)}`);
        if (target.id === caller.id) throw lastAdminRight();
        store.q.deleteMembership.run(target.id, params.id);
        people.q.deleteRole.run(target.id, params.id);
        people.log({
          accountId: params.id,
          actor: caller,
          target: target,
          action: 'collaborator.unassigned',
        });
      });
      return undefined;
    },

    delegations: ({ params, query }) => {
      for (const value of [query.from, query.to]) {
        const time = value === undefined ? 0 : Date.parse(`${value}T00:00:00.000Z`);
        // The pattern lets 2026-02-30 through; a day that does not exist (or rolls over) is refused.
        if (
          value !== undefined &&
          (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value)
        )
          throw new HttpError(400, 'invalid_request', 'from and to must be real days (YYYY-MM-DD).');
      }
      const filter = {
        accountId: params.id,
        personId: query.personId ?? null,
        from: query.from ?? null,
        // Inclusive: every line of the last day.
        to: query.to === undefined ? null : new Date(Date.parse(query.to) + DAY_MS).toISOString(),
      };
      const { total } = people.q.logCount.get(filter) ?? { total: 0 };
      const rows = people.q.log.all({
        ...filter,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((row) => ({
          id: row.id,
          accountId: row.account_id,
          at: row.created_at,
          actor: { userId: row.actor_id, name: row.actor_name },
          target: { userId: row.target_id, name: row.target_name },
          action: DELEGATION_ACTIONS.find((action) => action === row.action) ?? 'rights.changed',
          granted: parseCodes(row.granted),
          revoked: parseCodes(row.revoked),
        })),
        ...page(query, total),
      };
    },

    walletUsers: ({ session, query }) => {
      const caller = currentUser(deps, session);
      const filter = {
        userId: caller.id,
        codes: JSON.stringify(routes.walletUsers.requiresAnyOf),
        accountId: query.accountId ?? null,
        pattern: store.likePattern(query.search.trim()),
      };
      // Codes are stored as granted: ALL_COLLABORATOR_CODES stands for every collaborator code (COUSER001 too).
      const codes = JSON.stringify([...routes.walletUsers.requiresAnyOf, 'ALL_COLLABORATOR_CODES']);
      const byAccount = new Map<number, string[]>();
      const callerCodes = (accountId: number) => {
        let codes = byAccount.get(accountId);
        if (!codes) {
          codes = [...heldOn(caller.id, accountId)];
          byAccount.set(accountId, codes);
        }
        return codes;
      };
      const { total } = people.q.walletPeopleCount.get({ ...filter, codes }) ?? { total: 0 };
      const rows = people.q.walletPeople.all({
        ...filter,
        codes,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((row) => ({
          ...toUser(deps, row),
          accountId: row.account_id,
          accountName: row.account_name,
          callerPermissions: callerCodes(row.account_id),
        })),
        ...page(query, total),
      };
    },

    walletCollaborators: ({ session, query }) => {
      const caller = currentUser(deps, session);
      // SPEC 6: the collaborators tab is every customer's; a collaborator needs COUSER002 across the firm.
      const global = new Set(deps.catalogue.expand(parseCodes(caller.global_permissions)));
      if (
        caller.is_customer === 0 &&
        !routes.entityCollaborators.collaboratorsRequireAnyOf.some((code) => global.has(code))
      )
        throw forbidden();
      const filter = {
        userId: caller.id,
        everyone: caller.is_customer === 1 ? (0 as const) : (1 as const),
        pattern: store.likePattern(query.search.trim()),
      };
      const { total } = people.q.walletCollaboratorsCount.get(filter) ?? { total: 0 };
      const rows = people.q.walletCollaborators.all({
        ...filter,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((row) => ({
          userId: row.id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          officeMobile: row.office_mobile,
          isAdmin: row.is_admin === 1,
          // json_group_array of no row is '[]': a collaborator without a shared folder has none.
          folders: JSON.parse(row.folders) as { accountId: number; name: string; role: string | null }[],
        })),
        ...page(query, total),
      };
    },

    setCollaboratorAdmin: ({ session, params, body }) => {
      const caller = currentUser(deps, session);
      store.transaction(() => {
        const target = store.q.userById.get(params.userId);
        if (!target) throw notFound(`User ${String(params.userId)}`);
        if (target.is_customer === 1)
          throw new HttpError(422, 'invalid_body', 'Only collaborators administer.');
        const wasAdmin = people.q.isAdmin.get(target.id) !== undefined;
        if (wasAdmin === body.isAdmin) return;
        if (!body.isAdmin && target.id === caller.id) throw lastAdminRight();
        const now = new Date().toISOString();
        if (body.isAdmin) people.q.grantAdmin.run(target.id, caller.id, now);
        else people.q.revokeAdmin.run(target.id);
        people.log({
          accountId: null,
          actor: caller,
          target: target,
          action: body.isAdmin ? 'admin.granted' : 'admin.revoked',
        });
      });
      return undefined;
    },

    adminCollaborators: () => ({
      items: people.q.admins.all().map((row) => ({
        userId: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        grantedAt: row.granted_at,
      })),
    }),

    deleteAdminCollaborator: ({ session, params }) => {
      const caller = currentUser(deps, session);
      store.transaction(() => {
        const target = store.q.userById.get(params.userId);
        if (!target || people.q.isAdmin.get(target.id) === undefined)
          throw notFound(`Administrator ${String(params.userId)}`);
        if (target.id === caller.id) throw lastAdminRight();
        people.q.revokeAdmin.run(target.id);
        people.log({
          accountId: null,
          actor: caller,
          target: target,
          action: 'admin.revoked',
        });
      });
      return undefined;
    },

    createEntity: ({ session, body }) => {
      const caller = currentUser(deps, session);
      const accountNumber = body.accountNumber.trim().toUpperCase();
      const name = body.name.trim();
      if (name === '') throw new HttpError(422, 'invalid_body', 'name must not be blank.');
      const accountId = store.transaction(() => {
        if (people.q.entityByNumber.get(accountNumber))
          throw conflict('This company number is already used.');
        const next = people.q.nextAccountId.get()?.next ?? 1001;
        const now = new Date().toISOString();
        people.q.insertEntity.run(next, accountNumber, name);
        people.q.insertEntityDetails.run(next, body.legalForm, body.fiscalYearEnd, caller.id, now);
        // The creator works on it at once, with the codes they hold across the firm.
        store.q.insertMembership.run(caller.id, next, 0, caller.global_permissions);
        people.q.setRole.run(caller.id, next, 'partner');
        people.log({
          accountId: next,
          actor: caller,
          target: caller,
          action: 'entity.created',
        });
        return next;
      });
      return { accountId, accountNumber, name };
    },
  };
}
