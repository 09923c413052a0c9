import DOMPurify from 'dompurify';
import { safeHttpUrl } from './safe-url.ts';

/*
 * News summaries are outside HTML (an RSS feed): only inline text formatting and plain http(s) links
 * survive. Scripts, styles, SVG/MathML, forms, frames, event-handler attributes and every other URL
 * scheme are removed; links open in a new tab without access to this page. DOMPurify is as heavy as a
 * third of Mantine's components: the widget loads this module only when a summary needs it
 * (lazy-sanitizer.ts).
 */

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span', 'blockquote'];
const ALLOWED_ATTR = ['href', 'title'];

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
