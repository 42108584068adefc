import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, createBrotliCompress, createGzip, gzip, constants as zlib } from 'node:zlib';
import { PIXEL_ORIGINS, type PixelNetwork, type StorefrontPixelsConfig } from '@backroom/contracts';
import { PREVIEW_THEME_QUERY_PARAM } from '@backroom/theme';
import { negotiate } from '@fastify/accept-negotiator';
import send, { isUtf8MimeType, mime } from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { notFound } from '../../lib/errors.js';
import { DEMO_ASSETS_DIR } from '../../lib/paths.js';
import type { App } from '../../lib/types.js';
import { googleFeed } from '../feeds/index.js';
import { storefrontPixelsConfig } from '../pixels/index.js';
import { loadBootstrap } from './bootstrap.js';
import { hostWithoutPort, StorefrontHosts, type StorefrontStore } from './host.js';
import storefrontRoutes from './routes.js';
import {
  type CachedRender,
  collectMarkup,
  injectFetch,
  isCacheablePath,
  NONCE_SLOT,
  pageStream,
  parseCachedRender,
  rendererLoader,
  themeVersion,
  withRequestNonce,
} from './ssr.js';
import { NOINDEX_META, storefrontPageStatus } from './status.js';

/** Where every shop's Google Merchant feed is served, on its storefront origin (issue 13 item 9). */
const GOOGLE_FEED_PATH = '/feeds/google.xml';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop of a storefront request (set by the host routing hook); null on the admin host. */
    storefront: StorefrontStore | null;
  }
}

/**
 * The Content-Security-Policy of storefront responses (issue 5 lead notes; issue 14 item 5 "one shop runs script on
 * another shop's origin"): framable only by the admin origin (`frame-ancestors 'self' <adminOrigin>`, no
 * X-Frame-Options), and no blanket `https:` scripts. Scripts:
 * - the page itself (`nonce` given, index.html): only elements carrying this response's nonce — the storefront
 *   bundle, its module preloads (Vite reads `<meta property="csp-nonce">` for the lazy ones) — plus, on the public
 *   site, what they load at run time (`'strict-dynamic'`): the merchant's customJs (/api/storefront/custom.js,
 *   added by the checkout page) and the scripts customJs itself adds, so it keeps working; the preview
 *   (`?preview=1`) never gets customJs and has no `'strict-dynamic'`. `'self'` is the fallback of CSP2 browsers.
 * - every other response (API JSON, files, pictures, an SVG opened directly): `script-src 'none'`.
 * `networks` (issue 17 item 6): the ad networks whose pixel fires on this public page. Each adds its tag's origin to
 * `script-src` (for CSP2 browsers; CSP3 ones already trust the tag the nonce'd loader inserts, `'strict-dynamic'`),
 * the origins it sends events to to `connect-src` and its frames to `frame-src` (PIXEL_ORIGINS) — only then, so a
 * shop without pixels keeps `connect-src 'self'`.
 */
