// People and rights in SQLite: rights versions, invitations, collaborator roles, the firm's administrators,
// entity details and the delegation log. The tables are this screen family's own (made by db/migrations)
// and carry no foreign keys, so the shared seed's DELETE FROM users never trips on them;
// they are reseeded whenever the shared seed ran (see seedPeople).
import type { Database } from 'better-sqlite3';

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

export type PersonRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_customer: 0 | 1;
  is_signatory: 0 | 1;
  permissions: string;
  version: number;
  invited: 0 | 1;
  last_sign_in_at: string | null;
};
export type WalletPersonRow = PersonRow & { account_id: number; account_name: string };
/** A row of an entity's list: a member, or a pending invitation (id null) as the inviter typed it. */
export type ListedPersonRow = Omit<PersonRow, 'id'> & { id: number | null };
export type InvitationRow = {
  id: number;
  account_id: number;
  account_name: string;
  user_id: number | null;
  email: string;
  is_signatory: 0 | 1;
  permissions: string;
  invited_by: number;
  inviter_first_name: string;
  inviter_last_name: string;
  created_at: string;
  expires_at: string;
};
export type CollaboratorRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  office_mobile: string;
  role: string | null;
};
export type WalletCollaboratorRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  office_mobile: string;
  is_admin: 0 | 1;
  folders: string;
};
export type DelegationRow = {
  id: number;
  account_id: number | null;
  actor_id: number;
  actor_name: string;
  target_id: number;
  target_name: string;
  action: string;
  granted: string;
  revoked: string;
  created_at: string;
};
/** Who acted or was acted on, as the log names them (the name is kept as it was at the time). */
type LoggedPerson = { id: number; first_name: string; last_name: string };

export type LogLine = {
  accountId: number | null;
  actor: LoggedPerson;
  target: LoggedPerson;
  action: string;
  granted?: readonly string[];
  revoked?: readonly string[];
};

// Columns of a user on one entity; `m` is the membership, `u` the user.
const PERSON_COLUMNS = `u.id, u.first_name, u.last_name, u.email, u.is_customer, m.is_signatory, m.permissions,
  COALESCE(v.version, 1) AS version,
  CASE WHEN i.user_id IS NOT NULL AND (s.at IS NULL OR substr(s.at, 1, 19) < substr(i.invited_at, 1, 19)) THEN 1 ELSE 0 END AS invited,
  s.at AS last_sign_in_at`;
const PERSON_JOINS = `JOIN users u ON u.id = m.user_id
  LEFT JOIN rights_versions v ON v.user_id = m.user_id AND v.account_id = m.account_id
  LEFT JOIN invitations i ON i.user_id = u.id
  LEFT JOIN last_sign_ins s ON s.user_id = u.id`;
const PERSON_SEARCH = `(u.first_name || ' ' || u.last_name LIKE @pattern ESCAPE '\\' OR u.last_name || ' ' || u.first_name LIKE @pattern ESCAPE '\\' OR u.email LIKE @pattern ESCAPE '\\')`;
const PERSON_SORTS = {
  name: 'p.last_name COLLATE NOCASE, p.first_name COLLATE NOCASE',
  email: 'p.email COLLATE NOCASE',
  lastSignInAt: 'p.last_sign_in_at',
} as const;
// An entity's list: its members, then its live invitations with only what the inviter typed (never the
// stored names or sign-ins of an account the address may belong to).
const LISTED_PEOPLE = `SELECT ${PERSON_COLUMNS} FROM memberships m ${PERSON_JOINS} WHERE m.account_id = @accountId
  UNION ALL
  SELECT NULL, i.first_name, i.last_name, i.email, 1, i.is_signatory, i.permissions, 0, 1, NULL
    FROM entity_invitations i WHERE i.account_id = @accountId AND i.status = 'pending' AND i.expires_at > @now`;
const LISTED_SEARCH = `(p.first_name || ' ' || p.last_name LIKE @pattern ESCAPE '\\' OR p.last_name || ' ' || p.first_name LIKE @pattern ESCAPE '\\' OR p.email LIKE @pattern ESCAPE '\\')`;
const LIVE_INVITATION = `i.status = 'pending' AND i.expires_at > @now`;
const INVITATION_SELECT = `SELECT i.id, i.account_id, e.name AS account_name, i.user_id, i.email, i.is_signatory, i.permissions,
    i.invited_by, COALESCE(b.first_name, '') AS inviter_first_name, COALESCE(b.last_name, '') AS inviter_last_name,
    i.created_at, i.expires_at
  FROM entity_invitations i JOIN entities e ON e.account_id = i.account_id LEFT JOIN users b ON b.id = i.invited_by`;
