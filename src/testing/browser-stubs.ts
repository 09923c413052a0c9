/*
 * What jsdom lacks and Mantine or the grid use: the colour-scheme media query, element resize observing
 * (popover sizing, the grid's width) and option scrolling. Installed once for every unit test.
 */
export function installBrowserStubs(): void {
  if (typeof window === 'undefined') return; // tests that run in the node environment
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList;
  }
  if (typeof globalThis.ResizeObserver !== 'function') {
    globalThis.ResizeObserver = class {
      observe(): void {
        /* jsdom has no layout: sizes stay as first rendered */
      }
      unobserve(): void {
        /* nothing observed */
      }
      disconnect(): void {
        /* nothing observed */
      }
    };
  }
  if (typeof Element.prototype.scrollIntoView !== 'function') {
    Element.prototype.scrollIntoView = () => undefined;
  }
}
