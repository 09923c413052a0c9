// Transitional: the studio-editor marks as the commands' synchronous better-sqlite3 code uses them today
// (create-user's transaction, grant-studio, revoke-studio), same statements and same rules as before.
// The gateway goes through studio-store.ts; this file goes once the commands await that store's
// `markEditor` and `revokeEditor` (same names, same answers, async).
import type { Database } from 'better-sqlite3';

export function createSyncEditorMarks(db: Database) {
  const isEditor = db.prepare<[number], { user_id: number }>(
    'SELECT user_id FROM studio_editors WHERE user_id = ?',
  );
  const editorCount = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM studio_editors');
  const unmarkEditor = db.prepare<[number]>('DELETE FROM studio_editors WHERE user_id = ?');
  /** Removes a mark, never the last one; IMMEDIATE, so two revocations at once cannot both see a second. */
  const revoke = db.transaction((userId: number): 'revoked' | 'notEditor' | 'lastEditor' => {
    if (isEditor.get(userId) === undefined) return 'notEditor';
    if ((editorCount.get()?.n ?? 0) <= 1) return 'lastEditor';
    unmarkEditor.run(userId);
    return 'revoked';
  });
  return {
    q: {
      /** Inserted 1 row when the user was not an editor yet. */
      markEditor: db.prepare<[number]>(
        'INSERT INTO studio_editors (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING',
      ),
    },
    revokeEditor: (userId: number) => revoke.immediate(userId),
  };
}

export type SyncEditorMarks = ReturnType<typeof createSyncEditorMarks>;
