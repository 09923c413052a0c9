// People and rights: rights versions, invitations, collaborator roles, the firm's administrators, entity
// details and the delegation log, as named async operations over the gateway's database (db/connection.ts).
// The tables are this screen family's own (made by db/migrations) and carry no foreign keys, so the shared
// seed's DELETE FROM users never trips on them; they are reseeded whenever the shared seed ran (see
// seedPeople). The people screens also read users and write memberships, the reset link and the e-mail of
// an invitation: those writes belong to the invitation's transaction, so they are here too.
// Portable: the same queries run on SQLite and PostgreSQL. Codes are matched in the stored JSON text
// (`"CODE"` with LIKE) rather than with SQLite's json_each; names and e-mails compare through lower().
import { sql, type Expression, type SqlBool } from 'kysely';
import { dialectOf, transactionalStore, type Db } from '../db/connection.ts';
import { entityColumn, hasUserMark, lockEntityRow } from '../db/lookups-store.ts';
import { DEFAULT_INBOX_RETENTION, type InboxRetention } from '../db/inbox.ts';
import { createStore, MEMBER_COLUMNS } from '../db/store.ts';

const PEOPLE_TABLES = [
  'rights_versions',
  'invitations',
  'last_sign_ins',
  'collaborator_roles',
  'admin_collaborators',
  'entity_details',
  'delegation_log',
  'entity_invitations',
] as const;

/** Who acted or was acted on, as the log names them (the name is kept as it was at the time). */
type LoggedPerson = { id: number; first_name: string; last_name: string };

type LogLine = {
  accountId: number | null;
  actor: LoggedPerson;
  target: LoggedPerson;
  action: string;
  granted?: readonly string[];
  revoked?: readonly string[];
};

type PersonSort = 'name' | 'email' | 'lastSignInAt';
type Order = 'asc' | 'desc';
type Page = { limit: number; offset: number };

/** How long an invitation waits for its answer, and how long an answered or expired one is kept. */
type InvitationTimes = { days: number; retentionDays: number };
export type PeopleStoreOptions = Partial<InvitationTimes> & { inbox?: InboxRetention };
const DEFAULT_INVITATION_TIMES: InvitationTimes = { days: 30, retentionDays: 90 };
const DAY_MS = 86_400_000;

/** `%"CODE"%`: a code as JSON.stringify writes it in a permissions array, LIKE's wildcards escaped. */
const codePattern = (code: string) => `%${JSON.stringify(code).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Whether the JSON array of codes in `column` holds one of `codes` (false for no codes). */
function holdsAnyCode(column: string, codes: readonly string[]) {
  if (codes.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(
    codes.map((code) => sql`${sql.ref(column)} LIKE ${codePattern(code)} ESCAPE '\\'`),
    sql` OR `,
  )})`;
}

/**
 * A person's name (either way round) or e-mail matches the LIKE pattern (store.likePattern), without
 * regard to case on both databases (SQLite's LIKE already ignores ASCII case, PostgreSQL's does not).
 */
function nameOrEmailLike(alias: 'u' | 'p', pattern: string) {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const like = (value: Expression<unknown>) =>
    sql<SqlBool>`lower(${value}) LIKE lower(${pattern}) ESCAPE '\\'`;
  return sql<SqlBool>`(${like(sql`${col('first_name')} || ' ' || ${col('last_name')}`)}
    OR ${like(sql`${col('last_name')} || ' ' || ${col('first_name')}`)} OR ${like(col('email'))})`;
}

const lower = (ref: string) => sql<string>`lower(${sql.ref(ref)})`;

