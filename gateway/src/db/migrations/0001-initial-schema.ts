// Migration 0001: the schema of the last release before migrations (commit f7fc12b), as the gateway and
// its modules made it at open time then: the shared tables (db/schema.ts), then each module's own
// (finance, portfolio and its folder search, documents and recorded notifications, people, studio).
// Every statement says IF NOT EXISTS: on a data dir made before migrations existed it creates only what
// is missing, and Kysely records 0001 as applied (the adoption; migrations.test.ts).
//
// On PostgreSQL the same tables with the same columns, seen from JS as the same types (POSTGRES below;
// docs/data-layer.md gives the mapping): a table's own INTEGER PRIMARY KEY (a rowid SQLite fills in when
// an insert leaves it out) is an int4 identity, a key naming another table's row a plain integer; epoch
// times (s or ms) and amounts in cents are bigint (past 2^31: 2038 in seconds, €21M in cents), read back
// as numbers (db/postgres.ts); TEXT is text, flags stay integers 0/1; `COLLATE NOCASE` becomes an index on
// lower(); the FTS5 folder search becomes pg_trgm's GIN indexes on entities' name and account number;
// the triggers are PL/pgSQL functions. No IF NOT EXISTS there: a PostgreSQL database is only ever made
// by the migrations.
import type { Kysely, Migration } from 'kysely';
import { addMissingColumns, isPostgres, PG_ISO, runStatements, schemaObjectExists } from './steps.ts';

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

