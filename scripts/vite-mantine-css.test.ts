import { describe, expect, it } from 'vitest';
import { withoutDarkRules } from './vite-mantine-css.ts';

describe('withoutDarkRules', () => {
  it("drops a rule whose selectors all name Mantine's dark scheme, in a media query too", () => {
    const css = [
      '.m_a { color: red; }',
      ":where([data-mantine-color-scheme='dark']) .m_a, :where([data-mantine-color-scheme='dark']) .m_a:focus { color: pink; }",
      "@media (hover: hover) { :where([data-mantine-color-scheme='light']) .m_b:hover { color: blue; } :where([data-mantine-color-scheme='dark']) .m_b:hover { color: navy; } }",
    ].join('\n');
    const light = withoutDarkRules(css);
    expect(light).toContain('.m_a { color: red; }');
    expect(light).toContain('color: blue');
    expect(light).not.toContain('pink');
    expect(light).not.toContain('navy');
  });

  it('keeps a rule whose selector list also names the light scheme or no scheme', () => {
    const css =
      ":where([data-mantine-color-scheme='dark']) .m_c, .m_d { color: green; } .m_e:where(:not([data-mantine-color-scheme='dark'], [data-x])) { color: gold; }";
    expect(withoutDarkRules(css)).toBe(css);
  });
});
