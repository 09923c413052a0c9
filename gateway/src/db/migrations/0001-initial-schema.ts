// Migration 0001: the schema of the last release before migrations (commit f7fc12b), as the gateway and
// its modules made it at open time then: the shared tables (db/schema.ts), then each module's own
// (finance, portfolio and its folder search, documents and recorded notifications, people, studio).
// Every statement says IF NOT EXISTS: on a data dir made before migrations existed it creates only what
// is missing, and Kysely records 0001 as applied (the adoption; migrations.test.ts).
import type { Kysely, Migration } from 'kysely';
import { addMissingColumns, runStatements, schemaObjectExists } from './steps.ts';

const SHARED: readonly string[] = [
  'CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
  `CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  is_customer INTEGER NOT NULL,
  password_hash TEXT NOT NULL,
  gigya_user_id TEXT NOT NULL,
  office_mobile TEXT NOT NULL,
  old_id INTEGER NOT NULL,
  global_permissions TEXT NOT NULL,
  favorite_entities TEXT NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS entities (
  account_id INTEGER PRIMARY KEY,
  account_number TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  is_clarity_visible INTEGER NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS subscriptions (
  account_id INTEGER NOT NULL REFERENCES entities(account_id),
  offer_code TEXT NOT NULL,
  status TEXT NOT NULL,
  PRIMARY KEY (account_id, offer_code)
)`,
  `CREATE TABLE IF NOT EXISTS memberships (
  user_id INTEGER NOT NULL REFERENCES users(id),
  account_id INTEGER NOT NULL REFERENCES entities(account_id),
  is_signatory INTEGER NOT NULL,
  permissions TEXT NOT NULL,
  PRIMARY KEY (user_id, account_id)
)`,
  'CREATE INDEX IF NOT EXISTS memberships_account ON memberships(account_id)',
  `CREATE TABLE IF NOT EXISTS terms (
  terms_id INTEGER PRIMARY KEY,
  version TEXT NOT NULL,
  published_at TEXT NOT NULL,
  content_fr TEXT NOT NULL,
  content_en TEXT NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS terms_acceptances (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  terms_id INTEGER NOT NULL REFERENCES terms(terms_id),
  accepted_at TEXT NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS notification_settings (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  settings TEXT NOT NULL,
  updated_at TEXT NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS home_layouts (
  user_id INTEGER NOT NULL REFERENCES users(id),
  account_id INTEGER NOT NULL REFERENCES entities(account_id),
  layout TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, account_id)
)`,
  `CREATE TABLE IF NOT EXISTS bi_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES entities(account_id),
  title TEXT NOT NULL,
  kind TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by INTEGER
)`,
  'CREATE INDEX IF NOT EXISTS bi_reports_account ON bi_reports(account_id)',
  // Entity of each deleted report, so that a second delete answers 404 only to who may delete there.
  'CREATE TABLE IF NOT EXISTS deleted_reports (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL)',
  `CREATE TABLE IF NOT EXISTS mod_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES entities(account_id),
  offer_code TEXT NOT NULL,
  status TEXT NOT NULL,
  comment TEXT NOT NULL,
  requested_by INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS slots (
  slot_id INTEGER PRIMARY KEY,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  advisor TEXT NOT NULL,
  booked_by INTEGER REFERENCES users(id)
)`,
  `CREATE TABLE IF NOT EXISTS bookings (
  booking_id INTEGER PRIMARY KEY AUTOINCREMENT,
  slot_id INTEGER NOT NULL UNIQUE REFERENCES slots(slot_id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL
)`,
  // One row per sign-in: every token of the chain carries its sid. ends_at is the absolute lifetime (s),
  // ended_at is set by sign-out, a password change, "sign out everywhere" or the end of the OIDC grant.
  `CREATE TABLE IF NOT EXISTS sessions (
  sid TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  started_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  ended_at INTEGER,
  grant_id TEXT
)`,
  'CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user_id)',
  'CREATE INDEX IF NOT EXISTS sessions_grant ON sessions(grant_id)',
  // A token replaced by a refresh dies at dies_at_ms (a short grace for requests in flight); the row is
  // kept until the token would have expired anyway (exp, s).
  'CREATE TABLE IF NOT EXISTS retired_tokens (jti TEXT PRIMARY KEY, dies_at_ms INTEGER NOT NULL, exp INTEGER NOT NULL)',
  `CREATE TABLE IF NOT EXISTS reset_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  expires_at INTEGER NOT NULL,
  used_at TEXT
)`,
  `CREATE TABLE IF NOT EXISTS oidc_store (
  model TEXT NOT NULL,
  id TEXT NOT NULL,
  payload TEXT NOT NULL,
  expires_at INTEGER,
  grant_id TEXT,
  uid TEXT,
  user_code TEXT,
  PRIMARY KEY (model, id)
)`,
  'CREATE INDEX IF NOT EXISTS oidc_store_grant ON oidc_store(grant_id)',
  'CREATE INDEX IF NOT EXISTS oidc_store_uid ON oidc_store(model, uid)',
  `CREATE TABLE IF NOT EXISTS inbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_email TEXT NOT NULL COLLATE NOCASE,
  subject TEXT NOT NULL,
  link TEXT NOT NULL,
  created_at TEXT NOT NULL
)`,
  // What the analytics collector received (issue 15), one row per event; user columns as identified.
  `CREATE TABLE IF NOT EXISTS analytics_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  api_key TEXT NOT NULL,
  event TEXT NOT NULL,
  user_id TEXT,
  user_properties TEXT NOT NULL,
  properties TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  received_at TEXT NOT NULL
)`,
  'CREATE INDEX IF NOT EXISTS analytics_events_received ON analytics_events(received_at)',
];

