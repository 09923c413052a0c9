/**
 * The id under which the schema compilers know the manifest's address rule (`safeUrlSchema` of
 * url.schema.ts). Widget options refer to it (`urlOption`), so the plugins' definitions, which every
 * first page loads, carry this id and not the rule's patterns. A module of its own: a bundler puts a
 * whole module in one chunk, and url.schema.ts is also wanted by the lazily loaded validators.
 */
export const SAFE_URL_ID = 'portal:safe-url';
