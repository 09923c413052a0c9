import { brandingMarkup, PAGE_BRANDING_META } from '../../kernel/manifest/page-branding.ts';
import type { PortalConfig } from '../../kernel/schemas/portal-config.ts';
import type { RuntimeManifest } from '../manifest/runtime-manifest.ts';

type Branding = NonNullable<PortalConfig['branding']>;

/**
 * The published branding the server included in this page (kernel/manifest/page-branding.ts), or
 * undefined: no publication with branding, or a server without includes (the build's then stands).
 */
export function pageBranding(document: Document): Branding | undefined {
  const content = document.querySelector(`meta[name="${PAGE_BRANDING_META}"]`)?.getAttribute('content');
  if (content == null) return undefined;
  try {
    const value: unknown = JSON.parse(content);
    // The gateway wrote it from a publication it checked and trimmed to the schema's shape (brandingOf).
    return typeof value === 'object' &&
      value !== null &&
      typeof (value as Partial<Branding>).firmName === 'string' &&
      typeof (value as Partial<Branding>).primaryColor === 'string'
      ? (value as Branding)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The manifest this load starts on, in the page's branding: the server's is the studio's current one,
 * newer than the built-in manifest and as new as any publication this browser kept.
 */
export function withPageBranding(start: RuntimeManifest, branding: Branding | undefined): RuntimeManifest {
  if (branding === undefined) return start;
  return { ...start, manifest: { ...(start.manifest as PortalConfig), branding } };
}

/** Whether the page's branding draws other text than the built-in manifest's (the pre-rendered markup's). */
export function brandingRedraws(builtIn: Branding | undefined, branding: Branding | undefined): boolean {
  return branding !== undefined && brandingMarkup(branding) !== brandingMarkup(builtIn);
}
