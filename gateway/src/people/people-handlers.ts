// People and rights (issue 12). The access table has already checked membership and the route's codes;
// here are the rules the table cannot say: nobody passes on or removes a code they do not hold (rights
// editing and removal ask the same question), nobody edits another tenant's user, nobody removes their own
// last administration right nor an entity's last administrator, and an existing person joins an entity
// only by accepting an invitation (the inviter learns nothing of whom the address belongs to). Every
// write is one transaction with its delegation log line, and a refused write changes nothing.
import { createHash, randomBytes } from 'node:crypto';
import type { ApiResponse } from '../../../kernel/contract/api.ts';
import { routes } from '../../../kernel/contract/api.ts';
import type { DelegationNoticeKind } from '../../../kernel/contract/notification-routes.ts';
import {
  COLLABORATOR_ROLES,
  DELEGATION_ACTIONS,
  USER_STATUSES,
} from '../../../kernel/contract/people-routes.ts';
import { unusablePasswordHash } from '../auth/passwords.ts';

import type { UserRow } from '../db/store.ts';
import { HttpError, conflict, forbidden, notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { fullName, namesOf } from '../kernel/person-names.ts';
import {
  currentUser,
  entityPermissions,
  parseCodes,
  requireAnyPermission,
  requireMembership,
  type Deps,
} from '../kernel/deps.ts';
import type { MembershipRow } from '../db/store.ts';
import type { ListedPersonRow, PeopleOperations, PeopleStore, PersonRow } from './people-store.ts';

/** An invitation link lives a week: the invited person may not read their e-mail the same day. */
const INVITATION_TTL_S = 7 * 24 * 3600;
/** How unusablePasswordHash() starts: an account nobody has signed in to yet. */
const UNUSABLE_PREFIX = '!unusable$';
/** The codes whose holder manages rights: nobody removes the last of them from themselves. */
const ADMIN_CODES = ['CLUSER004', 'CLADMI001'] as const;
const DAY_MS = 86_400_000;
/** Codes whose holder sees the entity's users; the same holders see the collaborators' contacts. */
const VIEW_USERS = routes.entityUsers.requiresAnyOf;

type PeopleRoutes =
  | 'entityUsers'
  | 'myInvitations'
  | 'acceptInvitation'
  | 'declineInvitation'
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
type ListedUser = ApiResponse<'entityUsers'>['items'][number];
/** What a person holds on an entity, before or after a change. */
type Holding = { codes: readonly string[]; isSignatory: boolean };
const NOTHING: Holding = { codes: [], isSignatory: false };
type Role = (typeof COLLABORATOR_ROLES)[number];

const lastAdminRight = () =>
  new HttpError(409, 'last_admin_right', 'Nobody removes their own last administration right.');
const lastAdministrator = () =>
  new HttpError(
    409,
    'last_administrator',
    'This person is the last administrator of the entity: give another person an administration right first.',
  );
const staleVersion = () =>
  new HttpError(409, 'stale_version', 'Someone else changed these rights meanwhile; reload them.');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

function toUser(deps: Deps, row: PersonRow): EntityUser {
  return {
    userId: row.id,
    ...namesOf(row),
    email: row.email,
    isCustomer: row.is_customer === 1,
    isSignatory: row.is_signatory === 1,
    permissions: deps.catalogue.expand(parseCodes(row.permissions)),
    version: row.version,
    status: USER_STATUSES[row.invited === 1 ? 0 : 1],
    lastSignInAt: row.last_sign_in_at,
  };
}

/** A member as stored, or an invitation as the inviter typed it (no id, never signed in). */
function toListedUser(deps: Deps, row: ListedPersonRow): ListedUser {
  return { ...toUser(deps, { ...row, id: row.id ?? 0 }), userId: row.id };
}

function roleOf(value: string | null): Role | null {
  return COLLABORATOR_ROLES.find((role) => role === value) ?? null;
}

export function peopleHandlers(deps: Deps, people: PeopleStore): Pick<Handlers, PeopleRoutes> {
  const { store } = deps;

  function page(query: { page: number; pageSize: number }, total: number) {
    return { currentPage: query.page, totalPage: Math.ceil(total / query.pageSize), totalItems: total };
  }

  /** A user of the entity; another tenant's user or another entity's gets the same answer as an unknown id. */
  async function personOn(tx: PeopleOperations, accountId: number, userId: number): Promise<PersonRow> {
    const person = await tx.person(accountId, userId);
    if (!person) throw notFound(`User ${String(userId)} of entity ${String(accountId)}`);
    return person;
  }

  /** Takes the target out of the entity, with its delegation log line (inside `tx`). */
  async function detach(
    tx: PeopleOperations,
    accountId: number,
    caller: UserRow,
    target: PersonRow,
    line: { action: string; revoked?: readonly string[] },
  ) {
    await tx.removeMembership(target.id, accountId);
    await tx.log({ accountId, actor: caller, target, ...line });
  }

  /** Grants or takes away the firm's administration right, with its delegation log line (inside `tx`). */
  async function setAdminRight(tx: PeopleOperations, caller: UserRow, target: UserRow, isAdmin: boolean) {
    if (isAdmin) await tx.grantAdmin(target.id, caller.id, new Date().toISOString());
    else await tx.revokeAdmin(target.id);
    await tx.log({
      accountId: null,
      actor: caller,
      target: target,
      action: isAdmin ? 'admin.granted' : 'admin.revoked',
    });
  }

  async function heldOn(userId: number, accountId: number): Promise<Set<string>> {
    return new Set(entityPermissions(deps, await requireMembership(deps, userId, accountId)));
  }

  /** The customer codes a caller may pass on or take away there: all for a collaborator, theirs for a customer. */
  function grantable(caller: UserRow, held: ReadonlySet<string>): (code: string) => boolean {
    return caller.is_customer === 1 ? (code) => held.has(code) : () => true;
  }

  /**
   * Whether the caller may take a person from `before` to `after` on the entity: each code granted or
   * removed is one they may pass on, and signatory status changes only by a signatory or a CLADMI001
   * holder. Rights editing asks it, and so does removal (to nothing): removing is removing every code.
   */
  function mayChange(
    caller: UserRow,
    callerMembership: MembershipRow,
    before: Holding,
    after: Holding,
  ): boolean {
    const held = new Set(entityPermissions(deps, callerMembership));
    const changed = [
      ...after.codes.filter((code) => !before.codes.includes(code)),
      ...before.codes.filter((code) => !after.codes.includes(code)),
    ];
    if (!changed.every(grantable(caller, held))) return false;
    const signatoryChanged = before.isSignatory !== after.isSignatory;
    return !(
      signatoryChanged &&
      caller.is_customer === 1 &&
      callerMembership.is_signatory !== 1 &&
      !held.has('CLADMI001')
    );
  }

  /** An entity keeps one customer who administers its people: the last one keeps their right and stays. */
  async function keepsAnAdministrator(
    tx: PeopleOperations,
    accountId: number,
    target: PersonRow,
    after: Holding,
  ): Promise<void> {
    const administers = (codes: readonly string[]) => ADMIN_CODES.some((code) => codes.includes(code));
    if (target.is_customer !== 1 || !administers(parseCodes(target.permissions)) || administers(after.codes))
      return;
    if (!(await tx.hasOtherAdministrator(accountId, target.id, ADMIN_CODES))) throw lastAdministrator();
  }

  /** One rule for both lists of collaborators: e-mail and mobile to those who see the entity's users. */
  function seesContacts(held: ReadonlySet<string>): boolean {
    return VIEW_USERS.some((code) => held.has(code));
  }

  /**
   * Tells of a delegation, in facts the portal words ("Claire Solo a donné à Hugo Bernard : Banque"): the
   * notification centre alone records it, once for the person it is about (`subjectId`, who reads it even
   * without the codes that list the users; an invited person, once they have joined) and for those who may
   * list the entity's users, never for its author. `person` is the name as the list shows it.
   */
  async function notifyDelegation(
    accountId: number,
    actor: UserRow,
    subjectId: number | undefined,
    facts: {
      kind: DelegationNoticeKind;
      person: string;
      codes?: readonly string[];
      signatory?: boolean;
      role?: Role;
      inviter?: string;
    },
  ): Promise<void> {
    const { kind, person, codes = [], signatory = false, role, inviter } = facts;
    await deps.events.publish({
      type: 'Delegation-AddDelegation',
      accountId,
      actorUserId: actor.id,
      ...(subjectId === undefined ? {} : { subjectId }),
      data: {
        kind,
        person,
        ...(codes.length > 0 ? { codes: codes.join(',') } : {}),
        ...(signatory ? { signatory: 1 } : {}),
        ...(role === undefined ? {} : { role }),
        ...(inviter === undefined ? {} : { inviter }),
      },
      // Someone's codes are read in the entity's user list; the person is told of their own.
      readers: {
        anyOf: routes.entityUsers.requiresAnyOf,
        ...(subjectId === undefined ? {} : { userId: subjectId }),
      },
    });
  }

  /**
   * Tells the address's owner. An account without a password yet (new, or invited before and never
   * activated) gets a link to create one, which also accepts; an account in use is asked to answer in the
   * portal, where it signs in as usual.
   */
  async function mailInvitation(
    tx: PeopleOperations,
    caller: UserRow,
    target: UserRow,
    entityName: string,
    createdAt: string,
  ): Promise<void> {
    if (target.password_hash.startsWith(UNUSABLE_PREFIX)) {
      const token = randomBytes(32).toString('base64url');
      await tx.issuePasswordLink(
        target.id,
        sha256(token),
        Math.floor(Date.now() / 1000) + INVITATION_TTL_S,
        createdAt,
      );
      await tx.sendMail(
        target.email,
        'Invitation : créez votre mot de passe',
        `${deps.portalUrl}/createPassword?token=${token}`,
        createdAt,
      );
      // The list says "invited" until the first sign-in once the person has joined.
      await tx.markInvited(target.id, caller.id, createdAt);
      return;
    }
    await tx.sendMail(
      target.email,
      `Invitation à rejoindre ${entityName}`,
      `${deps.portalUrl}/portefeuille/mes-entites`,
      createdAt,
    );
  }

  return {
    entityUsers: async ({ session, params, query }) => {
      await currentUser(deps, session);
      const filter = {
        accountId: params.id,
        pattern: store.likePattern(query.search.trim()),
        now: new Date().toISOString(),
      };
      const ordered = { ...filter, sort: query.sort, order: query.order };
      const total = await people.countPeople(filter);
      // A notification's person: the page holding their row, wherever the list has put it.
      const position =
        query.focus === undefined ? undefined : await people.positionOfPerson(ordered, query.focus);
      const shown =
        position === undefined ? query : { ...query, page: Math.floor(position / query.pageSize) + 1 };
      const rows = await people.listPeople({
        ...ordered,
        limit: shown.pageSize,
        offset: (shown.page - 1) * shown.pageSize,
      });
      return {
        items: rows.map((row) => toListedUser(deps, row)),
        ...page(shown, total),
        ...(position === undefined ? {} : { focusIndex: position % shown.pageSize }),
      };
    },

    addEntityUser: async ({ session, params, body }) => {
      const caller = await currentUser(deps, session);
      const membership = await requireMembership(deps, caller.id, params.id);
      const email = body.email.trim();
      const permissions = [...new Set(body.permissions ?? [])];
      const isSignatory = body.isSignatory ?? false;
      // Adding a user is not granting rights: codes or signatory status need the rights-management code.
      if (permissions.length > 0 || isSignatory)
        requireAnyPermission(deps, membership, routes.addEntityUser.grantRequiresAnyOf);
      const unknown = permissions.filter((code) => !deps.catalogue.customerCodes.includes(code));
      if (unknown.length > 0)
        throw new HttpError(422, 'invalid_body', `Unknown customer permission codes: ${unknown.join(', ')}.`);
      if (!mayChange(caller, membership, NOTHING, { codes: permissions, isSignatory })) throw forbidden();
      const created = new Date();
      const now = created.toISOString();
      const expiresAt = people.invitationExpiry(created);
      const invited = await people.transaction(async (tx) => {
        await tx.purgeInvitations(created);
        // The inviter's own entity: who is on it, or invited to it, is theirs to know.
        if (await tx.isMemberByEmail(params.id, email))
          throw conflict('This person is already a user of the entity.');
        if (await tx.hasLiveInvitation(params.id, email, now))
          throw conflict('This address is already invited to the entity.');
        const target =
          (await tx.userByEmail(email)) ??
          (await tx.insertUser({
            email,
            firstName: body.firstName,
            lastName: body.lastName,
            passwordHash: unusablePasswordHash(),
          }));
        // A collaborator's address is invited like any other, but nobody can accept it: it only expires.
        const invitee = target.is_customer === 1 ? target : undefined;
        await tx.insertEntityInvitation({
          accountId: params.id,
          userId: invitee?.id ?? null,
          email,
          firstName: body.firstName,
          lastName: body.lastName,
          isSignatory,
          permissions,
          invitedBy: caller.id,
          createdAt: now,
          expiresAt,
        });
        if (invitee) await mailInvitation(tx, caller, invitee, (await tx.entityName(params.id)) ?? '', now);
        await tx.log({
          accountId: params.id,
          actor: caller,
          target: { id: invitee?.id ?? 0, first_name: body.firstName, last_name: body.lastName },
          action: 'user.invited',
          granted: permissions,
        });
        return invitee;
      });
      // After the commit. The invited person reads it once they have joined; a collaborator's address,
      // which nobody can accept, is about nobody.
      await notifyDelegation(params.id, caller, invited?.id, {
        kind: 'invited',
        person: `${body.firstName} ${body.lastName}`,
        codes: permissions,
        signatory: isSignatory,
      });
      // The same answer whoever the address belongs to: what the caller sent, no id, no state of an account.
      return {
        firstName: body.firstName,
        lastName: body.lastName,
        email,
        isSignatory,
        permissions,
        status: 'invited' as const,
        expiresAt,
      };
    },

    myInvitations: async ({ session }) => {
      const caller = await currentUser(deps, session);
      return {
        items: (await people.invitationsOf(caller.id, new Date().toISOString())).map((row) => ({
          invitationId: row.id,
          accountId: row.account_id,
          accountName: row.account_name,
          invitedBy: fullName({ first_name: row.inviter_first_name, last_name: row.inviter_last_name }),
          isSignatory: row.is_signatory === 1,
          permissions: deps.catalogue.expand(parseCodes(row.permissions)),
          invitedAt: row.created_at,
          expiresAt: row.expires_at,
        })),
      };
    },

    acceptInvitation: async ({ session, params }) => {
      const caller = await currentUser(deps, session);
      const joined = await people.transaction(async (tx) => {
        const now = new Date().toISOString();
        const invitation = await tx.invitationOf(params.invitationId, caller.id, now);
        if (!invitation) throw notFound(`Invitation ${String(params.invitationId)}`);
        await tx.decideInvitation(invitation.id, 'accepted', now);
        // Already a user there (joined meanwhile): the invitation is answered, the rights stay as they are.
        if (await tx.membership(caller.id, invitation.account_id)) return undefined;
        const codes = parseCodes(invitation.permissions);
        await tx.addMembership(
          caller.id,
          invitation.account_id,
          invitation.is_signatory,
          JSON.stringify(codes),
        );
        await tx.log({
          accountId: invitation.account_id,
          actor: caller,
          target: caller,
          action: 'invitation.accepted',
          granted: codes,
        });
        return { invitation, codes };
      });
      // After the commit: the notification tells of a membership that exists.
      if (joined) {
        const { invitation, codes } = joined;
        await notifyDelegation(invitation.account_id, caller, caller.id, {
          kind: 'joined',
          person: fullName(caller),
          codes,
          signatory: invitation.is_signatory === 1,
          inviter: fullName({
            first_name: invitation.inviter_first_name,
            last_name: invitation.inviter_last_name,
          }),
        });
      }
      return undefined;
    },

    declineInvitation: async ({ session, params }) => {
      const caller = await currentUser(deps, session);
      await people.transaction(async (tx) => {
        const now = new Date().toISOString();
        const invitation = await tx.invitationOf(params.invitationId, caller.id, now);
        if (!invitation) throw notFound(`Invitation ${String(params.invitationId)}`);
        await tx.decideInvitation(invitation.id, 'declined', now);
      });
      return undefined;
    },

    saveEntityUserRights: async ({ session, params, body }) => {
      const caller = await currentUser(deps, session);
      const callerMembership = await requireMembership(deps, caller.id, params.id);
      const wanted = [...new Set(body.permissions)];
      const unknown = wanted.filter((code) => !deps.catalogue.customerCodes.includes(code));
      if (unknown.length > 0)
        throw new HttpError(422, 'invalid_body', `Unknown customer permission codes: ${unknown.join(', ')}.`);
      const { saved, notice } = await people.transaction(async (tx) => {
        await tx.lockEntity(params.id);
        const target = await personOn(tx, params.id, params.userId);
        if (target.is_customer !== 1) throw forbidden();
        const before = parseCodes(target.permissions);
        const granted = wanted.filter((code) => !before.includes(code));
        const revoked = before.filter((code) => !wanted.includes(code));
        const after = { codes: wanted, isSignatory: body.isSignatory };
        if (
          !mayChange(
            caller,
            callerMembership,
            { codes: before, isSignatory: target.is_signatory === 1 },
            after,
          )
        )
          throw forbidden();
        const signatoryChanged = body.isSignatory !== (target.is_signatory === 1);
        if (
          target.id === caller.id &&
          ADMIN_CODES.some((code) => before.includes(code)) &&
          !ADMIN_CODES.some((code) => wanted.includes(code))
        )
          throw lastAdminRight();
        await keepsAnAdministrator(tx, params.id, target, after);
        if (target.version !== body.version) throw staleVersion();
        // A save that changes nothing writes nothing: no new version, no empty line in the history, no
        // notification.
        if (granted.length === 0 && revoked.length === 0 && !signatoryChanged)
          return { saved: target, notice: undefined };
        // Conditional on the version read above: a save committed meanwhile makes it stale, not lost.
        const written = await tx.saveRights(target.id, params.id, {
          isSignatory: body.isSignatory,
          permissions: wanted,
          version: body.version,
        });
        if (!written) throw staleVersion();
        const signatory = signatoryChanged ? ['signatory'] : [];
        await tx.log({
          accountId: params.id,
          actor: caller,
          target: target,
          action: 'rights.changed',
          granted: body.isSignatory && signatoryChanged ? [...granted, ...signatory] : granted,
          revoked: !body.isSignatory && signatoryChanged ? [...revoked, ...signatory] : revoked,
        });
        const saved = await tx.person(params.id, target.id);
        if (!saved) throw new Error('updated user not found');
        const madeSignatory = signatoryChanged && body.isSignatory;
        // Told only of what was given (a right taken away is not a delegation).
        const notice =
          granted.length > 0 || madeSignatory ? { codes: granted, signatory: madeSignatory } : undefined;
        return { saved, notice };
      });
      if (notice)
        await notifyDelegation(params.id, caller, saved.id, {
          kind: 'granted',
          person: fullName(saved),
          ...notice,
        });
      return toUser(deps, saved);
    },

    removeEntityUser: async ({ session, params }) => {
      const caller = await currentUser(deps, session);
      const callerMembership = await requireMembership(deps, caller.id, params.id);
      await people.transaction(async (tx) => {
        await tx.lockEntity(params.id);
        const target = await personOn(tx, params.id, params.userId);
        // A customer may detach customers only, never the firm's collaborators.
        if (caller.is_customer === 1 && target.is_customer !== 1) throw forbidden();
        if (target.id === caller.id) throw lastAdminRight();
        const codes = parseCodes(target.permissions);
        if (!mayChange(caller, callerMembership, { codes, isSignatory: target.is_signatory === 1 }, NOTHING))
          throw forbidden();
        await keepsAnAdministrator(tx, params.id, target, NOTHING);
        await detach(tx, params.id, caller, target, { action: 'user.removed', revoked: codes });
      });
      return undefined;
    },

    entityCollaborators: async ({ session, params }) => {
      const caller = await currentUser(deps, session);
      // Contact details only to those who see the entity's users anyway; names to every member.
      const withContact = seesContacts(await heldOn(caller.id, params.id));
      return {
        items: (await people.entityCollaborators(params.id)).map((row) => ({
          userId: row.id,
          ...namesOf(row),
          role: roleOf(row.role),
          ...(withContact ? { email: row.email, officeMobile: row.office_mobile } : {}),
        })),
      };
    },

    assignCollaborator: async ({ session, params, body }) => {
      const caller = await currentUser(deps, session);
      const target = await people.transaction(async (tx) => {
        const target = await tx.userById(params.userId);
        if (!target) throw notFound(`User ${String(params.userId)}`);
        if (target.is_customer === 1)
          throw new HttpError(422, 'invalid_body', 'Only collaborators are assigned.');
        const existing = await tx.membership(target.id, params.id);
        if (!existing) await tx.addMembership(target.id, params.id, 0, '[]');
        await tx.setRole(target.id, params.id, body.role);
        await tx.log({
          accountId: params.id,
          actor: caller,
          target: target,
          action: 'collaborator.assigned',
          granted: [body.role],
        });
        return target;
      });
      await notifyDelegation(params.id, caller, target.id, {
        kind: 'assigned',
        person: fullName(target),
        role: body.role,
      });
      return undefined;
    },

    unassignCollaborator: async ({ session, params }) => {
      const caller = await currentUser(deps, session);
      await people.transaction(async (tx) => {
        const target = await tx.person(params.id, params.userId);
        if (!target || target.is_customer === 1) throw notFound(`Collaborator ${String(params.userId)}`);
        if (target.id === caller.id) throw lastAdminRight();
        await detach(tx, params.id, caller, target, { action: 'collaborator.unassigned' });
      });
      return undefined;
    },

    delegations: async ({ params, query }) => {
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
      const total = await people.logCount(filter);
      const rows = await people.logPage({
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

    walletUsers: async ({ session, query }) => {
      const caller = await currentUser(deps, session);
      const filter = {
        userId: caller.id,
        accountId: query.accountId ?? null,
        pattern: store.likePattern(query.search.trim()),
      };
      // Codes are stored as granted: ALL_COLLABORATOR_CODES stands for every collaborator code (COUSER001 too).
      const codes = [...routes.walletUsers.requiresAnyOf, 'ALL_COLLABORATOR_CODES'];
      const byAccount = new Map<number, string[]>();
      const callerCodes = async (accountId: number) => {
        let codes = byAccount.get(accountId);
        if (!codes) {
          codes = [...(await heldOn(caller.id, accountId))];
          byAccount.set(accountId, codes);
        }
        return codes;
      };
      const total = await people.walletPeopleCount({ ...filter, codes });
      const rows = await people.walletPeople({
        ...filter,
        codes,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const items = [];
      for (const row of rows)
        items.push({
          ...toUser(deps, row),
          accountId: row.account_id,
          accountName: row.account_name,
          callerPermissions: await callerCodes(row.account_id),
        });
      return {
        items,
        ...page(query, total),
      };
    },

    walletCollaborators: async ({ session, query }) => {
      const caller = await currentUser(deps, session);
      // SPEC 6: the collaborators tab is every customer's; a collaborator needs COUSER002 across the firm.
      const globalCodes = new Set(deps.catalogue.expand(parseCodes(caller.global_permissions)));
      if (
        caller.is_customer === 0 &&
        !routes.entityCollaborators.collaboratorsRequireAnyOf.some((code) => globalCodes.has(code))
      )
        throw forbidden();
      const filter = {
        userId: caller.id,
        everyone: caller.is_customer !== 1,
        pattern: store.likePattern(query.search.trim()),
      };
      const total = await people.walletCollaboratorsCount(filter);
      const rows = await people.walletCollaborators({
        ...filter,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      // The per-entity rule, asked where the collaborator works: a collaborator caller sees the whole firm
      // by their global codes, a customer by their codes on the folders they share with that collaborator.
      const byAccount = new Map<number, boolean>();
      const seesOn = async (accountId: number) => {
        let sees = byAccount.get(accountId);
        if (sees === undefined) {
          sees = seesContacts(await heldOn(caller.id, accountId));
          byAccount.set(accountId, sees);
        }
        return sees;
      };
      const items = [];
      for (const row of rows) {
        // A collaborator without a shared folder has none.
        const { folders } = row;
        let withContact = caller.is_customer === 0 && seesContacts(globalCodes);
        if (caller.is_customer === 1)
          for (const folder of folders) if (!withContact) withContact = await seesOn(folder.accountId);
        items.push({
          userId: row.id,
          ...namesOf(row),
          ...(withContact ? { email: row.email, officeMobile: row.office_mobile } : {}),
          isAdmin: row.is_admin === 1,
          folders,
        });
      }
      return { items, ...page(query, total) };
    },

    setCollaboratorAdmin: async ({ session, params, body }) => {
      const caller = await currentUser(deps, session);
      await people.transaction(async (tx) => {
        const target = await tx.userById(params.userId);
        if (!target) throw notFound(`User ${String(params.userId)}`);
        if (target.is_customer === 1)
          throw new HttpError(422, 'invalid_body', 'Only collaborators administer.');
        const wasAdmin = await tx.isAdmin(target.id);
        if (wasAdmin === body.isAdmin) return;
        if (!body.isAdmin && target.id === caller.id) throw lastAdminRight();
        await setAdminRight(tx, caller, target, body.isAdmin);
      });
      return undefined;
    },

    adminCollaborators: async () => ({
      items: (await people.admins()).map((row) => ({
        userId: row.id,
        ...namesOf(row),
        email: row.email,
        grantedAt: row.granted_at,
      })),
    }),

    deleteAdminCollaborator: async ({ session, params }) => {
      const caller = await currentUser(deps, session);
      await people.transaction(async (tx) => {
        const target = await tx.userById(params.userId);
        if (!target || !(await tx.isAdmin(target.id)))
          throw notFound(`Administrator ${String(params.userId)}`);
        if (target.id === caller.id) throw lastAdminRight();
        await setAdminRight(tx, caller, target, false);
      });
      return undefined;
    },

    createEntity: async ({ session, body }) => {
      const caller = await currentUser(deps, session);
      const accountNumber = body.accountNumber.trim().toUpperCase();
      const name = body.name.trim();
      if (name === '') throw new HttpError(422, 'invalid_body', 'name must not be blank.');
      const accountId = await people.transaction(async (tx) => {
        await tx.lockEntityCreation();
        if (await tx.accountNumberTaken(accountNumber))
          throw conflict('This company number is already used.');
        const now = new Date().toISOString();
        const next = await tx.insertEntity({
          accountNumber,
          name,
          legalForm: body.legalForm,
          fiscalYearEnd: body.fiscalYearEnd,
          createdBy: caller.id,
          createdAt: now,
        });
        // The creator works on it at once, with the codes they hold across the firm.
        await tx.addMembership(caller.id, next, 0, caller.global_permissions);
        await tx.setRole(caller.id, next, 'partner');
        await tx.log({
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