export type PersonSort = keyof typeof PERSON_SORTS;

/** How long an invitation waits for its answer, and how long an answered or expired one is kept. */
export type InvitationTimes = { days: number; retentionDays: number };
const DEFAULT_INVITATION_TIMES: InvitationTimes = { days: 30, retentionDays: 90 };
const DAY_MS = 86_400_000;

export function createPeopleStore(db: Database, invitationTimes: Partial<InvitationTimes> = {}) {
  const times = { ...DEFAULT_INVITATION_TIMES, ...invitationTimes };
  const entityPeople = (sort: PersonSort, order: 'asc' | 'desc') =>
    db.prepare<
      { accountId: number; pattern: string; now: string; limit: number; offset: number },
      ListedPersonRow
    >(
      `SELECT * FROM (${LISTED_PEOPLE}) p WHERE ${LISTED_SEARCH}
        ORDER BY ${PERSON_SORTS[sort]} ${order === 'asc' ? 'ASC' : 'DESC'}, p.id, p.email LIMIT @limit OFFSET @offset`,
    );
  // Every (sort, order) pair prepared once: the ORDER BY comes from this table only, never from input.
  const peopleBySort = new Map(
    (Object.keys(PERSON_SORTS) as PersonSort[]).flatMap((sort) =>
      (['asc', 'desc'] as const).map((order) => [`${sort}:${order}`, entityPeople(sort, order)] as const),
    ),
  );

  const q = {
    personCount: db.prepare<{ accountId: number; pattern: string; now: string }, { total: number }>(
      `SELECT COUNT(*) AS total FROM (${LISTED_PEOPLE}) p WHERE ${LISTED_SEARCH}`,
    ),
    person: db.prepare<[number, number], PersonRow>(
      `SELECT ${PERSON_COLUMNS} FROM memberships m ${PERSON_JOINS} WHERE m.account_id = ? AND m.user_id = ?`,
    ),
    walletPeople: db.prepare<
      {
        userId: number;
        codes: string;
        accountId: number | null;
        pattern: string;
        limit: number;
        offset: number;
      },
      WalletPersonRow
    >(
      `SELECT ${PERSON_COLUMNS}, e.account_id, e.name AS account_name
         FROM memberships mine JOIN memberships m ON m.account_id = mine.account_id ${PERSON_JOINS}
         JOIN entities e ON e.account_id = m.account_id
        WHERE mine.user_id = @userId AND EXISTS (SELECT 1 FROM json_each(mine.permissions) WHERE value IN (SELECT value FROM json_each(@codes)))
          AND (@accountId IS NULL OR m.account_id = @accountId) AND ${PERSON_SEARCH}
        ORDER BY u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE, u.id, e.account_id LIMIT @limit OFFSET @offset`,
    ),
    walletPeopleCount: db.prepare<
      { userId: number; codes: string; accountId: number | null; pattern: string },
      { total: number }
    >(
      `SELECT COUNT(*) AS total FROM memberships mine JOIN memberships m ON m.account_id = mine.account_id
         JOIN users u ON u.id = m.user_id
        WHERE mine.user_id = @userId AND EXISTS (SELECT 1 FROM json_each(mine.permissions) WHERE value IN (SELECT value FROM json_each(@codes)))
          AND (@accountId IS NULL OR m.account_id = @accountId) AND ${PERSON_SEARCH}`,
    ),
    entityCollaborators: db.prepare<[number], CollaboratorRow>(
      `SELECT u.id, u.first_name, u.last_name, u.email, u.office_mobile, r.role
         FROM memberships m JOIN users u ON u.id = m.user_id
         LEFT JOIN collaborator_roles r ON r.user_id = m.user_id AND r.account_id = m.account_id
        WHERE m.account_id = ? AND u.is_customer = 0 ORDER BY u.last_name, u.first_name, u.id`,
    ),
    // A collaborator sees the whole firm; a customer the collaborators of their own entities.
    walletCollaborators: db.prepare<
      { userId: number; everyone: 0 | 1; pattern: string; limit: number; offset: number },
      WalletCollaboratorRow
    >(
      `SELECT u.id, u.first_name, u.last_name, u.email, u.office_mobile,
              CASE WHEN a.user_id IS NULL THEN 0 ELSE 1 END AS is_admin,
              (SELECT json_group_array(json_object('accountId', e.account_id, 'name', e.name, 'role', r.role))
                 FROM memberships cm JOIN memberships mine ON mine.account_id = cm.account_id AND mine.user_id = @userId
                 JOIN entities e ON e.account_id = cm.account_id
                 LEFT JOIN collaborator_roles r ON r.user_id = cm.user_id AND r.account_id = cm.account_id
                WHERE cm.user_id = u.id) AS folders
         FROM users u LEFT JOIN admin_collaborators a ON a.user_id = u.id
        WHERE u.is_customer = 0 AND ${PERSON_SEARCH}
          AND (@everyone = 1 OR EXISTS (SELECT 1 FROM memberships cm JOIN memberships mine
                ON mine.account_id = cm.account_id AND mine.user_id = @userId WHERE cm.user_id = u.id))
        ORDER BY u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE, u.id LIMIT @limit OFFSET @offset`,
    ),
    walletCollaboratorsCount: db.prepare<
      { userId: number; everyone: 0 | 1; pattern: string },
      { total: number }
    >(
      `SELECT COUNT(*) AS total FROM users u WHERE u.is_customer = 0 AND ${PERSON_SEARCH}
          AND (@everyone = 1 OR EXISTS (SELECT 1 FROM memberships cm JOIN memberships mine
                ON mine.account_id = cm.account_id AND mine.user_id = @userId WHERE cm.user_id = u.id))`,
    ),
    setRights: db.prepare<[number, string, number, number]>(
      'UPDATE memberships SET is_signatory = ?, permissions = ? WHERE user_id = ? AND account_id = ?',
    ),
    bumpVersion: db.prepare<[number, number]>(
      `INSERT INTO rights_versions (user_id, account_id, version) VALUES (?, ?, 2)
       ON CONFLICT (user_id, account_id) DO UPDATE SET version = version + 1`,
    ),
    insertInvitation: db.prepare<[number, number, string]>(
      `INSERT INTO invitations (user_id, invited_by, invited_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET invited_by = excluded.invited_by, invited_at = excluded.invited_at`,
    ),
    setRole: db.prepare<[number, number, string]>(
      `INSERT INTO collaborator_roles (user_id, account_id, role) VALUES (?, ?, ?)
       ON CONFLICT (user_id, account_id) DO UPDATE SET role = excluded.role`,
    ),
    deleteRole: db.prepare<[number, number]>(
      'DELETE FROM collaborator_roles WHERE user_id = ? AND account_id = ?',
    ),
    isAdmin: db.prepare<[number], { user_id: number }>(
      'SELECT user_id FROM admin_collaborators WHERE user_id = ?',
    ),
    admins: db.prepare<
      [],
      { id: number; first_name: string; last_name: string; email: string; granted_at: string | null }
    >(
      `SELECT u.id, u.first_name, u.last_name, u.email, a.granted_at FROM admin_collaborators a
         JOIN users u ON u.id = a.user_id ORDER BY u.last_name, u.first_name, u.id`,
    ),
    grantAdmin: db.prepare<[number, number, string]>(
      'INSERT OR IGNORE INTO admin_collaborators (user_id, granted_by, granted_at) VALUES (?, ?, ?)',
    ),
    revokeAdmin: db.prepare<[number]>('DELETE FROM admin_collaborators WHERE user_id = ?'),
    entityByNumber: db.prepare<[string], { account_id: number }>(
      'SELECT account_id FROM entities WHERE account_number = ?',
    ),
    nextAccountId: db.prepare<[], { next: number }>(
      'SELECT COALESCE(MAX(account_id), 1000) + 1 AS next FROM entities WHERE account_id < 100000',
    ),
    insertEntity: db.prepare<[number, string, string]>(
      'INSERT INTO entities (account_id, account_number, name, is_clarity_visible) VALUES (?, ?, ?, 0)',
    ),
    insertEntityDetails: db.prepare<[number, string, string, number, string]>(
      'INSERT INTO entity_details (account_id, legal_form, fiscal_year_end, created_by, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    insertLog: db.prepare<[number | null, number, string, number, string, string, string, string, string]>(
      `INSERT INTO delegation_log (account_id, actor_id, actor_name, target_id, target_name, action, granted, revoked, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    log: db.prepare<
      {
        accountId: number;
        personId: number | null;
        from: string | null;
        to: string | null;
        limit: number;
        offset: number;
      },
      DelegationRow
    >(
      `SELECT * FROM delegation_log WHERE account_id = @accountId
          AND (@personId IS NULL OR actor_id = @personId OR target_id = @personId)
          AND (@from IS NULL OR created_at >= @from) AND (@to IS NULL OR created_at < @to)
        ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    ),
    logCount: db.prepare<
      { accountId: number; personId: number | null; from: string | null; to: string | null },
      { total: number }
    >(
      `SELECT COUNT(*) AS total FROM delegation_log WHERE account_id = @accountId
          AND (@personId IS NULL OR actor_id = @personId OR target_id = @personId)
          AND (@from IS NULL OR created_at >= @from) AND (@to IS NULL OR created_at < @to)`,
    ),
    otherAdministrators: db.prepare<[number, number, string], { user_id: number }>(
      `SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.account_id = ? AND m.user_id <> ? AND u.is_customer = 1
          AND EXISTS (SELECT 1 FROM json_each(m.permissions) WHERE value IN (SELECT value FROM json_each(?)))
        LIMIT 1`,
    ),
    entityName: db.prepare<[number], { name: string }>('SELECT name FROM entities WHERE account_id = ?'),
    memberByEmail: db.prepare<[number, string], { user_id: number }>(
      `SELECT m.user_id FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.account_id = ? AND u.email = ? COLLATE NOCASE`,
    ),
    liveInvitationTo: db.prepare<{ accountId: number; email: string; now: string }, { id: number }>(
      `SELECT i.id FROM entity_invitations i
        WHERE i.account_id = @accountId AND i.email = @email COLLATE NOCASE AND ${LIVE_INVITATION}`,
    ),
    insertEntityInvitation: db.prepare<
      [number, number | null, string, string, string, number, string, number, string, string]
    >(
      `INSERT INTO entity_invitations (account_id, user_id, email, first_name, last_name, is_signatory, permissions,
         invited_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    invitationsOf: db.prepare<{ userId: number; now: string }, InvitationRow>(
      `${INVITATION_SELECT} WHERE i.user_id = @userId AND ${LIVE_INVITATION} ORDER BY i.created_at DESC, i.id DESC`,
    ),
    invitationOf: db.prepare<{ id: number; userId: number; now: string }, InvitationRow>(
      `${INVITATION_SELECT} WHERE i.id = @id AND i.user_id = @userId AND ${LIVE_INVITATION}`,
    ),
    decideInvitation: db.prepare<[string, string, number]>(
      "UPDATE entity_invitations SET status = ?, decided_at = ? WHERE id = ? AND status = 'pending'",
    ),
    // Past the retention: invitations declined or accepted that long ago, or expired that long ago.
    purgeInvitations: db.prepare<{ before: string }>(
      `DELETE FROM entity_invitations
        WHERE (status <> 'pending' AND decided_at < @before) OR (status = 'pending' AND expires_at < @before)`,
    ),
  };

  return {
    q,
    people: (sort: PersonSort, order: 'asc' | 'desc') => {
      const statement = peopleBySort.get(`${sort}:${order}`);
      if (!statement) throw new Error(`no statement for ${sort} ${order}`);
      return statement;
    },
    /** When an invitation sent at `now` stops waiting for its answer. */
    invitationExpiry: (now: Date): string => new Date(now.getTime() + times.days * DAY_MS).toISOString(),
    /** Forgets invitations past the retention; the table only grows by invitations, which call it. */
    purgeInvitations(now = new Date()): void {
      q.purgeInvitations.run({
        before: new Date(now.getTime() - times.retentionDays * DAY_MS).toISOString(),
      });
    },
    /** One delegation log line; call it inside the transaction of the write it records. */
    log(line: LogLine, at = new Date().toISOString()): void {
      const name = (person: LoggedPerson) => `${person.first_name} ${person.last_name}`;
      q.insertLog.run(
        line.accountId,
        line.actor.id,
        name(line.actor),
        line.target.id,
        name(line.target),
        line.action,
        JSON.stringify(line.granted ?? []),
        JSON.stringify(line.revoked ?? []),
        at,
      );
    },
    clear(): void {
      for (const table of PEOPLE_TABLES) db.prepare(`DELETE FROM ${table}`).run();
      db.prepare("DELETE FROM sqlite_sequence WHERE name = 'delegation_log'").run();
    },
  };
}

export type PeopleStore = ReturnType<typeof createPeopleStore>;
