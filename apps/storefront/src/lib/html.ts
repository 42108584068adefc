import { useBrowserValue } from './hydration';

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
 * while hydrating); once DOMPurify is there the same markup is written again only if it differs.
 */
export function useSanitized(html: string): string {
  const on = useBrowserValue(subscribe, ready, readyOnServer);
  return on ? sanitize(html) : '';
}

/** Replaces `{name}` placeholders in a merchant text (e.g. "Spend {amount} more"). */
export function fill(text: string, vars: Record<string, string | number>): string {
  return (text ?? '').replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}
