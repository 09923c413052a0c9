// Every migration of the gateway's database, in order. Named by number: Kysely applies them in the order
// of their names and refuses a database that recorded one this list lacks (it was migrated by a newer
// gateway). Imported here, not found by reading the folder: the list is the same from any working
// directory, under tsx and once compiled. To add one: a new file with the next number, its line below.
import type { Migration } from 'kysely';
import { initialSchema } from './0001-initial-schema.ts';
import { refreshReplacement } from './0002-refresh-replacement.ts';
import { notificationReaders } from './0003-notification-readers.ts';
import { draftBaseVersion } from './0004-draft-base-version.ts';
import { entityInvitations } from './0005-entity-invitations.ts';
import { throttle } from './0006-throttle.ts';
import { caseFoldedSortIndexes } from './0008-case-folded-sort-indexes.ts';
import { userEmailLower } from './0010-user-email-lower.ts';
import { notificationListIndexes } from './0011-notification-list-indexes.ts';
import { accountingSync } from './0012-accounting-sync.ts';
import { payrollVariables } from './0013-payroll-variables.ts';

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial-schema': initialSchema,
  '0002-refresh-replacement': refreshReplacement,
  '0003-notification-readers': notificationReaders,
  '0004-draft-base-version': draftBaseVersion,
  '0005-entity-invitations': entityInvitations,
  '0006-throttle': throttle,
  '0008-case-folded-sort-indexes': caseFoldedSortIndexes,
  '0010-user-email-lower': userEmailLower,
  '0011-notification-list-indexes': notificationListIndexes,
  '0012-accounting-sync': accountingSync,
  '0013-payroll-variables': payrollVariables,
};
