// Precompresses a Vite build (issue 16 item 2): writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip,
// level 9) next to every text asset of the given dist folders, so the server sends them as they are
// (@fastify/static `preCompressed` for the admin, the storefront's own file route) instead of compressing on
// each request. Files under 1 KiB, or that would not shrink, get no compressed copy (the original is sent).
// Usage: node scripts/precompress.mjs <dist folder>…
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Extensions worth compressing: scripts, styles, markup, data, SVG and source maps (not PNG/WOFF2/JPEG). */
const TEXT = /\.(js|mjs|css|html|json|svg|map|txt|xml|webmanifest)$/;
/** Below this size (bytes) a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

/** Compresses one file; true when it was large enough to get compressed copies. */
async function compress(file) {
  const raw = await readFile(file);
  if (raw.length < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzipAsync(raw, { level: 9 }),
  ]);
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
  return true;
}

// zlib's asynchronous calls run on libuv's thread pool: one file per core at a time instead of one after another
// (brotli at quality 11 was 20 of the admin build's 33 s on two cores; issue 28 item 5). Same bytes either way.
const list = [];
for (const dist of process.argv.slice(2)) for await (const file of files(dist)) list.push(file);
let count = 0;
let next = 0;
await Promise.all(
  Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
    while (next < list.length) if (await compress(list[next++])) count += 1;
  }),
);
console.log(`precompress: ${count} files → .br and .gz`);
