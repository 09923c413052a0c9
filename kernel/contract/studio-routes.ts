// The studio's calls (issue 16): the published manifest the built portal loads at run time, and the
// versions, drafts, publication and rollback that only studio editors may write. `studioEditors` routes
// check the gateway's studio-editor mark before anything else (gateway/src/studio/studio-access.ts), never
// the manifest being published (issue 27).
import type { RouteDefinition } from './route-definition.ts';
import { idParams } from './schemas.ts';
import { closedObject } from './schema-parts.ts';

const manifestObject = {
  type: 'object',
  description: 'A portal manifest (portal.config.json); checked with its schema and lint when published.',
} as const;

const versionSummary = closedObject(['id', 'author', 'createdAt', 'comment', 'etag', 'published'], {
  id: { type: 'integer' },
  /** The e-mail of who published it (`build` for the manifest the gateway started with). */
  author: { type: 'string' },
  createdAt: { type: 'string', format: 'date-time' },
  comment: { type: 'string' },
  etag: { type: 'string' },
  published: { type: 'boolean' },
});

const publication = closedObject(['id', 'etag'], {
  id: { type: 'integer' },
  etag: { type: 'string' },
});

/**
 * The version a write was made from: the published one when the editor started (issue 27, item 17). When
 * another one has been published since, the write would undo it: 409 `stale_version` with
 * `publishedVersion`, and nothing is written.
 */
const baseVersion = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const codes = { type: 'array', items: { type: 'string' } } as const;

/** A person on one entity as the studio previews them (kernel/conditions/preview-context.ts). */
const previewContext = closedObject(
  [
    'isCustomer',
    'isStudioEditor',
    'entityCount',
    'global',
    'entity',
    'isSignatory',
    'isClarityVisible',
    'reports',
    'offers',
  ],
  {
    isCustomer: { type: 'boolean' },
    isStudioEditor: { type: 'boolean' },
    entityCount: { type: 'integer' },
    global: codes,
    entity: codes,
    isSignatory: { type: 'boolean' },
    isClarityVisible: { type: 'boolean' },
    reports: { type: 'integer' },
    offers: codes,
  },
);

