// Migration 0005 (issue 27): invitations to join an entity, as the inviter typed them (the membership
// exists only once accepted), and the trigger that accepts those waiting for an account an invitation
// created when its owner sets their first password through the invitation's link.
import type { Kysely, Migration } from 'kysely';
import { runStatements } from './steps.ts';

const STATEMENTS: readonly string[] = [
  // user_id: the customer account the address belongs to (created for a new address); NULL for an
  // address nobody may accept with (a collaborator's), which then only expires.
  `CREATE TABLE IF NOT EXISTS entity_invitations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL,
  user_id INTEGER,
  email TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  is_signatory INTEGER NOT NULL,
  permissions TEXT NOT NULL,
  invited_by INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  decided_at TEXT
)`,
  'CREATE INDEX IF NOT EXISTS entity_invitations_account ON entity_invitations(account_id, status)',
  'CREATE INDEX IF NOT EXISTS entity_invitations_user ON entity_invitations(user_id, status)',
  // An account an invitation created has no password; its owner accepts the invitations waiting for it
  // by setting the first one through the invitation's link (the honest new person's path, unchanged:
  // link, password, sign-in, the entity). An account that already had a password accepts only in the portal.
  `CREATE TRIGGER IF NOT EXISTS invitations_accepted_with_first_password
AFTER UPDATE OF password_hash ON users
WHEN substr(OLD.password_hash, 1, 10) = '!unusable$' AND substr(NEW.password_hash, 1, 10) <> '!unusable$'
BEGIN
  INSERT OR IGNORE INTO memberships (user_id, account_id, is_signatory, permissions)
    SELECT user_id, account_id, is_signatory, permissions FROM entity_invitations
     WHERE user_id = NEW.id AND status = 'pending' AND expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
  INSERT INTO delegation_log (account_id, actor_id, actor_name, target_id, target_name, action, granted, revoked, created_at)
    SELECT i.account_id, NEW.id, NEW.first_name || ' ' || NEW.last_name, NEW.id, NEW.first_name || ' ' || NEW.last_name,
           'invitation.accepted', i.permissions, '[]', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      FROM entity_invitations i
     WHERE i.user_id = NEW.id AND i.status = 'pending' AND i.expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
  UPDATE entity_invitations SET status = 'accepted', decided_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
   WHERE user_id = NEW.id AND status = 'pending' AND expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
END`,
];

export const entityInvitations: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, STATEMENTS);
  },
};
