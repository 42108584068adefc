import DOMPurify from 'dompurify';

/**
 * Sanitises merchant HTML before it reaches the page (issue 5 item 3: review body_html, checkout customHtml, rich
 * texts): DOMPurify's HTML profile, no scripts/handlers/javascript: URLs, no forms; links open safely.
 */
export function sanitize(html: string): string {
  if (serverSanitize) return serverSanitize(html ?? '');
  return DOMPurify.sanitize(html ?? '', {
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

/** Replaces `{name}` placeholders in a merchant text (e.g. "Spend {amount} more"). */
export function fill(text: string, vars: Record<string, string | number>): string {
  return (text ?? '').replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}
