/**
 * jsdom additions Mantine needs in component tests (matchMedia, ResizeObserver, scrollIntoView). Import it first
 * in a *.test.tsx file. `setViewportWidth` drives the media queries.
 */
let width = 1440;

/** Sets the width the matchMedia stub answers for `(max-width: Npx)` / `(min-width: Npx)` queries. */
export function setViewportWidth(w: number) {
  width = w;
}

function matches(query: string): boolean {
  const max = /max-width:\s*([\d.]+)(px|em)/.exec(query);
  const min = /min-width:\s*([\d.]+)(px|em)/.exec(query);
  const px = (m: RegExpExecArray) => Number(m[1]) * (m[2] === 'em' ? 16 : 1);
  if (max && width > px(max)) return false;
  if (min && width < px(min)) return false;
  return !!(max || min);
}

if (typeof window !== 'undefined') {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  class RO {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver ??= RO;
  Element.prototype.scrollIntoView ??= () => {};
}
