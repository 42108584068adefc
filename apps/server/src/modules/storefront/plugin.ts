import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PREVIEW_THEME_QUERY_PARAM } from '@backroom/theme';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { notFound } from '../../lib/errors.js';
import { DEMO_ASSETS_DIR } from '../../lib/paths.js';
import type { App } from '../../lib/types.js';
import { loadBootstrap } from './bootstrap.js';
import { hostWithoutPort, StorefrontHosts, type StorefrontStore } from './host.js';
import storefrontRoutes from './routes.js';

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
 */
export function storefrontCsp(config: Config, preview: boolean, nonce?: string): string {
  const scripts = !nonce ? "'none'" : preview ? `'self' 'nonce-${nonce}'` : `'nonce-${nonce}' 'strict-dynamic' 'self'`;
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' http: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
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
  app.decorateRequest('storefront', null);

  let indexCache: { mtimeMs: number; html: string } | null = null;
  const readIndex = (): string | null => {
    const file = join(root, 'index.html');
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (!indexCache || indexCache.mtimeMs !== mtimeMs) indexCache = { mtimeMs, html: readFileSync(file, 'utf8') };
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
    const boot = await loadBootstrap(app.db, app.config, store, { previewThemeId });
    const tag = `<script id="sf-bootstrap" type="application/json">${jsonForScript(boot)}</script>`;
    const nonce = randomBytes(18).toString('base64');
    const titled = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(store.name)}</title>`);
    const out = withNonce(titled, nonce).replace('</head>', `${tag}</head>`);
    reply.header('content-security-policy', storefrontCsp(app.config, preview, nonce));
    reply.header('cache-control', 'no-cache');
    return reply.status(200).type('text/html; charset=utf-8').send(out);
  };

  const serveFileFrom = async (req: FastifyRequest, reply: FastifyReply, dir: string, path: string) => {
    const immutable = dir === root && path.startsWith('/assets/');
    const res = await send(req.raw, path, { root: dir, index: false, dotfiles: 'deny', immutable, maxAge: immutable ? '365d' : '1h' });
    if (res.type !== 'file') throw notFound('File');
    return reply.status(res.statusCode).headers(res.headers).send(res.stream);
  };
  const serveFile = (req: FastifyRequest, reply: FastifyReply, path: string) => serveFileFrom(req, reply, root, path);
  /** Demo pictures: `/demo-assets/…` from the committed demo folder (media files: the media module's `/uploads/*` route). */
  const mediaDirs = (): [string, string][] => [['/demo-assets/', DEMO_ASSETS_DIR]];

  app.addHook('onRequest', async (req, reply) => {
    const host = hostWithoutPort(req.headers.host);
    const path = (req.url.split('?')[0] ?? '/').replace(/\/{2,}/g, '/');
    const store = await hosts.resolve(host);
    if (!store) {
      if (path.startsWith('/api/storefront/') || (!hosts.isAdminHost(host) && hosts.isSystemDomainShape(host))) throw notFound('Store');
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
    const last = path.slice(path.lastIndexOf('/') + 1);
    if (last.includes('.')) return serveFile(req, reply, path);
    return serveIndex(req, reply, store, preview);
  });

  await storefrontRoutes(app);
}
/** Registered unencapsulated (fastify-plugin): its onRequest hook and `req.storefront` apply to every route. */
export default fp(storefrontPlugin, { name: 'storefront-host', fastify: '5.x' });
