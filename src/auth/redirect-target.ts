/**
 * The `?redirect=` target after sign-in, kept only when it is a path of this origin (no open redirect).
 * Accepted: a path starting with exactly one `/`, no backslash, no control character, that the URL
 * parser keeps on the same origin. Everything else (`//evil`, `/\evil`, `https://…`, `javascript:`)
 * yields null and the landing rules apply instead.
 */
export function safeRedirectPath(raw: string | null | undefined, origin = currentOrigin()): string | null {
  if (typeof raw !== 'string') return null;
  const candidate = raw.trim();
  if (candidate === '' || candidate.length > 2048) return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return null;
  // Browsers read `\` as `/` in URLs, so `/\evil.example` would be protocol-relative.
  if (candidate.includes('\\')) return null;
  // Tabs and newlines are stripped by the URL parser (`/\t/evil` becomes `//evil`).
  if (hasControlCharacter(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