const POSTGRES: readonly string[] = [
  // Shared tables.
  'CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL)',
  `CREATE TABLE users (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  is_customer integer NOT NULL,
  password_hash text NOT NULL,
  gigya_user_id text NOT NULL,
  office_mobile text NOT NULL,
  old_id integer NOT NULL,
  global_permissions text NOT NULL,
  favorite_entities text NOT NULL
)`,
  // UNIQUE COLLATE NOCASE: one account per address whatever its case (NOCASE folds ASCII only; lower()
  // folds more in a UTF-8 locale, which refuses no address SQLite accepts that differs beyond case).
  'CREATE UNIQUE INDEX users_email_nocase ON users (lower(email))',
  `CREATE TABLE entities (
  account_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  account_number text NOT NULL UNIQUE,
  name text NOT NULL,
  is_clarity_visible integer NOT NULL
)`,
  `CREATE TABLE subscriptions (
  account_id integer NOT NULL REFERENCES entities(account_id),
  offer_code text NOT NULL,
  status text NOT NULL,
  PRIMARY KEY (account_id, offer_code)
)`,
  `CREATE TABLE memberships (
  user_id integer NOT NULL REFERENCES users(id),
  account_id integer NOT NULL REFERENCES entities(account_id),
  is_signatory integer NOT NULL,
  permissions text NOT NULL,
  PRIMARY KEY (user_id, account_id)
)`,
  'CREATE INDEX memberships_account ON memberships(account_id)',
  `CREATE TABLE terms (
  terms_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  version text NOT NULL,
  published_at text NOT NULL,
  content_fr text NOT NULL,
  content_en text NOT NULL
)`,
  `CREATE TABLE terms_acceptances (
  user_id integer PRIMARY KEY REFERENCES users(id),
  terms_id integer NOT NULL REFERENCES terms(terms_id),
  accepted_at text NOT NULL
)`,
  `CREATE TABLE notification_settings (
  user_id integer PRIMARY KEY REFERENCES users(id),
  settings text NOT NULL,
  updated_at text NOT NULL
)`,
  `CREATE TABLE home_layouts (
  user_id integer NOT NULL REFERENCES users(id),
  account_id integer NOT NULL REFERENCES entities(account_id),
  layout text NOT NULL,
  updated_at text NOT NULL,
  PRIMARY KEY (user_id, account_id)
)`,
  `CREATE TABLE bi_reports (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL REFERENCES entities(account_id),
  title text NOT NULL,
  kind text NOT NULL,
  created_at text NOT NULL,
  created_by integer
)`,
  'CREATE INDEX bi_reports_account ON bi_reports(account_id)',
  'CREATE TABLE deleted_reports (id integer PRIMARY KEY, account_id integer NOT NULL)',
  `CREATE TABLE mod_requests (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL REFERENCES entities(account_id),
  offer_code text NOT NULL,
  status text NOT NULL,
  comment text NOT NULL,
  requested_by integer NOT NULL REFERENCES users(id),
  created_at text NOT NULL
)`,
  `CREATE TABLE slots (
  slot_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  starts_at text NOT NULL,
  ends_at text NOT NULL,
  advisor text NOT NULL,
  booked_by integer REFERENCES users(id)
)`,
  `CREATE TABLE bookings (
  booking_id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  slot_id integer NOT NULL UNIQUE REFERENCES slots(slot_id),
  user_id integer NOT NULL REFERENCES users(id),
  created_at text NOT NULL
)`,
  `CREATE TABLE sessions (
  sid text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  started_at bigint NOT NULL,
  ends_at bigint NOT NULL,
  ended_at bigint,
  grant_id text
)`,
  'CREATE INDEX sessions_user ON sessions(user_id)',
  'CREATE INDEX sessions_grant ON sessions(grant_id)',
  'CREATE TABLE retired_tokens (jti text PRIMARY KEY, dies_at_ms bigint NOT NULL, exp bigint NOT NULL)',
  `CREATE TABLE reset_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  expires_at bigint NOT NULL,
  used_at text
)`,
  `CREATE TABLE oidc_store (
  model text NOT NULL,
  id text NOT NULL,
  payload text NOT NULL,
  expires_at bigint,
  grant_id text,
  uid text,
  user_code text,
  PRIMARY KEY (model, id)
)`,
  'CREATE INDEX oidc_store_grant ON oidc_store(grant_id)',
  'CREATE INDEX oidc_store_uid ON oidc_store(model, uid)',
  // to_email COLLATE NOCASE (no index in SQLite either): the inbox's queries compare lower(to_email).
  `CREATE TABLE inbox (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  to_email text NOT NULL,
  subject text NOT NULL,
  link text NOT NULL,
  created_at text NOT NULL
)`,
  `CREATE TABLE analytics_events (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  api_key text NOT NULL,
  event text NOT NULL,
  user_id text,
  user_properties text NOT NULL,
  properties text NOT NULL,
  occurred_at text NOT NULL,
  received_at text NOT NULL
)`,
  'CREATE INDEX analytics_events_received ON analytics_events(received_at)',

  // Finance.
  `CREATE TABLE bank_accounts (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL,
  bank_name text NOT NULL,
  iban text NOT NULL,
  opening_cents bigint NOT NULL
)`,
  'CREATE INDEX bank_accounts_account ON bank_accounts(account_id)',
  `CREATE TABLE bank_transactions (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  bank_account_id integer NOT NULL,
  account_id integer NOT NULL,
  booked_on text NOT NULL,
  label text NOT NULL,
  amount_cents bigint NOT NULL
)`,
  'CREATE INDEX bank_transactions_account_day ON bank_transactions(account_id, booked_on)',
  'CREATE INDEX bank_transactions_bank_account_day ON bank_transactions(bank_account_id, booked_on)',
  `CREATE TABLE monthly_figures (
  account_id integer NOT NULL,
  month text NOT NULL,
  revenue_cents bigint NOT NULL,
  gross_margin_cents bigint NOT NULL,
  ebitda_cents bigint NOT NULL,
  net_result_cents bigint NOT NULL,
  cash_cents bigint NOT NULL,
  receivables_days integer NOT NULL,
  payables_days integer NOT NULL,
  headcount integer NOT NULL,
  PRIMARY KEY (account_id, month)
)`,

  // Portfolio.
  'CREATE INDEX entities_name_nocase ON entities (lower(name))',
  'CREATE INDEX mod_requests_account_status ON mod_requests(account_id, status, created_at)',
  `CREATE TABLE company_sheets (
  account_id integer PRIMARY KEY,
  data text NOT NULL,
  version integer NOT NULL,
  updated_at text
)`,
  `CREATE TABLE mod_request_decisions (
  request_id integer PRIMARY KEY,
  decided_by integer NOT NULL,
  decided_at text NOT NULL,
  reason text NOT NULL
)`,
  `CREATE TABLE mandates (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  starts_on text NOT NULL,
  ends_on text,
  version integer NOT NULL
)`,
  'CREATE INDEX mandates_account_status ON mandates(account_id, status)',

  // The folder search: FTS5's trigram tokenizer in SQLite, pg_trgm here (trusted since PostgreSQL 13: a
  // role with CREATE on the database may add it). Trigrams are lower-cased: these indexes serve
  // `name ILIKE '%…%'` and `account_number ILIKE '%…%'`, and follow every change of entities by themselves
  // (no triggers, no rebuild).
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  'CREATE INDEX entities_search_name ON entities USING gin (name gin_trgm_ops)',
  'CREATE INDEX entities_search_account_number ON entities USING gin (account_number gin_trgm_ops)',

  // Documents and recorded notifications.
  `CREATE TABLE documents (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL,
  kind text NOT NULL,
  name text NOT NULL,
  period text NOT NULL,
  mime_type text NOT NULL,
  size bigint NOT NULL,
  storage_key text NOT NULL UNIQUE,
  uploaded_by text NOT NULL,
  uploader_id integer,
  created_at text NOT NULL
)`,
  'CREATE INDEX documents_list ON documents(account_id, kind, created_at)',
  'CREATE INDEX documents_period ON documents(account_id, kind, period)',
  'CREATE INDEX documents_name ON documents(account_id, kind, lower(name))',
  `CREATE TABLE report_files (
  report_id integer PRIMARY KEY,
  period text NOT NULL,
  mime_type text NOT NULL,
  size bigint NOT NULL,
  storage_key text NOT NULL UNIQUE
)`,
  'CREATE TABLE orphan_files (storage_key text PRIMARY KEY)',
  `CREATE FUNCTION report_files_follow_reports() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO orphan_files (storage_key) SELECT storage_key FROM report_files WHERE report_id = OLD.id
    ON CONFLICT DO NOTHING;
  DELETE FROM report_files WHERE report_id = OLD.id;
  RETURN NULL;
END
$$`,
  `CREATE TRIGGER report_files_follow_reports AFTER DELETE ON bi_reports
  FOR EACH ROW EXECUTE FUNCTION report_files_follow_reports()`,
  // read_at: the column f7fc12b's open-time code added, last as in SQLite.
  `CREATE TABLE recorded_notifications (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL,
  account_id integer NOT NULL,
  type text NOT NULL,
  subject_id integer,
  data text NOT NULL,
  created_at text NOT NULL,
  read_at text
)`,
  'CREATE INDEX recorded_notifications_user ON recorded_notifications(user_id, created_at)',

  // People.
  `CREATE TABLE rights_versions (
  user_id integer NOT NULL,
  account_id integer NOT NULL,
  version integer NOT NULL,
  PRIMARY KEY (user_id, account_id)
)`,
  `CREATE TABLE invitations (
  user_id integer PRIMARY KEY,
  invited_by integer NOT NULL,
  invited_at text NOT NULL
)`,
  'CREATE TABLE last_sign_ins (user_id integer PRIMARY KEY, at text NOT NULL)',
  `CREATE FUNCTION sessions_record_sign_in() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO last_sign_ins (user_id, at)
    VALUES (NEW.user_id, to_char(to_timestamp(NEW.started_at) AT TIME ZONE 'UTC', ${PG_ISO}))
    ON CONFLICT (user_id) DO UPDATE SET at = excluded.at;
  RETURN NULL;
END
$$`,
  `CREATE TRIGGER sessions_record_sign_in AFTER INSERT ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_record_sign_in()`,
  `CREATE TABLE collaborator_roles (
  user_id integer NOT NULL,
  account_id integer NOT NULL,
  role text NOT NULL,
  PRIMARY KEY (user_id, account_id)
)`,
  `CREATE TABLE admin_collaborators (
  user_id integer PRIMARY KEY,
  granted_by integer,
  granted_at text
)`,
  `CREATE TABLE entity_details (
  account_id integer PRIMARY KEY,
  legal_form text NOT NULL,
  fiscal_year_end text NOT NULL,
  created_by integer NOT NULL,
  created_at text NOT NULL
)`,
  `CREATE TABLE delegation_log (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  account_id integer,
  actor_id integer NOT NULL,
  actor_name text NOT NULL,
  target_id integer NOT NULL,
  target_name text NOT NULL,
  action text NOT NULL,
  granted text NOT NULL,
  revoked text NOT NULL,
  created_at text NOT NULL
)`,
  'CREATE INDEX delegation_log_account ON delegation_log(account_id, created_at)',

  // Studio.
  `CREATE TABLE manifest_versions (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  author text NOT NULL,
  created_at text NOT NULL,
  comment text NOT NULL,
  manifest text NOT NULL,
  etag text NOT NULL
)`,
  `CREATE TABLE manifest_published (
  slot integer PRIMARY KEY CHECK (slot = 1),
  version_id integer NOT NULL,
  published_at text NOT NULL,
  published_by text NOT NULL
)`,
  `CREATE TABLE manifest_drafts (
  user_id integer PRIMARY KEY,
  manifest text NOT NULL,
  updated_at text NOT NULL
)`,
  'CREATE TABLE studio_editors (user_id integer PRIMARY KEY)',
];

export const initialSchema: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await runStatements(db, POSTGRES);
      return;
    }
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
