// @vitest-environment jsdom
/**
 * `useSanitized` (issue 5 item 3, issue 16): never unsanitised merchant HTML; a component hydrated from the server
 * keeps the server's sanitised markup (answers '') until its HTML changes, and sanitises every HTML after that.
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSanitizer, useSanitized } from './html';
import { hydrateInTasks, whenSettled } from './hydration';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the hook answers for `html`, written where the test can read it. */
function Probe({ html }: { html: string }) {
  return createElement('output', { 'data-clean': useSanitized(html) });
}
const answer = (el: HTMLElement) => el.querySelector('output')!.getAttribute('data-clean');

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

const DIRTY = '<p>Hi<img src=x onerror="alert(1)"><script>alert(2)</script></p>';

describe('useSanitized', () => {
  it('sanitises in a browser render once DOMPurify is there (no handler, no script)', async () => {
    await loadSanitizer();
    const el = document.createElement('div');
    root = createRoot(el);
    act(() => root!.render(createElement(Probe, { html: DIRTY })));
    expect(answer(el)).toBe('<p>Hi<img src="x"></p>');
  });

  it('keeps the server markup of the HTML it was hydrated with, and sanitises once the HTML changes', async () => {
    await loadSanitizer();
    const el = document.createElement('div');
    // The first render happens while a hydration is under way (what main.tsx's hydrateRoot does).
    const hydrated = hydrateInTasks(() => {
      root = createRoot(el);
      act(() => root!.render(createElement(Probe, { html: DIRTY })));
    });
    expect(answer(el)).toBe('');
    await act(async () => {
      await hydrated;
      await whenSettled();
    });
    // Settled, DOMPurify loaded: the hydrated HTML is left to the server's markup.
    expect(answer(el)).toBe('');
    act(() => root!.render(createElement(Probe, { html: DIRTY })));
    expect(answer(el)).toBe('');
    // Another product's HTML: sanitised, and from then on every HTML is (back to the first one too).
    act(() => root!.render(createElement(Probe, { html: '<b>Next</b><script>x()</script>' })));
    expect(answer(el)).toBe('<b>Next</b>');
    act(() => root!.render(createElement(Probe, { html: DIRTY })));
    expect(answer(el)).toBe('<p>Hi<img src="x"></p>');
  });
});