const FINANCE: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS bank_accounts (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  bank_name TEXT NOT NULL,
  iban TEXT NOT NULL,
  opening_cents INTEGER NOT NULL
)`,
  'CREATE INDEX IF NOT EXISTS bank_accounts_account ON bank_accounts(account_id)',
  `CREATE TABLE IF NOT EXISTS bank_transactions (
  id INTEGER PRIMARY KEY,
  bank_account_id INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  booked_on TEXT NOT NULL,
  label TEXT NOT NULL,
  amount_cents INTEGER NOT NULL
)`,
  'CREATE INDEX IF NOT EXISTS bank_transactions_account_day ON bank_transactions(account_id, booked_on)',
  'CREATE INDEX IF NOT EXISTS bank_transactions_bank_account_day ON bank_transactions(bank_account_id, booked_on)',
  `CREATE TABLE IF NOT EXISTS monthly_figures (
  account_id INTEGER NOT NULL,
  month TEXT NOT NULL,
  revenue_cents INTEGER NOT NULL,
  gross_margin_cents INTEGER NOT NULL,
  ebitda_cents INTEGER NOT NULL,
  net_result_cents INTEGER NOT NULL,
  cash_cents INTEGER NOT NULL,
  receivables_days INTEGER NOT NULL,
  payables_days INTEGER NOT NULL,
  headcount INTEGER NOT NULL,
  PRIMARY KEY (account_id, month)
)`,
];

const PORTFOLIO: readonly string[] = [
  'CREATE INDEX IF NOT EXISTS entities_name_nocase ON entities(name COLLATE NOCASE)',
  'CREATE INDEX IF NOT EXISTS mod_requests_account_status ON mod_requests(account_id, status, created_at)',
  `CREATE TABLE IF NOT EXISTS company_sheets (
  account_id INTEGER PRIMARY KEY,
  data TEXT NOT NULL,
  version INTEGER NOT NULL,
  updated_at TEXT
)`,
  `CREATE TABLE IF NOT EXISTS mod_request_decisions (
  request_id INTEGER PRIMARY KEY,
  decided_by INTEGER NOT NULL,
  decided_at TEXT NOT NULL,
  reason TEXT NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS mandates (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL,
  starts_on TEXT NOT NULL,
  ends_on TEXT,
  version INTEGER NOT NULL
)`,
  'CREATE INDEX IF NOT EXISTS mandates_account_status ON mandates(account_id, status)',
];

const FOLDER_SEARCH: readonly string[] = [
  `CREATE VIRTUAL TABLE IF NOT EXISTS entities_search USING fts5(
  name, account_number, content='entities', content_rowid='account_id', tokenize='trigram'
)`,
  `CREATE TRIGGER IF NOT EXISTS entities_search_insert AFTER INSERT ON entities BEGIN
  INSERT INTO entities_search(rowid, name, account_number) VALUES (new.account_id, new.name, new.account_number);
END`,
  `CREATE TRIGGER IF NOT EXISTS entities_search_delete AFTER DELETE ON entities BEGIN
  INSERT INTO entities_search(entities_search, rowid, name, account_number)
    VALUES ('delete', old.account_id, old.name, old.account_number);
END`,
  `CREATE TRIGGER IF NOT EXISTS entities_search_update AFTER UPDATE ON entities BEGIN
  INSERT INTO entities_search(entities_search, rowid, name, account_number)
    VALUES ('delete', old.account_id, old.name, old.account_number);
  INSERT INTO entities_search(rowid, name, account_number) VALUES (new.account_id, new.name, new.account_number);
END`,
];

const DOCUMENTS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS documents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  period TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  storage_key TEXT NOT NULL UNIQUE,
  uploaded_by TEXT NOT NULL,
  uploader_id INTEGER,
  created_at TEXT NOT NULL
)`,
  'CREATE INDEX IF NOT EXISTS documents_list ON documents(account_id, kind, created_at)',
  'CREATE INDEX IF NOT EXISTS documents_period ON documents(account_id, kind, period)',
  'CREATE INDEX IF NOT EXISTS documents_name ON documents(account_id, kind, name COLLATE NOCASE)',
  `CREATE TABLE IF NOT EXISTS report_files (
  report_id INTEGER PRIMARY KEY,
  period TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  storage_key TEXT NOT NULL UNIQUE
)`,
  // Files whose row went away (a report deleted by the reports route): removed from disk at the next write.
  'CREATE TABLE IF NOT EXISTS orphan_files (storage_key TEXT PRIMARY KEY)',
  `CREATE TRIGGER IF NOT EXISTS report_files_follow_reports AFTER DELETE ON bi_reports BEGIN
  INSERT OR IGNORE INTO orphan_files (storage_key) SELECT storage_key FROM report_files WHERE report_id = OLD.id;
  DELETE FROM report_files WHERE report_id = OLD.id;
END`,
  // Notifications recorded from domain events, one row per recipient (the notification centre reads them).
  `CREATE TABLE IF NOT EXISTS recorded_notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  subject_id INTEGER,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL
)`,
  'CREATE INDEX IF NOT EXISTS recorded_notifications_user ON recorded_notifications(user_id, created_at)',
];

