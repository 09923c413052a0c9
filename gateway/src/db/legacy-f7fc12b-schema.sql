-- The shared schema of commit f7fc12b (gateway/src/db/schema.ts's SCHEMA_SQL then), the last release before
-- migrations: migrations.test.ts builds a legacy data dir from it. Frozen: never edit.
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS users (
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
);
CREATE TABLE IF NOT EXISTS entities (
  account_id INTEGER PRIMARY KEY,
  account_number TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  is_clarity_visible INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS subscriptions (
  account_id INTEGER NOT NULL REFERENCES entities(account_id),
  offer_code TEXT NOT NULL,
  status TEXT NOT NULL,
  PRIMARY KEY (account_id, offer_code)
);
CREATE TABLE IF NOT EXISTS memberships (
  user_id INTEGER NOT NULL REFERENCES users(id),
  account_id INTEGER NOT NULL REFERENCES entities(account_id),
  is_signatory INTEGER NOT NULL,
  permissions TEXT NOT NULL,
  PRIMARY KEY (user_id, account_id)
);
CREATE INDEX IF NOT EXISTS memberships_account ON memberships(account_id);
CREATE TABLE IF NOT EXISTS terms (
  terms_id INTEGER PRIMARY KEY,
  version TEXT NOT NULL,
  published_at TEXT NOT NULL,
  content_fr TEXT NOT NULL,
  content_en TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS terms_acceptances (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  terms_id INTEGER NOT NULL REFERENCES terms(terms_id),
  accepted_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS notification_settings (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  settings TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS home_layouts (
  user_id INTEGER NOT NULL REFERENCES users(id),
  account_id INTEGER NOT NULL REFERENCES entities(account_id),
  layout TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, account_id)
);
CREATE TABLE IF NOT EXISTS bi_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES entities(account_id),
  title TEXT NOT NULL,
  kind TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by INTEGER
);
CREATE INDEX IF NOT EXISTS bi_reports_account ON bi_reports(account_id);
-- Entity of each deleted report, so that a second delete answers 404 only to who may delete there.
CREATE TABLE IF NOT EXISTS deleted_reports (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS mod_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES entities(account_id),
  offer_code TEXT NOT NULL,
  status TEXT NOT NULL,
  comment TEXT NOT NULL,
  requested_by INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS slots (
  slot_id INTEGER PRIMARY KEY,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  advisor TEXT NOT NULL,
  booked_by INTEGER REFERENCES users(id)
);
CREATE TABLE IF NOT EXISTS bookings (
  booking_id INTEGER PRIMARY KEY AUTOINCREMENT,
  slot_id INTEGER NOT NULL UNIQUE REFERENCES slots(slot_id),
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL
);
-- One row per sign-in: every token of the chain carries its sid. ends_at is the absolute lifetime (s),
-- ended_at is set by sign-out, a password change, "sign out everywhere" or the end of the OIDC grant.
CREATE TABLE IF NOT EXISTS sessions (
  sid TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  started_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  ended_at INTEGER,
  grant_id TEXT
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user_id);
CREATE INDEX IF NOT EXISTS sessions_grant ON sessions(grant_id);
-- A token replaced by a refresh dies at dies_at_ms (a short grace for requests in flight); the row is
-- kept until the token would have expired anyway (exp, s).
CREATE TABLE IF NOT EXISTS retired_tokens (jti TEXT PRIMARY KEY, dies_at_ms INTEGER NOT NULL, exp INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS reset_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  expires_at INTEGER NOT NULL,
  used_at TEXT
);
CREATE TABLE IF NOT EXISTS oidc_store (
  model TEXT NOT NULL,
  id TEXT NOT NULL,
  payload TEXT NOT NULL,
  expires_at INTEGER,
  grant_id TEXT,
  uid TEXT,
  user_code TEXT,
  PRIMARY KEY (model, id)
);
CREATE INDEX IF NOT EXISTS oidc_store_grant ON oidc_store(grant_id);
CREATE INDEX IF NOT EXISTS oidc_store_uid ON oidc_store(model, uid);
CREATE TABLE IF NOT EXISTS inbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_email TEXT NOT NULL COLLATE NOCASE,
  subject TEXT NOT NULL,
  link TEXT NOT NULL,
  created_at TEXT NOT NULL
);
-- What the analytics collector received (issue 15), one row per event; user columns as identified.
CREATE TABLE IF NOT EXISTS analytics_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  api_key TEXT NOT NULL,
  event TEXT NOT NULL,
  user_id TEXT,
  user_properties TEXT NOT NULL,
  properties TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  received_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS analytics_events_received ON analytics_events(received_at);
