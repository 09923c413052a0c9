// The firm's look (the manifest's `branding`, issue 30) on what the gateway draws itself: the identity
// provider's sign-in pages and the e-mails. Read from the published manifest (the studio's current version),
// so a publication changes them with no code change and every instance agrees (it is in the database).
import {
  brandingMarkup,
  DEFAULT_FAVICON,
  PAGE_BRANDING_MARKUP,
  PAGE_BRANDING_META,
} from '../../../kernel/manifest/page-branding.ts';
import type { PortalConfig } from '../../../kernel/schemas/portal-config.ts';

export type Branding = NonNullable<PortalConfig['branding']>;

/** The portal's own colours when a manifest has no branding (Mantine's indigo, shade 8). */
const DEFAULT_PRIMARY = '#3b5bdb';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The branding of a manifest already validated at publication; defensive all the same (a hand-edited first
 * version is published as it is): anything out of shape counts as no branding, never a broken page.
 */
export function brandingOf(manifest: unknown): Branding | undefined {
  const branding = isRecord(manifest) ? manifest['branding'] : undefined;
  if (!isRecord(branding)) return undefined;
  const { firmName, primaryColor, logo, favicon, support } = branding;
  if (typeof firmName !== 'string' || typeof primaryColor !== 'string') return undefined;
  if (!/^#[0-9a-fA-F]{6}$/.test(primaryColor)) return undefined;
  const path = (value: unknown) =>
    typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : undefined;
  const logoSrc = isRecord(logo) ? path(logo['src']) : undefined;
  const logoAlt = isRecord(logo) && typeof logo['alt'] === 'string' ? logo['alt'] : undefined;
  const faviconPath = path(favicon);
  const text = (key: string) =>
    isRecord(support) && typeof support[key] === 'string' ? { [key]: support[key] } : {};
  const hours = isRecord(support) && isRecord(support['hours']) ? support['hours'] : {};
  const texts = Object.entries(hours).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const contact = {
    ...text('name'),
    ...text('phone'),
    ...text('email'),
    ...(texts.length === 0 ? {} : { hours: Object.fromEntries(texts) }),
  };
  return {
    firmName,
    primaryColor,
    ...(logoSrc !== undefined && logoAlt !== undefined ? { logo: { src: logoSrc, alt: logoAlt } } : {}),
    ...(faviconPath === undefined ? {} : { favicon: faviconPath }),
    ...(Object.keys(contact).length === 0 ? {} : { support: contact }),
  };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);
}

/** What a page or an e-mail draws of the firm: its parts as HTML, addresses made absolute on the portal. */
export type BrandedParts = {
  /** `#rrggbb`: buttons and the card's top edge. */
  color: string;
  /** The `<link rel="icon">` of a page (empty without a favicon). */
  icon: string;
  /** The firm's logo and name (empty without branding). */
  header: string;
  /** How to reach the firm's support, in French (empty without it). */
  support: string;
};

export function brandedParts(branding: Branding | undefined, portalUrl: string): BrandedParts {
  if (branding === undefined) return { color: DEFAULT_PRIMARY, icon: '', header: '', support: '' };
  const at = (path: string) => escapeHtml(`${portalUrl}${path}`);
  const logo =
    branding.logo === undefined
      ? ''
      : `<img src="${at(branding.logo.src)}" alt="${escapeHtml(branding.logo.alt)}" height="40" style="vertical-align:middle;margin-right:8px">`;
  const { phone, email } = branding.support ?? {};
  const contacts = [
    phone === undefined
      ? ''
      : `<a href="tel:${escapeHtml(phone.replace(/[^+0-9]/g, ''))}">${escapeHtml(phone)}</a>`,
    email === undefined ? '' : `<a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a>`,
  ].filter((part) => part !== '');
  return {
    color: branding.primaryColor,
    icon: branding.favicon === undefined ? '' : `<link rel="icon" href="${at(branding.favicon)}">`,
    header: `<p class="firm" data-firm="">${logo}<strong>${escapeHtml(branding.firmName)}</strong></p>`,
    support:
      contacts.length === 0
        ? ''
        : `<p class="support" data-support="">Besoin d'aide ? Le support du cabinet : ${contacts.join(' · ')}</p>`,
  };
}

/**
 * The published branding as the portal's server includes it in the head of the pages it sends (index.html
 * and the pre-rendered login page, through `<!--# include -->`, kernel/manifest/page-branding.ts): the
 * branding as JSON for the entry, the colour as the CSS variable the theme sets, and the favicon, so a
 * browser that never signed in paints the studio's current branding first. Empty without branding (the
 * build's stands). Every value is escaped: the firm's name is text, never markup.
 */
export function brandingHead(branding: Branding | undefined): string {
  if (branding === undefined) return '';
  const json = escapeHtml(JSON.stringify(branding));
  const markup = escapeHtml(brandingMarkup(branding));
  return [
    `<meta name="${PAGE_BRANDING_META}" content="${json}" ${PAGE_BRANDING_MARKUP}="${markup}">`,
    // html:root outranks the :root rule the pre-rendered markup's Mantine styles carry (the build's colour).
    `<style>html:root{--portal-primary:${branding.primaryColor}}</style>`,
    // In place of the build's icon, which the page keeps only when this fragment is empty (its stub).
    `<link rel="icon" href="${escapeHtml(branding.favicon ?? DEFAULT_FAVICON)}">`,
  ].join('');
}

/** The sender's name of the firm's e-mails. */
export function mailSender(branding: Branding | undefined): string {
  return branding?.firmName ?? 'Portail client';
}

/**
 * The firm's e-mail template: its logo and name, the message's subject, the link as a button in the firm's
 * colour, the support line. Inline styles only, as mail readers want them.
 */
export function mailHtml(subject: string, link: string, parts: BrandedParts): string {
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#212529;max-width:32rem;margin:0 auto;padding:1rem">
${parts.header}
<div style="border:1px solid #dee2e6;border-top:4px solid ${parts.color};border-radius:8px;padding:1.5rem">
<h1 style="font-size:1.25rem;margin-top:0">${escapeHtml(subject)}</h1>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:${parts.color};color:#ffffff;padding:.6rem 1.2rem;border-radius:4px;text-decoration:none">Ouvrir le portail</a></p>
</div>
${parts.support}
</body></html>`;
}
