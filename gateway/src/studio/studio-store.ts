// Manifest versions, one published, and one draft per editor. The tables are this module's own (made by
// db/migrations, like the portfolio's) and carry no foreign keys, so a reseed of the shared tables never
// trips on them. The manifest the gateway starts with is version 1 (author `build`) when none exists.
import { sql, type Selectable } from 'kysely';
import personas from '../../seed/personas.json' with { type: 'json' };
import { dialectOf, inTransaction, transactionalStore, type Db } from '../db/connection.ts';
import { hasUserMark } from '../db/lookups-store.ts';
import type { Tables } from '../db/tables.ts';
import { manifestEtag } from './manifest-etag.ts';

export type VersionRow = Omit<Selectable<Tables['manifest_versions']>, 'manifest'>;

/** A write made from a version that is no longer the published one: it would undo what came after. */
export type StaleBase = { stale: true; publishedVersion: number };

const SUMMARY = ['id', 'author', 'created_at', 'comment', 'etag'] as const;

function studioQueries(db: Db) {
  return {
    versions: (): Promise<VersionRow[]> =>
      db.selectFrom('manifest_versions').select(SUMMARY).orderBy('id', 'desc').execute(),
    version: (id: number) =>
      db
        .selectFrom('manifest_versions')
        .select([...SUMMARY, 'manifest'])
        .where('id', '=', id)
        .executeTakeFirst(),
    published: () =>
      db
        .selectFrom('manifest_published as p')
        .innerJoin('manifest_versions as v', 'v.id', 'p.version_id')
        .select(['v.id', 'v.author', 'v.created_at', 'v.comment', 'v.etag', 'v.manifest'])
        .executeTakeFirst(),
    async insertVersion(row: Omit<Selectable<Tables['manifest_versions']>, 'id'>): Promise<number> {
      const { id } = await db
        .insertInto('manifest_versions')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async setPublished(versionId: number, at: string, by: string): Promise<void> {
      const published = { version_id: versionId, published_at: at, published_by: by };
      await db
        .insertInto('manifest_published')
        .values({ slot: 1, ...published })
        .onConflict((oc) => oc.column('slot').doUpdateSet(published))
        .execute();
    },
    /**
     * Takes the publication's lock for the rest of the transaction, before the published version is
     * read: on SQLite a write first takes the database's write lock at once (what BEGIN IMMEDIATE did),
     * on PostgreSQL it locks the published row; another publication, here or in another process, waits.
     */
    async lockPublication(): Promise<void> {
      await db
        .updateTable('manifest_published')
        .set((eb) => ({ slot: eb.ref('slot') }))
        .where('slot', '=', 1)
        .execute();
    },
    /** The same for the editor marks: every mark is locked (PostgreSQL), or the database (SQLite). */
    async lockEditors(): Promise<void> {
      await db
        .updateTable('studio_editors')
        .set((eb) => ({ user_id: eb.ref('user_id') }))
        .execute();
    },
    isEditor: (userId: number): Promise<boolean> => hasUserMark(db, 'studio_editors', userId),
    async editorCount(): Promise<number> {
      const row = await db
        .selectFrom('studio_editors')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },
    /** True when the user was not an editor yet. */
    async markEditor(userId: number): Promise<boolean> {
      const added = await db
        .insertInto('studio_editors')
        .values({ user_id: userId })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return added !== undefined;
    },
    async unmarkEditor(userId: number): Promise<void> {
      await db.deleteFrom('studio_editors').where('user_id', '=', userId).execute();
    },
    async meta(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },
  };
}

type StudioQueries = ReturnType<typeof studioQueries>;

/** A version, published at once, through `q` (the caller's transaction). */
async function publishWith(
  q: StudioQueries,
  manifest: unknown,
  author: string,
  comment: string,
): Promise<{ id: number; etag: string }> {
  const text = JSON.stringify(manifest);
  const etag = manifestEtag(text);
  const now = new Date().toISOString();
  const id = await q.insertVersion({ author, created_at: now, comment, manifest: text, etag });
  await q.setPublished(id, now, author);
  return { id, etag };
}

export function createStudioStore(db: Db) {
  const { transaction, ...q } = transactionalStore(db, studioQueries);

  /**
   * After each shared seed (a fresh database or a reset) the marks go, since they named users that are
   * gone, and demo mode marks the personas with `studio: true` again. Marks given since stay.
   */
  async function seedEditors(demo: boolean): Promise<void> {
    const seededAt = await q.meta('seededAt');
    if (seededAt === undefined || (await q.meta('studioEditorsSeededFor')) === seededAt) return;
    const emails = (demo ? personas.users : [])
      .filter((user) => 'studio' in user && user.studio)
      .map((user) => user.email.toLowerCase());
    await inTransaction(db, async (trx) => {
      await trx.deleteFrom('studio_editors').execute();
      if (emails.length > 0) {
        const users = await trx
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
          .execute();
        if (users.length > 0)
          await trx
            .insertInto('studio_editors')
            .values(users.map((user) => ({ user_id: user.id })))
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute();
      }
      await trx
        .insertInto('meta')
        .values({ key: 'studioEditorsSeededFor', value: seededAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: seededAt }))
        .execute();
    });
  }

  /**
   * Removes a studio-editor mark, never the last one: nobody could publish or grant it again from the
   * portal. The marks are locked first, so two revocations at once (two processes) cannot both see a
   * second editor.
   */
  function revokeEditor(userId: number): Promise<'revoked' | 'notEditor' | 'lastEditor'> {
    return transaction(async (tx) => {
      await tx.lockEditors();
      if (!(await tx.isEditor(userId))) return 'notEditor';
      if ((await tx.editorCount()) <= 1) return 'lastEditor';
      await tx.unmarkEditor(userId);
      return 'revoked';
    });
  }

  /**
   * The published version's id, read under the publication's lock, so no other publication, here or in
   * another process on the same database, lands between this check and the write.
   */
  function onBase<T>(baseVersion: number, write: (tx: StudioQueries) => Promise<T>): Promise<T | StaleBase> {
    return transaction(async (tx): Promise<T | StaleBase> => {
      await tx.lockPublication();
      const publishedVersion = (await tx.published())?.id ?? 0;
      return publishedVersion === baseVersion ? write(tx) : { stale: true, publishedVersion };
    });
  }

  /** On a fresh database the manifest the gateway started with is version 1, published. */
  function seedInitialVersion(manifest: unknown, reset: boolean): Promise<void> {
    return inTransaction(db, async (trx) => {
      // A reset starts the numbering again too: the build's manifest is version 1.
      if (reset) {
        await trx.deleteFrom('manifest_published').execute();
        await trx.deleteFrom('manifest_drafts').execute();
        await trx.deleteFrom('manifest_versions').execute();
        if (dialectOf(trx) === 'sqlite')
          await sql`DELETE FROM sqlite_sequence WHERE name = 'manifest_versions'`.execute(trx);
        // PostgreSQL: the identity's sequence starts again at 1.
        else
          await sql`SELECT setval(pg_get_serial_sequence('manifest_versions', 'id'), 1, false)`.execute(trx);
      }
      const any = await trx.selectFrom('manifest_versions').select('id').limit(1).executeTakeFirst();
      if (any === undefined)
        await publishWith(studioQueries(trx), manifest, 'build', 'Manifest of the build');
    });
  }

  return {
    seedEditors,
    seedInitialVersion,
    revokeEditor,
    /** Whether the person holds the studio-editor mark. */
    isEditor: (userId: number) => q.isEditor(userId),
    /** Gives the mark; true when the person did not hold it yet. */
    markEditor: (userId: number) => q.markEditor(userId),
    versions: q.versions,
    version: q.version,
    published: q.published,
    draft: (userId: number) =>
      db
        .selectFrom('manifest_drafts')
        .select(['manifest', 'updated_at', 'base_version'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    async saveDraft(userId: number, manifest: string, updatedAt: string, baseVersion: number): Promise<void> {
      const draft = { manifest, updated_at: updatedAt, base_version: baseVersion };
      await db
        .insertInto('manifest_drafts')
        .values({ user_id: userId, ...draft })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(draft))
        .execute();
    },
    async deleteDraft(userId: number): Promise<void> {
      await db.deleteFrom('manifest_drafts').where('user_id', '=', userId).execute();
    },
    /** A version, published at once, in one transaction. */
    publishNew: (manifest: unknown, author: string, comment: string) =>
      transaction((tx) => publishWith(tx, manifest, author, comment)),
    /** A new version made from `baseVersion`, published only if that is still the published one. */
    publishOnBase: (manifest: unknown, author: string, comment: string, baseVersion: number) =>
      onBase(baseVersion, (tx) => publishWith(tx, manifest, author, comment)),
    /** The rollback, on the same condition; undefined for an unknown version. */
    async republish(id: number, by: string, baseVersion: number) {
      const row = await q.version(id);
      if (!row) return undefined;
      return onBase(baseVersion, async (tx) => {
        await tx.setPublished(id, new Date().toISOString(), by);
        return { id, etag: row.etag };
      });
    },
  };
}

export type StudioStore = ReturnType<typeof createStudioStore>;
