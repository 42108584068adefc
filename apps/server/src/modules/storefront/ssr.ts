import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PassThrough, Transform, type Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { StorefrontBootstrap } from '@backroom/contracts';
import type { FastifyRequest } from 'fastify';
import { sanitizeMerchantHtml } from '../../lib/html.js';
import type { App } from '../../lib/types.js';

/** The server renderer built by `vite build --ssr` (apps/storefront/src/entry-server.tsx), as the server sees it. */
interface Renderer {
  installSanitizer(fn: (html: string) => string): void;
  render(input: {
    href: string;
    boot: StorefrontBootstrap;
    fetch: (url: string, init: RequestInit) => Promise<Response>;
    nonce: string;
  }): Promise<{ pipe: <W extends Writable>(out: W) => W; state: unknown; head: string }>;
}

/**
 * Loads the storefront's server renderer: `<storefront dist>/../dist-ssr/entry-server.js` (issue 16 item 1), once
 * per process. Null when it is not built (unit tests without `npm run build`): the page is then served as the
 * client-only shell, as before.
 */
export function rendererLoader(storefrontDist: string): () => Promise<Renderer | null> {
  const file = resolve(storefrontDist, '../dist-ssr/entry-server.js');
  let loading: Promise<Renderer | null> | null = null;
  return () => {
    loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then((m: Renderer) => {
          m.installSanitizer(sanitizeMerchantHtml);
          return m;
        })
      : Promise.resolve(null);
    return loading;
  };
}

/**
 * The storefront API as the server renderer calls it: the shop's own `/api/storefront/…` routes through
 * `app.inject` with the page request's Host (so the same shop, the same rules and answers as the browser gets),
 * never compressed. GET/HEAD only: a render never writes.
 */
export function injectFetch(app: App, req: FastifyRequest) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') throw new Error(`server render tried ${method} ${url}`);
    const res = await app.inject({ method, url, headers: { host: req.headers.host ?? '', accept: 'application/json' } });
    return new Response(new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? '') },
    });
  };
}

/**
 * The page as one stream: `head` (the built index.html up to and inside `<div id="root">`, with the inlined data),
 * React's markup, then `tail` (the rest of index.html). React ends what it pipes into, so the tail is written when
 * React's stream finishes.
 */
export function pageStream(head: string, pipe: <W extends Writable>(out: W) => W, tail: string): Transform {
  const out = new Transform({
    transform(chunk, _enc, cb) {
      cb(null, chunk);
    },
    flush(cb) {
      this.push(tail);
      cb();
    },
  });
  out.push(head);
  pipe(out);
  return out;
}

/**
 * What the page cache keeps of a server render (issue 18 item 5, issue 16 item 1): React's markup of `#root`, the
 * dehydrated query data (already escaped for its `<script>`) and the `<head>` additions (font preloads). Never the
 * whole page: the page carries the response's own CSP nonce, so the render is made with NONCE_SLOT in place of a
 * nonce and each response puts its nonce there (`withRequestNonce`).
 */
export interface CachedRender {
  markup: string;
  state: string;
  head: string;
}

/**
 * The stand-in nonce a cacheable render is made with (letters only, so React writes it as is); replaced by the
 * response's nonce on every answer, hit or miss.
 */
export const NONCE_SLOT = 'sfNonceSlot7d1c9f';

/** `render` with the response's `nonce` in place of NONCE_SLOT in each part. */
export function withRequestNonce(render: CachedRender, nonce: string): CachedRender {
  const put = (s: string) => s.replaceAll(NONCE_SLOT, nonce);
  return { markup: put(render.markup), state: render.state, head: put(render.head) };
}

/**
 * Paths that are never cached: the shopper's own pages (cart, checkout, thank-you with its order token, the
 * recovered checkout of a link), whatever a render could make of them. Everything else a server render produces is
 * the same for every shopper (the render reads no cookie: empty cart, the store's currency, the desktop viewport).
 */
export function isCacheablePath(path: string): boolean {
  return !(
    path === '/cart' ||
    path === '/checkout' ||
    path.startsWith('/thank-you/') ||
    path.startsWith('/checkouts/') ||
    path.startsWith('/account')
  );
}

/**
 * The theme version a page is cached under: the theme's id and a SHA-1 of the bootstrap the page is rendered from
 * (the published theme's newest config, the menus, the shop's name and currency), so a saved theme or menu is a new
 * version even before any purge reaches the cache. Hex, e.g. `3f0c…:9a1e…`.
 */
export function themeVersion(boot: StorefrontBootstrap): string {
  return `${boot.theme?.id ?? 'none'}:${createHash('sha1').update(JSON.stringify(boot)).digest('hex')}`;
}

/** React's whole markup as one string (what `pipe` writes until React ends the stream). */
export function collectMarkup(pipe: <W extends Writable>(out: W) => W): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const parts: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (c: Buffer | string) => parts.push(typeof c === 'string' ? Buffer.from(c) : c));
    sink.on('end', () => resolvePromise(Buffer.concat(parts).toString('utf8')));
    sink.on('error', reject);
    pipe(sink);
  });
}

/** A page cache entry read back (`JSON.stringify(CachedRender)`); null for anything else (then it is re-rendered). */
export function parseCachedRender(raw: string): CachedRender | null {
  try {
    const v = JSON.parse(raw) as Partial<CachedRender>;
    return typeof v.markup === 'string' && typeof v.state === 'string' && typeof v.head === 'string'
      ? { markup: v.markup, state: v.state, head: v.head }
      : null;
  } catch {
    return null;
  }
}