/** The members of entities with what the rights screens show of each (`m` membership, `u` user). */
function peopleQuery(db: Db) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('rights_versions as v', (join) =>
      join.onRef('v.user_id', '=', 'm.user_id').onRef('v.account_id', '=', 'm.account_id'),
    )
    .leftJoin('invitations as i', 'i.user_id', 'u.id')
    .leftJoin('last_sign_ins as s', 's.user_id', 'u.id')
    .select((eb) => [
      ...MEMBER_COLUMNS,
      eb.fn.coalesce('v.version', eb.lit(1)).as('version'),
      // Invited until the first sign-in after the invitation (to the second: sign-ins are recorded so).
      eb
        .case()
        .when(
          eb.and([
            eb('i.user_id', 'is not', null),
            eb.or([
              eb('s.at', 'is', null),
              eb(
                eb.fn<string>('substr', ['s.at', eb.lit(1), eb.lit(19)]),
                '<',
                eb.fn<string>('substr', ['i.invited_at', eb.lit(1), eb.lit(19)]),
              ),
            ]),
          ]),
        )
        .then(eb.lit(1))
        .else(eb.lit(0))
        .end()
        .as('invited'),
      's.at as last_sign_in_at',
    ]);
}

type PersonSelection = Awaited<ReturnType<ReturnType<typeof peopleQuery>['executeTakeFirstOrThrow']>>;
/** A member, or a pending invitation (id null) as the inviter typed it. */
type ListedSelection = Omit<PersonSelection, 'id'> & { id: number | null };