export const studioRoutes = {
  publishedManifest: {
    method: 'GET',
    path: '/studio/api/manifest/published',
    auth: 'none',
    tag: 'studio',
    summary:
      'The published manifest, with ETag and Cache-Control: no-cache (304 on If-None-Match). `known`: the etag the portal already holds (its built-in manifest); when it is the published one, `manifest` is null and nothing more is sent.',
    status: 200,
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { known: { type: 'string', maxLength: 100 } },
    },
    response: closedObject(['version', 'etag', 'manifest'], {
      version: { type: ['integer', 'null'] },
      etag: { type: ['string', 'null'] },
      manifest: { anyOf: [manifestObject, { type: 'null' }] },
    }),
  },
  publishedBranding: {
    method: 'GET',
    path: '/studio/api/manifest/branding',
    auth: 'none',
    tag: 'studio',
    summary:
      "The published manifest's branding as an HTML fragment for the head of the portal's pages: the portal's server includes it in index.html and the pre-rendered login page (`<!--# include virtual -->`), so a browser that never signed in is drawn in the studio's current branding. Empty without branding. Cache-Control: no-cache.",
    status: 200,
    response: { type: 'string', description: 'text/html' },
    produces: 'text/html; charset=utf-8',
  },
  manifestVersions: {
    method: 'GET',
    path: '/studio/api/manifest/versions',
    auth: 'bearer',
    studioEditors: true,
    tag: 'studio',
    summary: 'Every manifest version, newest first, and which one is published (studio editors only).',
    status: 200,
    response: closedObject(['items'], { items: { type: 'array', items: versionSummary } }),
  },
  manifestVersion: {
    method: 'GET',
    path: '/studio/api/manifest/versions/:id',
    auth: 'bearer',
    studioEditors: true,
    tag: 'studio',
    summary: 'One manifest version with its manifest (studio editors only).',
    status: 200,
    params: idParams,
    response: closedObject(['version', 'manifest'], { version: versionSummary, manifest: manifestObject }),
  },
  manifestDraft: {
    method: 'GET',
    path: '/studio/api/manifest/draft',
    auth: 'bearer',
    studioEditors: true,
    tag: 'studio',
    summary: "The caller's own draft (each editor has one), or null.",
    status: 200,
    response: closedObject(['manifest', 'updatedAt', 'baseVersion'], {
      manifest: { anyOf: [manifestObject, { type: 'null' }] },
      updatedAt: { type: ['string', 'null'] },
      /** The version the draft was made from (null for a draft saved before versions were recorded). */
      baseVersion: { type: ['integer', 'null'] },
    }),
  },
  saveManifestDraft: {
    method: 'PUT',
    path: '/studio/api/manifest/draft',
    auth: 'bearer',
    studioEditors: true,
    tag: 'studio',
    summary:
      "Saves the caller's draft as it is (a draft may be unfinished; publishing checks it), with the version it was made from. Studio editors only.",
    status: 200,
    body: closedObject(['manifest', 'baseVersion'], { manifest: manifestObject, baseVersion }),
    response: closedObject(['updatedAt'], { updatedAt: { type: 'string' } }),
    concurrency: 'Last write wins: a draft belongs to one editor.',
  },
  publishManifest: {
    method: 'POST',
    path: '/studio/api/manifest/versions',
    auth: 'bearer',
    studioEditors: true,
    tag: 'studio',
    summary:
      "Checks the manifest with the schema and lint of the portal, the plugins' pages and widget sizes, and each widget placement's options against the widget's schema (422 invalid_manifest with `problems`, each a JSON pointer and a message), stores it as a new version and publishes it; the caller must be a studio editor (a mark kept by the gateway, 403 otherwise). `baseVersion` is the version the manifest was made from: another one published since → 409 stale_version with `publishedVersion`, nothing stored. The next page load of every user takes it.",
    status: 201,
    errors: [409],
    body: closedObject(['manifest', 'comment', 'baseVersion'], {
      manifest: manifestObject,
      comment: { type: 'string', maxLength: 500 },
      baseVersion,
    }),
    response: publication,
    concurrency:
      'Optimistic: the base version must be the published one, else 409 stale_version and nothing stored; every version is kept.',
  },
  publishManifestVersion: {
    method: 'POST',
    path: '/studio/api/manifest/versions/:id/publish',
    auth: 'bearer',
    studioEditors: true,
    tag: 'studio',
    summary:
      'Publishes an existing version again: the rollback (studio editors only). `baseVersion` is the version published when the editor chose: another one published since → 409 stale_version with `publishedVersion`.',
    status: 200,
    errors: [409],
    params: idParams,
    body: closedObject(['baseVersion'], { baseVersion }),
    response: publication,
    concurrency: 'Optimistic, as a publication: the base version must be the published one, else 409.',
  },
  studioPersonas: {
    method: 'GET',
    path: '/studio/api/personas',
    auth: 'bearer',
    studioEditors: true,
    tag: 'studio',
    summary:
      "The seeded demo personas, one preview context per entity they belong to (codes expanded with the published manifest's catalogue): whom the studio previews as (studio editors only).",
    status: 200,
    response: closedObject(['items'], {
      items: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'name', 'isCustomer', 'entities'],
          properties: {
            email: { type: 'string' },
            name: { type: 'string' },
            isCustomer: { type: 'boolean' },
            entities: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['accountId', 'name', 'context'],
                properties: {
                  accountId: { type: 'integer' },
                  name: { type: 'string' },
                  context: previewContext,
                },
              },
            },
          },
        },
      },
    }),
  },
  adminPlaceManifest: {
    method: 'PUT',
    path: '/__admin/studio/published',
    auth: 'admin',
    tag: 'admin',
    summary:
      'Stores a manifest as a new published version WITHOUT checking it (author admin): how tests put a broken manifest in the store, which the browser must refuse.',
    status: 201,
    body: closedObject(['manifest'], { manifest: manifestObject }),
    response: publication,
  },
} as const satisfies Record<string, RouteDefinition>;
