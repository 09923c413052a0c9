export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);
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