export function storefrontCsp(config: Config, preview: boolean, nonce?: string, networks: readonly PixelNetwork[] = []): string {
  const tags = [...new Set(networks)].map((n) => PIXEL_ORIGINS[n]);
  const extra = (pick: (o: (typeof tags)[number]) => readonly string[]) => [...new Set(tags.flatMap(pick))].map((o) => ` ${o}`).join('');
  const scripts = !nonce
    ? "'none'"
    : preview
      ? `'self' 'nonce-${nonce}'`
      : `'nonce-${nonce}' 'strict-dynamic' 'self'${extra((o) => o.script)}`;
  const frames = extra((o) => o.frame);
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' http: https:",
    "font-src 'self' data:",
    `connect-src 'self'${extra((o) => o.connect)}`,
    ...(frames ? [`frame-src 'self'${frames}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self' ${config.adminOrigin}`,
  ].join('; ');
}

/**
 * Puts `nonce` on every `<script>` and `<link rel="modulepreload">` of the built index.html and adds Vite's
 * `<meta property="csp-nonce">`, which its preload helper copies onto the module preloads it adds later.
 */
export function withNonce(html: string, nonce: string): string {
  return html
    .replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`)
    .replace(/<link(?=[^>]*\brel="modulepreload")/g, `<link nonce="${nonce}"`)
    .replace('</head>', `<meta property="csp-nonce" nonce="${nonce}"></head>`);
}

/** Longest wait, ms from the end of parsing, before a server-rendered page asks for its script anyway (afterFirstPaint). */
const SCRIPT_WAIT_MAX_MS = 2500;

/**
 * The built entry `<script type="module" src="/assets/….js">` and its `<link rel="modulepreload">`s, replaced by one
 * inline module script that adds the same elements once the page has loaded and painted: after the `load` event (the
 * first screen's pictures and fonts are in), a `requestAnimationFrame` and a `setTimeout` (after that frame), or
 * SCRIPT_WAIT_MAX_MS after parsing, whichever comes first; a hidden page (it paints no frame) at once. For
 * server-rendered pages only (issue 16 items 1 and 3: shoppers see the page painted before the script runs). Why: a
 * module script that has loaded by the end of parsing runs before the first paint, and its ~50 KB came down the link
 * with the first screen's pictures and fonts: on a slow phone link (Lighthouse's simulated 1.6 Mbps, six
 * connections per origin) the script held back the first paint and the largest picture (LCP 2.0–2.3 s). The cost:
 * the page is hydrated after `load` (its links work before, as plain links to server-rendered pages). Without an
 * entry script the HTML is returned as it is.
 */
export function afterFirstPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/.exec(html);
  if (!entry) return html;
  const preloads: string[] = [];
  const rest = html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  const loader =
    `<script type="module">{const go=()=>{for(const h of ${JSON.stringify(preloads)}){const l=document.createElement('link');` +
    `l.rel='modulepreload';l.href=h;document.head.append(l)}const s=document.createElement('script');s.type='module';` +
    `s.src=${JSON.stringify(entry[1])};document.head.append(s)};let gone=false;const once=()=>{if(!gone){gone=true;go()}};` +
    `if(document.visibilityState==='hidden')once();else{const later=()=>requestAnimationFrame(()=>setTimeout(once));` +
    `document.readyState==='complete'?later():addEventListener('load',later,{once:true});setTimeout(once,${SCRIPT_WAIT_MAX_MS})}}</script>`;
  return rest.replace('</head>', `${loader}</head>`);
}

/** Paths of the admin face that answer 404 on a storefront host (issue 5 lead notes "Host routing"). */
export function isAdminPath(path: string): boolean {
  return (
    path === '/admin' ||
    path.startsWith('/admin/') ||
    path === '/auth' ||
    path.startsWith('/auth/') ||
    path === '/api' ||
    (path.startsWith('/api/') && !path.startsWith('/api/storefront/'))
  );
}

/** Escapes JSON for a `<script type="application/json">` element: no `<`, `>`, `&`, U+2028/9 that could end it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** File suffix of the build's precompressed copies, by content coding (scripts/precompress.mjs). */
const PRECOMPRESSED_EXT = { br: '.br', gzip: '.gz' } as const;

/**
 * The content coding to send a built file in for this `Accept-Encoding` header: 'br' preferred over 'gzip' at equal
 * weight, `*` counts as gzip, null for a missing header, `identity` or only unsupported codings (issue 16 item 2).
 */
export function precompressedEncoding(header: string | string[] | undefined): keyof typeof PRECOMPRESSED_EXT | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  return negotiate(value.toLowerCase().replace(/\*/g, 'gzip'), ['br', 'gzip'] as const);
}

/** Brotli for answers made on the fly: quality 4, as @fastify/compress uses (11 costs ~10× the time for ~10 % less). */
const BROTLI_ON_THE_FLY = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };
/** Answers under this many bytes go out as they are (the app-wide @fastify/compress threshold, app.ts). */
const COMPRESS_THRESHOLD = 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Sends a storefront answer made by the host hook (the page, the feed) in the content coding the client accepts:
 * br before gzip, none for `identity`, no Accept-Encoding or under 1 KiB; `vary: accept-encoding` either way (issue 16
 * item 2). Why not @fastify/compress: it hooks onto routes only (`onRoute`), and these answers are sent from the
 * `onRequest` hook, mostly for paths no route matches (`/collections/…`, `/products/…`), so they went out
 * uncompressed — a collection page 80 KB instead of ~15 KB on a phone's first screen. `body` is a string or, for a
 * page rendered as it streams, a stream (compressed as it flows; no content-length).
 */
async function sendCompressed(req: FastifyRequest, reply: FastifyReply, body: string | Readable) {
  reply.header('vary', 'accept-encoding');
  const encoding = precompressedEncoding(req.headers['accept-encoding']);
  if (!encoding || (typeof body === 'string' && Buffer.byteLength(body) < COMPRESS_THRESHOLD)) return reply.send(body);
  reply.header('content-encoding', encoding);
  if (typeof body === 'string') {
    return reply.send(encoding === 'br' ? await brotliAsync(body, BROTLI_ON_THE_FLY) : await gzipAsync(body));
  }
  const zip = encoding === 'br' ? createBrotliCompress(BROTLI_ON_THE_FLY) : createGzip();
  return reply.send(pipeline(body, zip, (err) => err && req.log.error({ err }, 'storefront page stream failed')));
}

/**
 * Inlines the build's stylesheets (`<link rel="stylesheet" href="/assets/….css">`) into index.html as `<style>`
 * (issue 16 item 3: the first screen's CSS comes with the page, no render-blocking request). The whole storefront
 * stylesheet is ~7 KB compressed, so all of it is the critical CSS. Built CSS addresses are absolute (`/assets/…`),
 * so they mean the same inline. A stylesheet that cannot be read stays a link.
 */
function inlineStylesheets(html: string, root: string): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"?#]+\.css)">/g, (tag, href: string) => {
    const file = join(root, href);
    if (!existsSync(file)) return tag;
    return `<style>${readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * `<script id="sf-pixels" type="application/json">` with the shop's pixels and consent setting (issue 17 item 6),
 * or '' when the shop has neither a pixel nor the banner: then the storefront never loads its pixel chunk.
 */
function pixelsTag(config: StorefrontPixelsConfig | null): string {
  if (!config || (!config.pixels.length && !config.consentBanner)) return '';
  return `<script id="sf-pixels" type="application/json">${jsonForScript(config)}</script>`;
}

/** The element of the built index.html the storefront renders into. */
const ROOT_ELEMENT = '<div id="root"></div>';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Host routing of the storefront (DESIGN.md "One process, three faces"). Registered at the root (no
 * encapsulation) before the admin static plugin; an `onRequest` hook decides by `Host`:
 * - the admin host (localhost, 127.0.0.1, ADMIN_ORIGIN's host): nothing changes, except that
 *   `/api/storefront/*` answers 404 there;
 * - a shop's host (a `domains` row or `{handle}.{STOREFRONT_SUFFIX}`): `/api/storefront/*` goes on to its routes
 *   with `req.storefront` set, `/uploads/*` goes on to the media module's route (which serves only this shop's
 *   files), `/demo-assets/*` to its route (or, with none registered, the demo assets folder), other admin paths answer 404, files
 *   of apps/storefront/dist are served (assets immutable), and every other GET answers index.html with the
 *   shop's bootstrap inlined (the SPA fallback); security headers are the storefront's (see storefrontCsp);
 * - `{x}.{STOREFRONT_SUFFIX}` with no such shop: 404.
 */
async function storefrontPlugin(app: App, opts: { root?: string }) {
  const root = opts.root ?? app.config.storefrontDist;
  const hosts = new StorefrontHosts(app.db, app.config);
  app.addHook('onClose', async () => hosts.close());
  app.decorateRequest('storefront', null);

  const renderer = rendererLoader(root);
  let indexCache: { mtimeMs: number; html: string } | null = null;
  const readIndex = (): string | null => {
    const file = join(root, 'index.html');
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (!indexCache || indexCache.mtimeMs !== mtimeMs) indexCache = { mtimeMs, html: inlineStylesheets(readFileSync(file, 'utf8'), root) };
    return indexCache.html;
  };

  const serveIndex = async (req: FastifyRequest, reply: FastifyReply, store: StorefrontStore, preview: boolean) => {
    const html = readIndex();
    if (!html) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Storefront not built</title><p>The storefront is not built: run <code>npm run build</code>.</p>');
    }
    const previewThemeId = new URLSearchParams(req.url.split('?')[1] ?? '').get(PREVIEW_THEME_QUERY_PARAM);
    // Ad pixels (issue 17 item 6) never fire in the editor's preview frame nor in a theme preview.
    // Real 404s / 410s (issue 31 item 4): decided from the database for every route kind; the editor's preview
    // frame renders whatever it is asked for, as before.
    const [boot, pixels, status] = await Promise.all([
      loadBootstrap(app.db, app.config, store, { previewThemeId }),
      preview || previewThemeId ? null : storefrontPixelsConfig(app.db, store.id),
      preview ? 200 : storefrontPageStatus(app.db, store.id, (req.url.split('?')[0] ?? '/').replace(/\/{2,}/g, '/')),
    ]);
    const tag = `<script id="sf-bootstrap" type="application/json">${jsonForScript(boot)}</script>${pixelsTag(pixels)}`;
    const nonce = randomBytes(18).toString('base64');
    const titled = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(store.name)}</title>${status === 200 ? '' : NOINDEX_META}`);
    // Server-rendered (issue 16 item 1), except in the editor's preview frame, which renders in the browser from
    // the configs the editor posts. A render that fails is logged and the client-only page is served instead.
    const render = !preview && titled.includes(ROOT_ELEMENT) ? await renderer() : null;
    // A server-rendered page paints before its script is asked for (afterFirstPaint); a browser-rendered one has
    // nothing to paint without it.
    const finish = (deferred: boolean) => withNonce(deferred ? afterFirstPaint(titled) : titled, nonce).replace('</head>', `${tag}</head>`);
    const out = finish(render !== null);
    const networks = pixels?.pixels.map((p) => p.network) ?? [];
    reply.header('content-security-policy', storefrontCsp(app.config, preview, nonce, networks));
    reply.header('cache-control', 'no-cache');
    reply.status(status).type('text/html; charset=utf-8');
    if (status !== 200) reply.header('x-robots-tag', 'noindex');
    const at = out.indexOf(ROOT_ELEMENT);
    if (render) {
      const page = (r: CachedRender) => {
        const head = `${out.slice(0, at).replace('</head>', `${r.head}</head>`)}<div id="root">`;
        const tail = `</div><script id="sf-state" type="application/json">${r.state}</script>${out.slice(at + ROOT_ELEMENT.length)}`;
        return { head, tail };
      };
      // The page cache (issue 18 item 5): by shop, URL and theme version; never a preview_theme_id page nor the
      // shopper's own pages. `x-page-cache` says what happened (hit, miss, bypass).
      const url = new URL(req.url, 'http://storefront.invalid');
      const key = `${url.pathname}${url.search}`;
      // Not-found pages are not cached either: any path can be one, and they would crowd out the shop's pages.
      const cacheable = !previewThemeId && status === 200 && isCacheablePath(url.pathname);
      const version = themeVersion(boot);
      try {
        if (cacheable) {
          const kept = await app.pageCache.get(store.id, key, version);
          const hit = kept ? parseCachedRender(kept) : null;
          if (hit) {
            const mine = withRequestNonce(hit, nonce);
            const p = page(mine);
            reply.header('x-page-cache', 'hit');
            return sendCompressed(req, reply, `${p.head}${mine.markup}${p.tail}`);
          }
        }
        const rendered = await render.render({
          href: req.url,
          boot,
          fetch: injectFetch(app, req),
          nonce: cacheable ? NONCE_SLOT : nonce,
        });
        const state = jsonForScript(rendered.state);
        if (!cacheable) {
          const p = page({ markup: '', state, head: rendered.head });
          reply.header('x-page-cache', 'bypass');
          return sendCompressed(req, reply, pageStream(p.head, rendered.pipe, p.tail));
        }
        const made: CachedRender = { markup: await collectMarkup(rendered.pipe), state, head: rendered.head };
        await app.pageCache.set(store.id, key, version, JSON.stringify(made));
        const mine = withRequestNonce(made, nonce);
        const p = page(mine);
        reply.header('x-page-cache', 'miss');
        return sendCompressed(req, reply, `${p.head}${mine.markup}${p.tail}`);
      } catch (err) {
        req.log.error({ err }, 'storefront server render failed; serving the client-rendered page');
      }
    }
    reply.header('x-page-cache', 'bypass');
    return sendCompressed(req, reply, render ? finish(false) : out);
  };

  const serveFileFrom = async (req: FastifyRequest, reply: FastifyReply, dir: string, path: string) => {
    const immutable = dir === root && path.startsWith('/assets/');
    const options = { root: dir, index: false, dotfiles: 'deny', immutable, maxAge: immutable ? '365d' : '1h' } as const;
    if (dir === root) {
      // The build's precompressed copy (scripts/precompress.mjs) when the client accepts one: br before gzip,
      // none for `identity` or no Accept-Encoding (issue 16 item 2). The answer varies on Accept-Encoding either way.
      reply.header('vary', 'accept-encoding');
      const encoding = precompressedEncoding(req.headers['accept-encoding']);
      if (encoding) {
        const res = await send(req.raw, `${path}${PRECOMPRESSED_EXT[encoding]}`, { ...options, contentType: false });
        if (res.type === 'file') {
          const type = mime.getType(path) ?? 'application/octet-stream';
          return reply
            .status(res.statusCode)
            .headers(res.headers)
            .header('content-type', isUtf8MimeType(type) ? `${type}; charset=utf-8` : type)
            .header('content-encoding', encoding)
            .send(res.stream);
        }
      }
    }
    const res = await send(req.raw, path, options);
    if (res.type !== 'file') throw notFound('File');
    return reply.status(res.statusCode).headers(res.headers).send(res.stream);
  };
  const serveFile = (req: FastifyRequest, reply: FastifyReply, path: string) => serveFileFrom(req, reply, root, path);
  /** Demo pictures: `/demo-assets/…` from the committed demo folder (media files: the media module's `/uploads/*` route). */
  const mediaDirs = (): [string, string][] => [['/demo-assets/', DEMO_ASSETS_DIR]];

  /** A shop host's request (or a host no shop answers to): see the plugin's description. */
  const route = async (req: FastifyRequest, reply: FastifyReply, host: string, path: string) => {
    const store = await hosts.resolve(host);
    if (!store) {
      if (path.startsWith('/api/storefront/') || hosts.isSystemDomainShape(host)) throw notFound('Store');
      return;
    }
    req.storefront = store;
    const preview = /[?&]preview=1(&|$)/.test(req.url);
    reply.removeHeader('x-frame-options');
    reply.header('content-security-policy', storefrontCsp(app.config, preview));
    // Same-origin requests carry the page URL (custom.js refuses a preview page); other origins get the origin only.
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (path.startsWith('/api/storefront/')) return;
    // Pictures the catalog points at: the app's own routes when registered, else served here from their folders.
    if (path.startsWith('/uploads/')) return;
    for (const [prefix, dir] of mediaDirs()) {
      if (path.startsWith(prefix)) return req.is404 ? serveFileFrom(req, reply, dir, path.slice(prefix.length - 1)) : undefined;
    }
    if (isAdminPath(path)) throw notFound('Page');
    if (req.method !== 'GET' && req.method !== 'HEAD') throw notFound('Page');
    if (path === GOOGLE_FEED_PATH) {
      // The Google Merchant feed (issue 13 item 9): built from the database on each request, so always current.
      const feed = await googleFeed(app.db, store.id, `${req.protocol}://${req.headers.host}`);
      reply.status(200).type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300');
      return sendCompressed(req, reply, feed.xml);
    }
    const last = path.slice(path.lastIndexOf('/') + 1);
    if (last.includes('.')) return serveFile(req, reply, path);
    return serveIndex(req, reply, store, preview);
  };

  // Every request passes here, so the admin's own host (every API call) is answered synchronously, with no promise:
  // nothing changes for it but `/api/storefront/*`, which is 404 there (issue 14 item 1: cheap requests).
  app.addHook('onRequest', (req, reply, done) => {
    const host = hostWithoutPort(req.headers.host);
    const path = (req.url.split('?')[0] ?? '/').replace(/\/{2,}/g, '/');
    if (!hosts.isAdminHost(host)) return route(req, reply, host, path);
    done(path.startsWith('/api/storefront/') ? notFound('Store') : undefined);
  });

  await storefrontRoutes(app);
}
/** Registered unencapsulated (fastify-plugin): its onRequest hook and `req.storefront` apply to every route. */
export default fp(storefrontPlugin, { name: 'storefront-host', fastify: '5.x' });
