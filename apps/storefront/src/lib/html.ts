import { useRef } from 'react';
import { isHydrating, useBrowserValue } from './hydration';

type Purify = typeof import('dompurify').default;

/**
 * Sanitises merchant HTML before it reaches the page (issue 5 item 3: review body_html, checkout customHtml, rich
 * texts): DOMPurify's HTML profile, no scripts/handlers/javascript: URLs, no forms; links open safely. On the server
 * the server's own rule (`setServerSanitizer`). In the browser DOMPurify is a chunk of its own, loaded after
 * hydration (issue 16 item 3: ~10 KB compressed kept out of the JavaScript before hydration); until it is there this
 * answers '' — never the merchant's HTML unsanitised. Components read it through `useSanitized`.
 */
function sanitize(html: string): string {
  if (serverSanitize) return serverSanitize(html ?? '');
  if (!purify) return '';
  return purify.sanitize(html ?? '', {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['form', 'input', 'button', 'style'],
    ADD_ATTR: ['target'],
  });
}

/** The server renderer's sanitiser (DOMPurify needs a DOM): the server's own merchant-HTML rule, set once. */
let serverSanitize: ((html: string) => string) | null = null;

/** Installs the sanitiser used where there is no DOM (the server renderer, issue 16 item 1). */
export function setServerSanitizer(fn: (html: string) => string): void {
  serverSanitize = fn;
}

/** DOMPurify once its chunk has loaded (browser only). */
let purify: Purify | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads DOMPurify's chunk (once; later calls answer the same promise) and re-renders every `useSanitized` reader.
 * main.tsx calls it after hydration and before a browser-only render (the preview frame), so merchant HTML is
 * there from that render's first paint.
 */
export function loadSanitizer(): Promise<void> {
  loading ??= import('dompurify').then((m) => {
    purify = m.default;
    for (const l of listeners) l();
  });
  return loading;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  void loadSanitizer();
  return () => listeners.delete(onChange);
}
const ready = () => purify !== null;
/** While hydrating the browser has no sanitiser yet (the server's HTML stays: hydration never sets innerHTML). */
const readyOnServer = () => serverSanitize !== null;

/**
 * `html` sanitised (see `sanitize`), or '' while the browser's sanitiser is loading. During hydration this is ''
 * and the renderer keeps the server's sanitised HTML in place (Preact does not apply `dangerouslySetInnerHTML`
 * while hydrating, nor later while the answer stays what it was). A component hydrated from the server keeps
 * answering '' for as long as its `html` is the one it was hydrated with: the DOM holds the server's sanitised
 * markup of exactly that HTML, so DOMPurify is not run over it again (its first run, a DOMParser document, cost a
 * 12 ms task after hydration, ~50 ms at Lighthouse's 4× CPU; issue 16: total blocking time). Once `html` changes
 * (another product, a preview edit) it is sanitised as usual, for good.
 */
export function useSanitized(html: string): string {
  const hydratedWith = useRef<string | null>(isHydrating() ? html : null);
  if (hydratedWith.current !== null && hydratedWith.current !== html) hydratedWith.current = null;
  const on = useBrowserValue(subscribe, ready, readyOnServer);
  if (hydratedWith.current !== null) return '';
  return on ? sanitize(html) : '';
}

/** Replaces `{name}` placeholders in a merchant text (e.g. "Spend {amount} more"). */
export function fill(text: string, vars: Record<string, string | number>): string {
  return (text ?? '').replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}