const PEOPLE: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS rights_versions (
  user_id INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (user_id, account_id)
)`,
  `CREATE TABLE IF NOT EXISTS invitations (
  user_id INTEGER PRIMARY KEY,
  invited_by INTEGER NOT NULL,
  invited_at TEXT NOT NULL
)`,
  'CREATE TABLE IF NOT EXISTS last_sign_ins (user_id INTEGER PRIMARY KEY, at TEXT NOT NULL)',
  // Every sign-in starts a session row (started_at in seconds, so status compares to the second): the last sign-in follows without the sign-in code knowing.
  `CREATE TRIGGER IF NOT EXISTS sessions_record_sign_in AFTER INSERT ON sessions BEGIN
  INSERT INTO last_sign_ins (user_id, at) VALUES (NEW.user_id, strftime('%Y-%m-%dT%H:%M:%fZ', NEW.started_at, 'unixepoch'))
  ON CONFLICT (user_id) DO UPDATE SET at = excluded.at;
END`,
  `CREATE TABLE IF NOT EXISTS collaborator_roles (
  user_id INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  role TEXT NOT NULL,
  PRIMARY KEY (user_id, account_id)
)`,
  `CREATE TABLE IF NOT EXISTS admin_collaborators (
  user_id INTEGER PRIMARY KEY,
  granted_by INTEGER,
  granted_at TEXT
)`,
  `CREATE TABLE IF NOT EXISTS entity_details (
  account_id INTEGER PRIMARY KEY,
  legal_form TEXT NOT NULL,
  fiscal_year_end TEXT NOT NULL,
  created_by INTEGER NOT NULL,
  created_at TEXT NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS delegation_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER,
  actor_id INTEGER NOT NULL,
  actor_name TEXT NOT NULL,
  target_id INTEGER NOT NULL,
  target_name TEXT NOT NULL,
  action TEXT NOT NULL,
  granted TEXT NOT NULL,
  revoked TEXT NOT NULL,
  created_at TEXT NOT NULL
)`,
  'CREATE INDEX IF NOT EXISTS delegation_log_account ON delegation_log(account_id, created_at)',
];

const STUDIO: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS manifest_versions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  author TEXT NOT NULL,
  created_at TEXT NOT NULL,
  comment TEXT NOT NULL,
  manifest TEXT NOT NULL,
  etag TEXT NOT NULL
)`,
  // One row: the published version; published_at orders rollbacks.
  `CREATE TABLE IF NOT EXISTS manifest_published (
  slot INTEGER PRIMARY KEY CHECK (slot = 1),
  version_id INTEGER NOT NULL,
  published_at TEXT NOT NULL,
  published_by TEXT NOT NULL
)`,
  `CREATE TABLE IF NOT EXISTS manifest_drafts (
  user_id INTEGER PRIMARY KEY,
  manifest TEXT NOT NULL,
  updated_at TEXT NOT NULL
)`,
  'CREATE TABLE IF NOT EXISTS studio_editors (user_id INTEGER PRIMARY KEY)',
];

export const initialSchema: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [...SHARED, ...FINANCE, ...PORTFOLIO]);
    const searchIndexed = await schemaObjectExists(db, 'entities_search');
    await runStatements(db, FOLDER_SEARCH);
    // Entities written before the index existed: read them in once (the triggers follow every change after).
    if (!searchIndexed)
      await runStatements(db, ["INSERT INTO entities_search(entities_search) VALUES ('rebuild')"]);
    await runStatements(db, [...DOCUMENTS, ...PEOPLE, ...STUDIO]);
    // The notification centre's read mark, added at open time by f7fc12b to data dirs made before it.
    await addMissingColumns(db, 'recorded_notifications', [['read_at', 'TEXT']]);
  },
};
