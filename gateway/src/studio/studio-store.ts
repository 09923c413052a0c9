// Manifest versions, one published, and one draft per editor, in SQLite. The tables are this module's
// own (made by db/migrations, like the portfolio's) and carry no foreign keys, so a reseed of the shared tables
// never trips on them. The manifest the gateway starts with is version 1 (author `build`) when none exists.
import type { Database } from 'better-sqlite3';
import personas from '../../seed/personas.json' with { type: 'json' };
import { manifestEtag } from './manifest-etag.ts';

export type VersionRow = {
  id: number;
  author: string;
  created_at: string;
  comment: string;
  etag: string;
};

export type StudioStore = ReturnType<typeof createStudioStore>;

/** A write made from a version that is no longer the published one: it would undo what came after. */
export type StaleBase = { stale: true; publishedVersion: number };

export function createStudioStore(db: Database) {
  const q = {
    versions: db.prepare<[], VersionRow>(
      'SELECT id, author, created_at, comment, etag FROM manifest_versions ORDER BY id DESC',
    ),
    version: db.prepare<[number], VersionRow & { manifest: string }>(
      'SELECT id, author, created_at, comment, etag, manifest FROM manifest_versions WHERE id = ?',
    ),
    insertVersion: db.prepare<[string, string, string, string, string]>(
      'INSERT INTO manifest_versions (author, created_at, comment, manifest, etag) VALUES (?, ?, ?, ?, ?)',
    ),
    published: db.prepare<[], VersionRow & { manifest: string }>(
      `SELECT v.id, v.author, v.created_at, v.comment, v.etag, v.manifest
       FROM manifest_published p JOIN manifest_versions v ON v.id = p.version_id`,
    ),
    publish: db.prepare<[number, string, string]>(
      `INSERT INTO manifest_published (slot, version_id, published_at, published_by) VALUES (1, ?, ?, ?)
       ON CONFLICT (slot) DO UPDATE SET version_id = excluded.version_id,
         published_at = excluded.published_at, published_by = excluded.published_by`,
    ),
    draft: db.prepare<[number], { manifest: string; updated_at: string; base_version: number | null }>(
      'SELECT manifest, updated_at, base_version FROM manifest_drafts WHERE user_id = ?',
    ),
    saveDraft: db.prepare<[number, string, string, number]>(
      `INSERT INTO manifest_drafts (user_id, manifest, updated_at, base_version) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET manifest = excluded.manifest, updated_at = excluded.updated_at,
         base_version = excluded.base_version`,
    ),
    deleteDraft: db.prepare<[number]>('DELETE FROM manifest_drafts WHERE user_id = ?'),
    isEditor: db.prepare<[number], { user_id: number }>(
      'SELECT user_id FROM studio_editors WHERE user_id = ?',
    ),
    editorCount: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM studio_editors'),
    /** Inserted 1 row when the user was not an editor yet. */
    markEditor: db.prepare<[number]>('INSERT OR IGNORE INTO studio_editors (user_id) VALUES (?)'),
    unmarkEditor: db.prepare<[number]>('DELETE FROM studio_editors WHERE user_id = ?'),
  };

  const meta = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');

  /**
   * After each shared seed (a fresh database or a reset) the marks go, since they named users that are
   * gone, and demo mode marks the personas with `studio: true` again. Marks given since stay.
   */
  function seedEditors(demo: boolean): void {
    const seededAt = meta.get('seededAt')?.value;
    if (seededAt === undefined || meta.get('studioEditorsSeededFor')?.value === seededAt) return;
    const byEmail = db.prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ?');
    db.transaction(() => {
      db.exec('DELETE FROM studio_editors');
      for (const user of demo ? personas.users : []) {
        if (!('studio' in user) || !user.studio) continue;
        const row = byEmail.get(user.email);
        if (row) q.markEditor.run(row.id);
      }
      db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('studioEditorsSeededFor', ?)").run(
        seededAt,
      );
    })();
  }

  /**
   * Removes a studio-editor mark, never the last one: nobody could publish or grant it again from the
   * portal. IMMEDIATE, so two revocations at once (two processes) cannot both see a second editor.
   */
  const revokeEditor = db.transaction((userId: number): 'revoked' | 'notEditor' | 'lastEditor' => {
    if (q.isEditor.get(userId) === undefined) return 'notEditor';
    if ((q.editorCount.get()?.n ?? 0) <= 1) return 'lastEditor';
    q.unmarkEditor.run(userId);
    return 'revoked';
  });

  /** A version, published at once, in one transaction. */
  function publishNew(manifest: unknown, author: string, comment: string): { id: number; etag: string } {
    const text = JSON.stringify(manifest);
    const etag = manifestEtag(text);
    const now = new Date().toISOString();
    return db.transaction(() => {
      const id = Number(q.insertVersion.run(author, now, comment, text, etag).lastInsertRowid);
      q.publish.run(id, now, author);
      return { id, etag };
    })();
  }

  /**
   * The published version's id, read under the write lock (an immediate transaction), so no other
   * publication, here or in another process on the same file, lands between this check and the write.
   */
  function onBase<T>(baseVersion: number, write: () => T): T | StaleBase {
    return db
      .transaction((): T | StaleBase => {
        const publishedVersion = q.published.get()?.id ?? 0;
        return publishedVersion === baseVersion ? write() : { stale: true, publishedVersion };
      })
      .immediate();
  }

  /** On a fresh database the manifest the gateway started with is version 1, published. */
  function seedInitialVersion(manifest: unknown, reset: boolean): void {
    // A reset starts the numbering again too: the build's manifest is version 1.
    if (reset)
      db.exec(`DELETE FROM manifest_published; DELETE FROM manifest_drafts; DELETE FROM manifest_versions;
        DELETE FROM sqlite_sequence WHERE name = 'manifest_versions';`);
    if (q.versions.all().length === 0) publishNew(manifest, 'build', 'Manifest of the build');
  }

  return {
    q,
    seedEditors,
    revokeEditor: (userId: number) => revokeEditor.immediate(userId),
    seedInitialVersion,
    publishNew,
    /** Whether the person holds the studio-editor mark. */
    isEditor(userId: number): Promise<boolean> {
      return Promise.resolve(q.isEditor.get(userId) !== undefined);
    },
    /** A new version made from `baseVersion`, published only if that is still the published one. */
    publishOnBase(manifest: unknown, author: string, comment: string, baseVersion: number) {
      return onBase(baseVersion, () => publishNew(manifest, author, comment));
    },
    /** The rollback, on the same condition; undefined for an unknown version. */
    republish(id: number, by: string, baseVersion: number) {
      const row = q.version.get(id);
      if (!row) return undefined;
      return onBase(baseVersion, () => {
        q.publish.run(id, new Date().toISOString(), by);
        return { id, etag: row.etag };
      });
    },
  };
}
