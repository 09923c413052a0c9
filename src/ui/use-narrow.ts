import { useLayoutEffect, useState } from 'react';

/**
 * Whether an element is narrower than `below` pixels, as its own box says (a container query, not the
 * window's width: the same list sits beside the entity sidebar or alone). Measured before the first paint
 * so a phone never sees the wide layout flash; an element not laid out (width 0, as in tests) is not narrow.
 *
 * @example
 * const [ref, narrow] = useNarrow<HTMLDivElement>(640);
 * return <div ref={ref}>{narrow ? <Cards /> : <Table />}</div>;
 */
export function useNarrow<Element extends HTMLElement>(below: number) {
  const [element, setElement] = useState<Element | null>(null);
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    if (element === null) return undefined;
    const measure = () => {
      const { width } = element.getBoundingClientRect();
      setNarrow(width > 0 && width < below);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, below]);
  return [setElement, narrow] as const;
}