function peopleOperations(db: Db, options: PeopleStoreOptions) {
  const times = { ...DEFAULT_INVITATION_TIMES, ...options };
  // Users, reset links and the inbox are the shared store's; over the same `db` (the invitation's
  // transaction when there is one), so its writes belong to that transaction.
  const shared = createStore(db, options.inbox ?? DEFAULT_INBOX_RETENTION);

  // An entity's list: its members, then its live invitations with only what the inviter typed (never the
  // stored names or sign-ins of an account the address may belong to).
  const listedPeople = (accountId: number, now: string) =>
    peopleQuery(db)
      .where('m.account_id', '=', accountId)
      .$castTo<ListedSelection>()
      .unionAll(
        db
          .selectFrom('entity_invitations as i')
          .select((eb) => [
            eb.lit(null).as('id'),
            'i.first_name',
            'i.last_name',
            'i.email',
            eb.lit(1).as('is_customer'),
            'i.is_signatory',
            'i.permissions',
            eb.lit(0).as('version'),
            eb.lit(1).as('invited'),
            eb.lit(null).as('last_sign_in_at'),
          ])
          .where('i.account_id', '=', accountId)
          .where('i.status', '=', 'pending')
          .where('i.expires_at', '>', now),
      )
      .as('p');

  const invitationQuery = () =>
    db
      .selectFrom('entity_invitations as i')
      .innerJoin('entities as e', 'e.account_id', 'i.account_id')
      .leftJoin('users as b', 'b.id', 'i.invited_by')
      .select((eb) => [
        'i.id',
        'i.account_id',
        'e.name as account_name',
        'i.user_id',
        'i.email',
        'i.is_signatory',
        'i.permissions',
        'i.invited_by',
        eb.fn.coalesce('b.first_name', eb.val('')).as('inviter_first_name'),
        eb.fn.coalesce('b.last_name', eb.val('')).as('inviter_last_name'),
        'i.created_at',
        'i.expires_at',
      ]);

  // Memberships of a caller that carry one of the codes: the entities whose people they see.
  const entitiesWithCodes = (userId: number, codes: readonly string[]) =>
    db
      .selectFrom('memberships as mine')
      .select('mine.account_id')
      .where('mine.user_id', '=', userId)
      .where(holdsAnyCode('mine.permissions', codes));

  type WalletPeopleFilter = {
    userId: number;
    codes: readonly string[];
    accountId: number | null;
    pattern: string;
  };
  const walletPeopleQuery = (filter: WalletPeopleFilter) => {
    let query = peopleQuery(db)
      .innerJoin('entities as e', 'e.account_id', 'm.account_id')
      .where('m.account_id', 'in', entitiesWithCodes(filter.userId, filter.codes))
      .where(nameOrEmailLike('u', filter.pattern));
    if (filter.accountId !== null) query = query.where('m.account_id', '=', filter.accountId);
    return query;
  };

  // A collaborator sees the whole firm; a customer the collaborators of their own entities.
  type CollaboratorsFilter = { userId: number; everyone: boolean; pattern: string };
  const walletCollaboratorsQuery = (filter: CollaboratorsFilter) => {
    let query = db
      .selectFrom('users as u')
      .where('u.is_customer', '=', 0)
      .where(nameOrEmailLike('u', filter.pattern));
    if (!filter.everyone)
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships as cm')
            .innerJoin('memberships as mine', (join) =>
              join.onRef('mine.account_id', '=', 'cm.account_id').on('mine.user_id', '=', filter.userId),
            )
            .select(eb.lit(1).as('one'))
            .whereRef('cm.user_id', '=', 'u.id'),
        ),
      );
    return query;
  };

  type PeopleFilter = { accountId: number; pattern: string; now: string; sort: PersonSort; order: Order };
  /** An entity's list in the order it is shown, every row: the page and the position read it. */
  const orderedPeople = (filter: PeopleFilter) => {
    const { order } = filter;
    // Invitations (no id) and people never signed in sort as SQLite puts NULL: first going up.
    const nulls = order === 'asc' ? ('first' as const) : ('last' as const);
    let query = db
      .selectFrom(listedPeople(filter.accountId, filter.now))
      .selectAll()
      .where(nameOrEmailLike('p', filter.pattern));
    if (filter.sort === 'name')
      query = query.orderBy(lower('p.last_name'), order).orderBy(lower('p.first_name'), order);
    else if (filter.sort === 'email') query = query.orderBy(lower('p.email'), order);
    else
      query = query.orderBy('p.last_sign_in_at', (ob) =>
        nulls === 'first' ? ob[order]().nullsFirst() : ob[order]().nullsLast(),
      );
    return query.orderBy('p.id', (ob) => ob.asc().nullsFirst()).orderBy('p.email');
  };

  type LogFilter = { accountId: number; personId: number | null; from: string | null; to: string | null };
  const logQuery = (filter: LogFilter) => {
    let query = db.selectFrom('delegation_log').where('account_id', '=', filter.accountId);
    const { personId, from, to } = filter;
    if (personId !== null)
      query = query.where((eb) => eb.or([eb('actor_id', '=', personId), eb('target_id', '=', personId)]));
    if (from !== null) query = query.where('created_at', '>=', from);
    if (to !== null) query = query.where('created_at', '<', to);
    return query;
  };

  return {
    db,

    /**
     * Makes the other rights writes on the entity wait for this transaction, so that its re-checks (the
     * version, the last administrator) see what they committed. PostgreSQL locks the entity's row; SQLite
     * needs nothing: its one connection runs one transaction at a time.
     */
    lockEntity: (accountId: number): Promise<void> => lockEntityRow(db, accountId),

    // --- An entity's people ---------------------------------------------------------------------------

    async listPeople(filter: PeopleFilter & Page) {
      return orderedPeople(filter).limit(filter.limit).offset(filter.offset).execute();
    },

    /**
     * Where a person's row stands (0-based) in the list as `filter` orders it: their membership, or else
     * their pending invitation (a row without id: found by the address it was sent to). Undefined when
     * neither is listed. Reads the list's keys only; an entity has a few hundred people at most.
     */
    async positionOfPerson(filter: PeopleFilter, userId: number): Promise<number | undefined> {
      const invitation = await db
        .selectFrom('entity_invitations')
        .select('email')
        .where('account_id', '=', filter.accountId)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .where('expires_at', '>', filter.now)
        .executeTakeFirst();
      const keys = await orderedPeople(filter).clearSelect().select(['p.id', 'p.email']).execute();
      const index = keys.findIndex((row) =>
        row.id === null ? row.email === invitation?.email : row.id === userId,
      );
      return index === -1 ? undefined : index;
    },

    async countPeople(filter: { accountId: number; pattern: string; now: string }): Promise<number> {
      const row = await db
        .selectFrom(listedPeople(filter.accountId, filter.now))
        .select((eb) => eb.fn.countAll().as('total'))
        .where(nameOrEmailLike('p', filter.pattern))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** A member of the entity with their rights, version and status. */
    person: (accountId: number, userId: number) =>
      peopleQuery(db)
        .where('m.account_id', '=', accountId)
        .where('m.user_id', '=', userId)
        .executeTakeFirst(),

    /** The people of every entity where the caller holds one of `codes`, with the entity. */
    walletPeople: (filter: WalletPeopleFilter & Page) =>
      walletPeopleQuery(filter)
        .select(['e.account_id', 'e.name as account_name'])
        .orderBy(lower('u.last_name'))
        .orderBy(lower('u.first_name'))
        .orderBy('u.id')
        .orderBy('e.account_id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),

    async walletPeopleCount(filter: WalletPeopleFilter): Promise<number> {
      const row = await walletPeopleQuery(filter)
        .clearSelect()
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** Whether another customer of the entity holds one of `codes` (an administrator besides `userId`). */
    async hasOtherAdministrator(
      accountId: number,
      userId: number,
      codes: readonly string[],
    ): Promise<boolean> {
      const row = await db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('m.user_id')
        .where('m.account_id', '=', accountId)
        .where('m.user_id', '<>', userId)
        .where('u.is_customer', '=', 1)
        .where(holdsAnyCode('m.permissions', codes))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A rights save: written only if the version is still `version` (then bumped); false when stale. */
    async saveRights(
      userId: number,
      accountId: number,
      rights: { isSignatory: boolean; permissions: readonly string[]; version: number },
    ): Promise<boolean> {
      const bumped = await db
        .insertInto('rights_versions')
        .values({ user_id: userId, account_id: accountId, version: 2 })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'account_id'])
            .doUpdateSet((eb) => ({ version: eb('rights_versions.version', '+', 1) }))
            .where('rights_versions.version', '=', rights.version),
        )
        .returning('version')
        .executeTakeFirst();
      // No row yet stands for version 1: the insert is the bump from 1 only.
      if (!bumped || (bumped.version === 2 && rights.version !== 1)) return false;
      await db
        .updateTable('memberships')
        .set({ is_signatory: rights.isSignatory ? 1 : 0, permissions: JSON.stringify(rights.permissions) })
        .where('user_id', '=', userId)
        .where('account_id', '=', accountId)
        .execute();
      return true;
    },

    // --- Memberships and users the screens read or add ------------------------------------------------

    membership: (userId: number, accountId: number) =>
      db
        .selectFrom('memberships')
        .select(['is_signatory', 'permissions'])
        .where('user_id', '=', userId)
        .where('account_id', '=', accountId)
        .executeTakeFirst(),

    async addMembership(userId: number, accountId: number, isSignatory: number, permissions: string) {
      await db
        .insertInto('memberships')
        .values({ user_id: userId, account_id: accountId, is_signatory: isSignatory, permissions })
        .execute();
    },

    /** Takes the person off the entity with their role there. */
    async removeMembership(userId: number, accountId: number): Promise<void> {
      await db
        .deleteFrom('memberships')
        .where('user_id', '=', userId)
        .where('account_id', '=', accountId)
        .execute();
      await db
        .deleteFrom('collaborator_roles')
        .where('user_id', '=', userId)
        .where('account_id', '=', accountId)
        .execute();
    },

    userById: shared.users.byId,

    userByEmail: shared.users.byEmail,

    /** A customer account nobody signed in to yet (its password unusable), with its single sign-on id. */
    async insertUser(user: { email: string; firstName: string; lastName: string; passwordHash: string }) {
      const id = await shared.users.insert({ ...user, isCustomer: true, oldId: 0, globalPermissions: [] });
      if (id === undefined) throw new Error(`the address ${user.email} is taken`);
      await shared.users.setGigyaId(id, `gigya-${String(id)}`);
      const row = await shared.users.byId(id);
      if (!row) throw new Error('the inserted user is missing');
      return row;
    },

    // --- Invitations ------------------------------------------------------------------------------------

    /** When an invitation sent at `now` stops waiting for its answer. */
    invitationExpiry: (now: Date): string => new Date(now.getTime() + times.days * DAY_MS).toISOString(),

    /** Forgets invitations past the retention; the table only grows by invitations, which call it. */
    async purgeInvitations(now = new Date()): Promise<void> {
      const before = new Date(now.getTime() - times.retentionDays * DAY_MS).toISOString();
      // Past the retention: invitations declined or accepted that long ago, or expired that long ago.
      await db
        .deleteFrom('entity_invitations')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '<>', 'pending'), eb('decided_at', '<', before)]),
            eb.and([eb('status', '=', 'pending'), eb('expires_at', '<', before)]),
          ]),
        )
        .execute();
    },

    async isMemberByEmail(accountId: number, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('m.user_id')
        .where('m.account_id', '=', accountId)
        .where((eb) => eb(eb.fn('lower', ['u.email']), '=', eb.fn('lower', [eb.val(email)])))
        .executeTakeFirst();
      return row !== undefined;
    },

    async hasLiveInvitation(accountId: number, email: string, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('entity_invitations as i')
        .select('i.id')
        .where('i.account_id', '=', accountId)
        .where((eb) => eb(eb.fn('lower', ['i.email']), '=', eb.fn('lower', [eb.val(email)])))
        .where('i.status', '=', 'pending')
        .where('i.expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertEntityInvitation(invitation: {
      accountId: number;
      userId: number | null;
      email: string;
      firstName: string;
      lastName: string;
      isSignatory: boolean;
      permissions: readonly string[];
      invitedBy: number;
      createdAt: string;
      expiresAt: string;
    }): Promise<void> {
      await db
        .insertInto('entity_invitations')
        .values({
          account_id: invitation.accountId,
          user_id: invitation.userId,
          email: invitation.email,
          first_name: invitation.firstName,
          last_name: invitation.lastName,
          is_signatory: invitation.isSignatory ? 1 : 0,
          permissions: JSON.stringify(invitation.permissions),
          invited_by: invitation.invitedBy,
          created_at: invitation.createdAt,
          expires_at: invitation.expiresAt,
        })
        .execute();
    },

    invitationsOf: (userId: number, now: string) =>
      invitationQuery()
        .where('i.user_id', '=', userId)
        .where('i.status', '=', 'pending')
        .where('i.expires_at', '>', now)
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .execute(),

    invitationOf: (id: number, userId: number, now: string) =>
      invitationQuery()
        .where('i.id', '=', id)
        .where('i.user_id', '=', userId)
        .where('i.status', '=', 'pending')
        .where('i.expires_at', '>', now)
        .executeTakeFirst(),

    async decideInvitation(id: number, status: 'accepted' | 'declined', at: string): Promise<void> {
      await db
        .updateTable('entity_invitations')
        .set({ status, decided_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** The list says "invited" until the person's first sign-in after `at`. */
    async markInvited(userId: number, invitedBy: number, at: string): Promise<void> {
      await db
        .insertInto('invitations')
        .values({ user_id: userId, invited_by: invitedBy, invited_at: at })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            invited_by: eb.ref('excluded.invited_by'),
            invited_at: eb.ref('excluded.invited_at'),
          })),
        )
        .execute();
    },

    /** A link that sets the first password (and so accepts, by migration 0005's trigger): the only live one. */
    async issuePasswordLink(userId: number, tokenHash: string, expiresAt: number, at: string): Promise<void> {
      await shared.resetTokens.retireOfUser(userId, at);
      await shared.resetTokens.insert(tokenHash, userId, expiresAt);
    },

    /** An e-mail in the inbox, dropping what the inbox's retention no longer keeps (db/inbox.ts). */
    sendMail: shared.inbox.add,

    // --- Collaborators and administrators ----------------------------------------------------------------

    entityCollaborators: (accountId: number) =>
      db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .leftJoin('collaborator_roles as r', (join) =>
          join.onRef('r.user_id', '=', 'm.user_id').onRef('r.account_id', '=', 'm.account_id'),
        )
        .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.office_mobile', 'r.role'])
        .where('m.account_id', '=', accountId)
        .where('u.is_customer', '=', 0)
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('u.id')
        .execute(),

    /**
     * A page of collaborators, each with the folders they share with the caller. The folders come from
     * one flat query over the page's collaborators and are grouped here: portable, where SQLite would say
     * json_group_array and PostgreSQL json_agg.
     */
    async walletCollaborators(filter: CollaboratorsFilter & Page) {
      const rows = await walletCollaboratorsQuery(filter)
        .leftJoin('admin_collaborators as a', 'a.user_id', 'u.id')
        .select((eb) => [
          'u.id',
          'u.first_name',
          'u.last_name',
          'u.email',
          'u.office_mobile',
          eb.case().when('a.user_id', 'is', null).then(eb.lit(0)).else(eb.lit(1)).end().as('is_admin'),
        ])
        .orderBy(lower('u.last_name'))
        .orderBy(lower('u.first_name'))
        .orderBy('u.id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const ids = rows.map((row) => row.id);
      const folders =
        ids.length === 0
          ? []
          : await db
              .selectFrom('memberships as cm')
              .innerJoin('memberships as mine', (join) =>
                join.onRef('mine.account_id', '=', 'cm.account_id').on('mine.user_id', '=', filter.userId),
              )
              .innerJoin('entities as e', 'e.account_id', 'cm.account_id')
              .leftJoin('collaborator_roles as r', (join) =>
                join.onRef('r.user_id', '=', 'cm.user_id').onRef('r.account_id', '=', 'cm.account_id'),
              )
              .select(['cm.user_id', 'e.account_id', 'e.name', 'r.role'])
              .where('cm.user_id', 'in', ids)
              .orderBy('cm.user_id')
              .orderBy('e.account_id')
              .execute();
      const byUser = new Map<number, { accountId: number; name: string; role: string | null }[]>();
      for (const folder of folders) {
        const list = byUser.get(folder.user_id) ?? [];
        list.push({ accountId: folder.account_id, name: folder.name, role: folder.role });
        byUser.set(folder.user_id, list);
      }
      return rows.map((row) => ({ ...row, folders: byUser.get(row.id) ?? [] }));
    },

    async walletCollaboratorsCount(filter: CollaboratorsFilter): Promise<number> {
      const row = await walletCollaboratorsQuery(filter)
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    async setRole(userId: number, accountId: number, role: string): Promise<void> {
      await db
        .insertInto('collaborator_roles')
        .values({ user_id: userId, account_id: accountId, role })
        .onConflict((oc) =>
          oc.columns(['user_id', 'account_id']).doUpdateSet((eb) => ({ role: eb.ref('excluded.role') })),
        )
        .execute();
    },

    isAdmin: (userId: number): Promise<boolean> => hasUserMark(db, 'admin_collaborators', userId),

    admins: () =>
      db
        .selectFrom('admin_collaborators as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'a.granted_at'])
        .orderBy('u.last_name')
        .orderBy('u.first_name')
        .orderBy('u.id')
        .execute(),

    async grantAdmin(userId: number, grantedBy: number, at: string): Promise<void> {
      await db
        .insertInto('admin_collaborators')
        .values({ user_id: userId, granted_by: grantedBy, granted_at: at })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    async revokeAdmin(userId: number): Promise<void> {
      await db.deleteFrom('admin_collaborators').where('user_id', '=', userId).execute();
    },

    // --- Entities -------------------------------------------------------------------------------------------

    entityName: (accountId: number): Promise<string | undefined> => entityColumn(db, accountId, 'name'),

    async accountNumberTaken(accountNumber: string): Promise<boolean> {
      const row = await db
        .selectFrom('entities')
        .select('account_id')
        .where('account_number', '=', accountNumber)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Makes the other entity creations wait for this transaction, so that its checks (the company number
     * free, the next id) see what they committed: two creations at once on PostgreSQL would otherwise take
     * the same id, and the second fail on the key. SQLite needs nothing (one transaction at a time).
     */
    async lockEntityCreation(): Promise<void> {
      if (dialectOf(db) === 'sqlite') return;
      await sql`SELECT pg_advisory_xact_lock(hashtext('gateway entity creation'))`.execute(db);
    },

    /** A new entity after the personas' ids (the bench's bulk folders, from 100000, are not counted). */
    async insertEntity(entity: {
      accountNumber: string;
      name: string;
      legalForm: string;
      fiscalYearEnd: string;
      createdBy: number;
      createdAt: string;
    }): Promise<number> {
      const row = await db
        .selectFrom('entities')
        .select((eb) => eb.fn.coalesce(eb.fn.max<number | string>('account_id'), eb.lit(1000)).as('last'))
        .where('account_id', '<', 100000)
        .executeTakeFirst();
      const accountId = Number(row?.last ?? 1000) + 1;
      await db
        .insertInto('entities')
        .values({
          account_id: accountId,
          account_number: entity.accountNumber,
          name: entity.name,
          is_clarity_visible: 0,
        })
        .execute();
      await db
        .insertInto('entity_details')
        .values({
          account_id: accountId,
          legal_form: entity.legalForm,
          fiscal_year_end: entity.fiscalYearEnd,
          created_by: entity.createdBy,
          created_at: entity.createdAt,
        })
        .execute();
      return accountId;
    },

    // --- The delegation log ---------------------------------------------------------------------------------

    /** One delegation log line; call it inside the transaction of the write it records. */
    async log(line: LogLine, at = new Date().toISOString()): Promise<void> {
      const name = (person: LoggedPerson) => `${person.first_name} ${person.last_name}`;
      await db
        .insertInto('delegation_log')
        .values({
          account_id: line.accountId,
          actor_id: line.actor.id,
          actor_name: name(line.actor),
          target_id: line.target.id,
          target_name: name(line.target),
          action: line.action,
          granted: JSON.stringify(line.granted ?? []),
          revoked: JSON.stringify(line.revoked ?? []),
          created_at: at,
        })
        .execute();
    },

    logPage: (filter: LogFilter & Page) =>
      logQuery(filter)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),

    async logCount(filter: LogFilter): Promise<number> {
      const row = await logQuery(filter)
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** Empties this module's tables (the seed's reset), the log's ids starting again from 1. */
    async clear(): Promise<void> {
      for (const table of PEOPLE_TABLES) await db.deleteFrom(table).execute();
      if (dialectOf(db) === 'sqlite')
        await sql`DELETE FROM sqlite_sequence WHERE name = 'delegation_log'`.execute(db);
      // PostgreSQL: delegation_log.id is an identity column there.
      else await sql`ALTER TABLE delegation_log ALTER COLUMN id RESTART`.execute(db);
    },
  };
}

/** The people store's operations, over the database or over one transaction of it. */
export type PeopleOperations = ReturnType<typeof peopleOperations>;

export function createPeopleStore(db: Db, options: PeopleStoreOptions = {}) {
  return transactionalStore(db, (over) => peopleOperations(over, options));
}

export type PeopleStore = ReturnType<typeof createPeopleStore>;
export type PersonRow = NonNullable<Awaited<ReturnType<PeopleStore['person']>>>;
/** A row of an entity's list: a member, or a pending invitation (id null) as the inviter typed it. */
export type ListedPersonRow = Awaited<ReturnType<PeopleStore['listPeople']>>[number];
