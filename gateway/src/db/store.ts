// Every query the routes use, as prepared statements with bound parameters (never string-built SQL).
import type { Database } from 'better-sqlite3';
import type { Selectable } from 'kysely';
import type { Tables } from './tables.ts';
import { DEFAULT_INBOX_RETENTION, createInboxWriter } from './inbox.ts';
import type { InboxRetention } from './inbox.ts';

export type UserRow = Selectable<Tables['users']>;

export type MembershipRow = Pick<Selectable<Tables['memberships']>, 'is_signatory' | 'permissions'>;
export type EntityRow = {
  account_id: number;
  account_number: string;
  name: string;
  is_clarity_visible: 0 | 1;
  is_signatory: 0 | 1;
};
export type SubscriptionRow = { account_id: number; offer_code: string; status: string };
export type ReportRow = {
  id: number;
  account_id: number;
  title: string;
  kind: string;
  created_at: string;
  created_by: number | null;
};
export type EntityUserRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_customer: 0 | 1;
  is_signatory: 0 | 1;
  permissions: string;
};
export type ModRequestRow = {
  id: number;
  account_id: number;
  offer_code: string;
  status: string;
  comment: string;
  requested_by: number;
  created_at: string;
};
export type SlotRow = {
  slot_id: number;
  starts_at: string;
  ends_at: string;
  advisor: string;
  booked_by: number | null;
};
export type BookingRow = {
  booking_id: number;
  slot_id: number;
  starts_at: string;
  ends_at: string;
  advisor: string;
  created_at: string;
};
export type TermsRow = {
  terms_id: number;
  version: string;
  published_at: string;
  content_fr: string;
  content_en: string;
};

