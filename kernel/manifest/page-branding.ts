// The published branding in the HTML the portal's server sends (issue 30 item 6). A browser that never
// signed in has no published manifest yet: the server (scripts/static-server.ts, nginx's SSI) includes
// the gateway's fragment (gateway/src/kernel/branding.ts, brandingHead) in index.html and the pre-rendered
// login page, so their first paint carries the studio's current branding without a request or a chunk
// of their own. Read by the gateway (writes it), the build (the login page's inline decision script) and
// the entry (src/app/main.tsx).
import type { PortalConfig } from '../schemas/portal-config.ts';

type Branding = NonNullable<PortalConfig['branding']>;

/** The engine's own icon (public/favicon.svg), for a branding without `favicon`. */
export const DEFAULT_FAVICON = '/favicon.svg';

/** The `<meta name>` whose content is the published branding as JSON. */
export const PAGE_BRANDING_META = 'portal-branding';

/** The attribute of that meta naming what of the branding the login page's markup draws (brandingMarkup). */
export const PAGE_BRANDING_MARKUP = 'data-markup';

/**
 * What of the branding the pre-rendered login page draws in its markup (the firm's name and logo, the
 * support's phone and e-mail), as one string: equal strings mean the markup stands. The colour and the
 * favicon are not in it: the fragment sets them in the page's head before the first paint.
 */
export function brandingMarkup(branding: Branding | undefined): string {
  return JSON.stringify(
    branding === undefined
      ? null
      : [
          branding.firmName,
          branding.logo?.src ?? null,
          branding.logo?.alt ?? null,
          branding.support?.phone ?? null,
          branding.support?.email ?? null,
        ],
  );
}
