import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '../../lib/types.js';

/**
 * Serves the built admin SPA: assets under /assets, and index.html for every /auth/* and /admin/* path (SPA
 * fallback, so a reload of /admin/analytics?… restores the view). `/` redirects to /admin. With no build
 * (root null) those paths answer 503 with a hint to run `npm run build`. Files are sent precompressed (`.br`, `.gz`
 * from the build) when the client accepts it; immutable caching for /assets (issue 16 item 2).
 */
export default async function adminStatic(app: App, opts: { root: string | null }) {
  if (!opts.root) {
    const hint = async (_req: unknown, reply: { status: (n: number) => { send: (b: unknown) => unknown } }) =>
      reply.status(503).send({ statusCode: 503, code: 'NO_BUILD', messages: ['The admin is not built: run `npm run build`'] });
    app.get('/admin', hint);
    app.get('/admin/*', hint);
    app.get('/auth/*', hint);
    return;
  }
  const root = opts.root;
  // preCompressed: the build writes `.br`/`.gz` beside each file (scripts/precompress.mjs); they are sent for
  // clients that accept them (br before gzip), with `vary: accept-encoding` (issue 16 item 2).
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: true,
    serve: false,
    preCompressed: true,
  });
  await app.register(fastifyStatic, {
    root: join(root, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
  });
  const index = async (
    _req: unknown,
    reply: { header: (k: string, v: string) => void; sendFile: (f: string, o: { cacheControl: boolean }) => unknown },
  ) => {
    reply.header('cache-control', 'no-cache');
    // cacheControl: false keeps the no-cache above (send would replace it with its own max-age=0).
    return reply.sendFile('index.html', { cacheControl: false });
  };
  app.get('/', { schema: { hide: true } }, async (_req, reply) => reply.redirect('/admin'));
  app.get('/admin', { schema: { hide: true } }, index as never);
  app.get('/admin/*', { schema: { hide: true } }, index as never);
  app.get('/auth/*', { schema: { hide: true } }, index as never);
  app.get('/favicon.svg', { schema: { hide: true } }, async (_req, reply) => reply.sendFile('favicon.svg'));
}