// LIKE patterns built from user text: escape the wildcards so "%" and "_" are searched literally.
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function createStore(db: Database, inboxRetention: InboxRetention = DEFAULT_INBOX_RETENTION) {
  const q = {
    userByEmail: db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?'),
    userById: db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?'),
    /** A customer by the id of their single sign-on account (never the empty id of collaborators). */
    userByGigyaId: db.prepare<[string], UserRow>(
      "SELECT * FROM users WHERE gigya_user_id = ? AND gigya_user_id <> '' AND is_customer = 1",
    ),
    membership: db.prepare<[number, number], MembershipRow>(
      'SELECT is_signatory, permissions FROM memberships WHERE user_id = ? AND account_id = ?',
    ),
    entitiesPage: db.prepare<[number, string, string, number, number], EntityRow>(
      `SELECT e.account_id, e.account_number, e.name, e.is_clarity_visible, m.is_signatory
         FROM memberships m JOIN entities e ON e.account_id = m.account_id
        WHERE m.user_id = ? AND (e.name LIKE ? ESCAPE '\\' OR e.account_number LIKE ? ESCAPE '\\')
        ORDER BY e.account_id LIMIT ? OFFSET ?`,
    ),
    entitiesCount: db.prepare<[number, string, string], { total: number }>(
      `SELECT COUNT(*) AS total FROM memberships m JOIN entities e ON e.account_id = m.account_id
        WHERE m.user_id = ? AND (e.name LIKE ? ESCAPE '\\' OR e.account_number LIKE ? ESCAPE '\\')`,
    ),
    allEntitiesOfUser: db.prepare<[number], EntityRow>(
      `SELECT e.account_id, e.account_number, e.name, e.is_clarity_visible, m.is_signatory
         FROM memberships m JOIN entities e ON e.account_id = m.account_id WHERE m.user_id = ? ORDER BY e.account_id`,
    ),
    entity: db.prepare<[number, number], EntityRow>(
      `SELECT e.account_id, e.account_number, e.name, e.is_clarity_visible, m.is_signatory
         FROM memberships m JOIN entities e ON e.account_id = m.account_id WHERE m.user_id = ? AND e.account_id = ?`,
    ),
    subscriptions: db.prepare<[number], SubscriptionRow>(
      'SELECT account_id, offer_code, status FROM subscriptions WHERE account_id = ? ORDER BY offer_code',
    ),
    latestTerms: db.prepare<[], TermsRow>('SELECT * FROM terms ORDER BY terms_id DESC LIMIT 1'),
    acceptedTerms: db.prepare<[number], { terms_id: number }>(
      'SELECT terms_id FROM terms_acceptances WHERE user_id = ?',
    ),
    acceptTerms: db.prepare<[number, number, string]>(
      `INSERT INTO terms_acceptances (user_id, terms_id, accepted_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET terms_id = excluded.terms_id, accepted_at = excluded.accepted_at`,
    ),
    notificationSettings: db.prepare<[number], { settings: string }>(
      'SELECT settings FROM notification_settings WHERE user_id = ?',
    ),
    saveNotificationSettings: db.prepare<[number, string, string]>(
      `INSERT INTO notification_settings (user_id, settings, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
    ),
    homeLayout: db.prepare<[number, number], { layout: string }>(
      'SELECT layout FROM home_layouts WHERE user_id = ? AND account_id = ?',
    ),
    saveHomeLayout: db.prepare<[number, number, string, string]>(
      `INSERT INTO home_layouts (user_id, account_id, layout, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, account_id) DO UPDATE SET layout = excluded.layout, updated_at = excluded.updated_at`,
    ),
    reportsCount: db.prepare<[number], { total: number }>(
      'SELECT COUNT(*) AS total FROM bi_reports WHERE account_id = ?',
    ),
    reportsPage: db.prepare<[number, number, number], ReportRow>(
      'SELECT * FROM bi_reports WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
    ),
    // Kinds as a JSON array: the kinds of report the caller may see (SPEC 6 codes per kind).
    reportsCountOfKinds: db.prepare<[number, string], { total: number }>(
      'SELECT COUNT(*) AS total FROM bi_reports WHERE account_id = ? AND kind IN (SELECT value FROM json_each(?))',
    ),
    reportsPageOfKinds: db.prepare<[number, string, number, number], ReportRow>(
      `SELECT * FROM bi_reports WHERE account_id = ? AND kind IN (SELECT value FROM json_each(?))
        ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    ),
    report: db.prepare<[number], ReportRow>('SELECT * FROM bi_reports WHERE id = ?'),
    insertReport: db.prepare<[number, string, string, string, number], ReportRow>(
      'INSERT INTO bi_reports (account_id, title, kind, created_at, created_by) VALUES (?, ?, ?, ?, ?) RETURNING *',
    ),
    deleteReport: db.prepare<[number]>('DELETE FROM bi_reports WHERE id = ?'),
    deletedReport: db.prepare<[number], { account_id: number }>(
      'SELECT account_id FROM deleted_reports WHERE id = ?',
    ),
    insertDeletedReport: db.prepare<[number, number]>(
      'INSERT INTO deleted_reports (id, account_id) VALUES (?, ?)',
    ),
    entityUsers: db.prepare<[number], EntityUserRow>(
      `SELECT u.id, u.first_name, u.last_name, u.email, u.is_customer, m.is_signatory, m.permissions
         FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.account_id = ? ORDER BY u.last_name, u.first_name, u.id`,
    ),
    insertUser: db.prepare<[string, string, string, string, number], { id: number }>(
      `INSERT INTO users (email, first_name, last_name, is_customer, password_hash, gigya_user_id, office_mobile, old_id,
         global_permissions, favorite_entities) VALUES (?, ?, ?, 1, ?, '', '', ?, '[]', '[]') RETURNING id`,
    ),
    setGigyaId: db.prepare<[string, number]>('UPDATE users SET gigya_user_id = ? WHERE id = ?'),
    /** A person made by `create-user`: a customer, or a collaborator with their global codes. */
    insertAccount: db.prepare<[string, string, string, number, string, string], { id: number }>(
      `INSERT INTO users (email, first_name, last_name, is_customer, password_hash, gigya_user_id, office_mobile,
         old_id, global_permissions, favorite_entities) VALUES (?, ?, ?, ?, ?, '', '', 0, ?, '[]') RETURNING id`,
    ),
    insertMembership: db.prepare<[number, number, number, string]>(
      'INSERT INTO memberships (user_id, account_id, is_signatory, permissions) VALUES (?, ?, ?, ?)',
    ),
    deleteMembership: db.prepare<[number, number]>(
      'DELETE FROM memberships WHERE user_id = ? AND account_id = ?',
    ),
    insertModRequest: db.prepare<[number, string, string, number, string], ModRequestRow>(
      `INSERT INTO mod_requests (account_id, offer_code, status, comment, requested_by, created_at)
       VALUES (?, ?, 'pending', ?, ?, ?) RETURNING *`,
    ),
    slots: db.prepare<[], SlotRow>('SELECT * FROM slots ORDER BY starts_at, slot_id'),
    slot: db.prepare<[number], SlotRow>('SELECT * FROM slots WHERE slot_id = ?'),
    bookSlot: db.prepare<[number, number]>(
      'UPDATE slots SET booked_by = ? WHERE slot_id = ? AND booked_by IS NULL',
    ),
    insertBooking: db.prepare<[number, number, string], { booking_id: number }>(
      'INSERT INTO bookings (slot_id, user_id, created_at) VALUES (?, ?, ?) RETURNING booking_id',
    ),
    bookings: db.prepare<[number], BookingRow>(
      `SELECT b.booking_id, b.slot_id, s.starts_at, s.ends_at, s.advisor, b.created_at
         FROM bookings b JOIN slots s ON s.slot_id = b.slot_id WHERE b.user_id = ? ORDER BY s.starts_at`,
    ),
    insertResetToken: db.prepare<[string, number, number]>(
      'INSERT INTO reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)',
    ),
    useResetToken: db.prepare<[string, string, number], { user_id: number }>(
      'UPDATE reset_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id',
    ),
    // One live reset link per user: issuing or using one retires the others.
    retireResetTokens: db.prepare<[string, number]>(
      'UPDATE reset_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL',
    ),
    // Only if unchanged meanwhile: a re-hash never overwrites a password set by a reset in between.
    replacePasswordHash: db.prepare<[string, number, string]>(
      'UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?',
    ),
    liveResetToken: db.prepare<[string, number], { user_id: number }>(
      'SELECT user_id FROM reset_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
    ),
    /** An unused link whose hour has passed: the person is told it expired and offered a new one. */
    expiredResetToken: db.prepare<[string, number], { user_id: number }>(
      'SELECT user_id FROM reset_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at <= ?',
    ),
    /** Demo and tests: every unused link of that address expires now. */
    expireResetTokens: db.prepare<[number, string]>(
      'UPDATE reset_tokens SET expires_at = ? WHERE used_at IS NULL AND user_id = (SELECT id FROM users WHERE email = ?)',
    ),
    setPassword: db.prepare<[string, number]>('UPDATE users SET password_hash = ? WHERE id = ?'),
    /** Adds an e-mail to the inbox and drops what its retention no longer keeps (db/inbox.ts). */
    insertInbox: createInboxWriter(db, inboxRetention),
    inbox: db.prepare<[string], { to_email: string; subject: string; link: string; created_at: string }>(
      'SELECT to_email, subject, link, created_at FROM inbox WHERE to_email = ? ORDER BY id',
    ),
  };

  return {
    db,
    q,
    transaction: <T>(work: () => T): T => db.transaction(work)(),
    likePattern,
  };
}

export type Store = ReturnType<typeof createStore>;
