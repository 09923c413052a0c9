// The studio's calls. The studio rule was checked before (contract field studioEditors); a manifest is
// accepted only if the portal's own schema and lint accept it, with the plugins' pages, widgets and
// widget options as `npm run validate` checks them.
import { Readable } from 'node:stream';
import { validateWithWidgetOptions } from '../../../kernel/manifest/widget-options.ts';
import { personaPreviews } from '../../seed/persona-previews.ts';
import type { SessionClaims } from '../../../kernel/contract/api.ts';
import { HttpError, notFound } from '../http/http-error.ts';
import type { Handlers } from '../http/route-table.ts';
import { brandingHead } from '../kernel/branding.ts';
import { currentUser, type Deps } from '../kernel/deps.ts';
import { pluginCatalogue } from './plugin-catalogue.ts';
import { parseObject } from './studio-access.ts';
import type { StaleBase, StudioStore, VersionRow } from './studio-store.ts';

type StudioRoutes =
  | 'publishedManifest'
  | 'publishedBranding'
  | 'manifestVersions'
  | 'manifestVersion'
  | 'manifestDraft'
  | 'saveManifestDraft'
  | 'publishManifest'
  | 'publishManifestVersion'
  | 'studioPersonas'
  | 'adminPlaceManifest';

/** A write made from a version since replaced: refused, so it cannot silently undo the newer one. */
function staleBase(baseVersion: number, { publishedVersion }: StaleBase): HttpError {
  return new HttpError(
    409,
    'stale_version',
    `Version ${String(publishedVersion)} has been published since version ${String(baseVersion)}, which this change is based on; nothing was published. Reload the latest version, make the change again and publish.`,
    { details: { publishedVersion } },
  );
}

function summary(row: VersionRow, publishedId: number | undefined) {
  return {
    id: row.id,
    author: row.author,
    createdAt: row.created_at,
    comment: row.comment,
    etag: row.etag,
    published: row.id === publishedId,
  };
}

export function studioHandlers(deps: Deps, studio: StudioStore): Pick<Handlers, StudioRoutes> {
  /** The studio rule already held (contract field studioEditors); the caller's id and e-mail. */
  async function requireEditor(session: SessionClaims): Promise<{ id: number; email: string }> {
    const user = await currentUser(deps, session);
    return { id: user.id, email: user.email };
  }

  return {
    adminPlaceManifest: ({ body }) =>
      studio.publishNew(body.manifest, 'admin', 'Placed directly in the store'),
    publishedManifest: async ({ query, request, reply }) => {
      const published = await studio.published();
      reply.header('Cache-Control', 'no-cache');
      if (!published) return { version: null, etag: null, manifest: null };
      // The query is part of the address, so the browser's cache keeps one entry per built-in etag.
      const tag = `"${published.etag}${query.known === published.etag ? '-known' : ''}"`;
      reply.header('ETag', tag);
      if (request.headers['if-none-match'] === tag) {
        reply.code(304).send();
        return { version: published.id, etag: published.etag, manifest: null };
      }
      return {
        version: published.id,
        etag: published.etag,
        manifest: query.known === published.etag ? null : parseObject(published.manifest),
      };
    },
    publishedBranding: async ({ reply }) => {
      reply.header('Cache-Control', 'no-cache');
      reply.type('text/html; charset=utf-8');
      return Readable.from([brandingHead(await deps.branding())]);
    },
    manifestVersions: async ({ session }) => {
      await requireEditor(session);
      const publishedId = (await studio.published())?.id;
      return { items: (await studio.versions()).map((row) => summary(row, publishedId)) };
    },
    manifestVersion: async ({ session, params }) => {
      await requireEditor(session);
      const row = await studio.version(params.id);
      if (!row) throw notFound('The manifest version');
      return {
        version: summary(row, (await studio.published())?.id),
        manifest: parseObject(row.manifest),
      };
    },
    manifestDraft: async ({ session }) => {
      const editor = await requireEditor(session);
      const row = await studio.draft(editor.id);
      return row
        ? { manifest: parseObject(row.manifest), updatedAt: row.updated_at, baseVersion: row.base_version }
        : { manifest: null, updatedAt: null, baseVersion: null };
    },
    saveManifestDraft: async ({ session, body }) => {
      const editor = await requireEditor(session);
      const updatedAt = new Date().toISOString();
      await studio.saveDraft(editor.id, JSON.stringify(body.manifest), updatedAt, body.baseVersion);
      return { updatedAt };
    },
    publishManifest: async ({ session, body }) => {
      const editor = await requireEditor(session);
      const result = validateWithWidgetOptions(body.manifest, pluginCatalogue);
      if (!result.ok) {
        throw new HttpError(422, 'invalid_manifest', 'The manifest has problems; nothing was published.', {
          details: { problems: result.problems.map(({ pointer, message }) => ({ pointer, message })) },
        });
      }
      const published = await studio.publishOnBase(
        body.manifest,
        editor.email,
        body.comment,
        body.baseVersion,
      );
      if ('stale' in published) throw staleBase(body.baseVersion, published);
      await studio.deleteDraft(editor.id);
      deps.log.info({ version: published.id, author: editor.email }, 'manifest published');
      return published;
    },
    studioPersonas: async () => {
      const published = await studio.published();
      const offers = published ? parseObject(published.manifest)['offers'] : undefined;
      const activeStatus =
        typeof offers === 'object' && offers !== null && 'activeStatus' in offers
          ? String(offers.activeStatus)
          : 'validated';
      return { items: personaPreviews(deps.catalogue.expand, activeStatus) };
    },
    publishManifestVersion: async ({ session, params, body }) => {
      const editor = await requireEditor(session);
      const published = await studio.republish(params.id, editor.email, body.baseVersion);
      if (!published) throw notFound('The manifest version');
      if ('stale' in published) throw staleBase(body.baseVersion, published);
      deps.log.info({ version: published.id, author: editor.email }, 'manifest version published again');
      return published;
    },
  };
}
