/**
 * "The shop domains changed" (issue 11 item 1): the domains module raises it after connecting, verifying, removing
 * or re-prioritising a domain; the storefront's host resolver drops its cached answers when it hears it. In one
 * process that is immediate; other processes keep their short-lived cache entries at most until they expire
 * (modules/storefront/host.ts HOST_CACHE_MS, MISS_CACHE_MS).
 */
const bus = new EventTarget();

/** Tells every listener of this process that some shop's domains changed. */
export function domainsChanged(): void {
  bus.dispatchEvent(new Event('change'));
}

/** Calls `listener` whenever domains change in this process; returns the unsubscribe function. */
export function onDomainsChanged(listener: () => void): () => void {
  bus.addEventListener('change', listener);
  return () => bus.removeEventListener('change', listener);
}
