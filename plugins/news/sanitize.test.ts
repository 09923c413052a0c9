import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './safe-url.ts';
import { sanitizeNewsHtml } from './sanitize.ts';

function parse(html: string): HTMLDivElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('news HTML sanitising', () => {
  it('removes script tags and their content', () => {
    const out = sanitizeNewsHtml('<p>Bonjour</p><script>window.pwned = 1</script>');
    expect(out).toBe('<p>Bonjour</p>');
  });

  it('removes event-handler attributes', () => {
    const out = parse(
      sanitizeNewsHtml('<p onclick="alert(1)" onmouseover="x()">Texte</p><img src=x onerror="alert(1)">'),
    );
    expect(out.innerHTML).toBe('<p>Texte</p>');
  });

  it('drops javascript:, data: and relative links but keeps their text', () => {
    const out = parse(
      sanitizeNewsHtml(
        '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="data:text/html,<script>1</script>">c</a><a href="/local">d</a>',
      ),
    );
    const anchors = Array.from(out.querySelectorAll('a'));
    expect(anchors.map((a) => a.textContent)).toEqual(['a', 'b', 'c', 'd']);
    expect(anchors.every((a) => !a.hasAttribute('href'))).toBe(true);
  });

  it('keeps http(s) links and opens them in a new tab without access to the page', () => {
    const a = parse(
      sanitizeNewsHtml('<a href="https://example.org/x" target="_self">lire</a>'),
    ).querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://example.org/x');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('removes SVG and MathML payloads, iframes, forms and styles', () => {
    const out = sanitizeNewsHtml(
      '<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>' +
        '<svg onload="alert(1)"></svg><math><mtext><img src=x onerror=alert(1)></mtext></math>' +
        '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input></form>' +
        '<style>body{display:none}</style><p style="position:fixed">ok</p>',
    );
    expect(out).not.toMatch(/svg|math|script|iframe|form|input|style|onerror|onload|javascript/i);
    expect(out).toContain('<p>ok</p>');
  });

  it('keeps simple formatting', () => {
    expect(sanitizeNewsHtml('<p><strong>Fort</strong> et <em>léger</em></p><ul><li>un</li></ul>')).toBe(
      '<p><strong>Fort</strong> et <em>léger</em></p><ul><li>un</li></ul>',
    );
  });

  it('accepts only absolute http(s) URLs for item links', () => {
    expect(safeHttpUrl('https://example.org/a')).toBe('https://example.org/a');
    expect(safeHttpUrl('http://example.org')).toBe('http://example.org/');
    expect(safeHttpUrl(' javascript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl('data:text/html,x')).toBeUndefined();
    expect(safeHttpUrl('/relative')).toBeUndefined();
    expect(safeHttpUrl('not a url')).toBeUndefined();
  });
});
