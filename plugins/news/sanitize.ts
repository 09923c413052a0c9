import DOMPurify from 'dompurify';

/*
 * News summaries are outside HTML (an RSS feed): only inline text formatting and plain http(s) links
 * survive. Scripts, styles, SVG/MathML, forms, frames, event-handler attributes and every other URL
 * scheme are removed; links open in a new tab without access to this page.
 */

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span', 'blockquote'];
const ALLOWED_ATTR = ['href', 'title'];

/** `value` as an absolute http(s) URL, or undefined (javascript:, data:, relative and broken URLs). */
export function safeHttpUrl(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Sanitised HTML, safe to insert into the page. */
export function sanitizeNewsHtml(html: string): string {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const anchor of Array.from(fragment.querySelectorAll('a'))) {
    const href = safeHttpUrl(anchor.getAttribute('href'));
    if (href === undefined) {
      anchor.removeAttribute('href');
    } else {
      anchor.setAttribute('href', href);
      anchor.setAttribute('target', '_blank');
      anchor.setAttribute('rel', 'noopener noreferrer');
    }
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}
