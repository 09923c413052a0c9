import type { BrandedParts } from '../kernel/branding.ts';

export { escapeHtml } from '../kernel/branding.ts';

/** The provider's pages in the firm's look (the published manifest's branding): name, logo, colour, support. */
export function page(title: string, body: string, brand: BrandedParts): string {
  return `<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>${brand.icon}
<style>:root{--brand:${brand.color}}body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem;color:#212529}
main{border:1px solid #dee2e6;border-top:4px solid var(--brand);border-radius:8px;padding:1.5rem}
.firm{text-align:center;font-size:1.15rem;margin:0 0 1rem}.support{text-align:center;font-size:.875rem}
a{color:var(--brand)}label{display:block;margin-top:1rem}input{display:block;width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1.5rem;padding:.6rem 1.2rem;width:100%;background:var(--brand);color:#fff;border:0;border-radius:4px;font-size:1rem;cursor:pointer}</style></head>
<body>${brand.header}<main><h1>${title}</h1>${body}</main>${brand.support}</body></html>`;
}

/**
 * On every page of the provider a person acts on (the password step, the sign-out confirmation, the
 * errors): no other site may frame it to lay its own page over the form (clickjacking). Both headers:
 * X-Frame-Options for browsers that predate CSP frame-ancestors.
 */
export const NOT_FRAMABLE: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};
