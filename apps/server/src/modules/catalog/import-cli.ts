import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_IMPORT_BYTES } from '@backroom/contracts';
import { and, eq, or } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { type Database, openDatabase } from '../../db/client.js';
import { domains, stores } from '../../db/schema/index.js';
import { HttpError } from '../../lib/errors.js';
import { mediaStorageFor } from '../media/index.js';
import { importProductsCsv } from './import.js';

const USAGE = `Usage: npm run import -- --store <domain or handle> <file.csv>

Imports a Shopify product CSV into a shop, like POST /api/products/import:
  --store   the shop's domain host (demo.localhost) or its handle (demo)
Prints created/updated/skipped counts and every rejected row with its line and reason.
Uses DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR (default ./data).`;

/**
 * The store whose verified domain host or handle is `key` (a host may carry a :port, which is ignored). Only a verified
 * domain counts: several shops may hold a pending claim on one host (issue 29 item 9), and only the verified one owns it.
 */
async function findStore(database: Database, key: string) {
  const host = key
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[:/].*$/, '');
  const [row] = await database.db
    .select({ id: stores.id, name: stores.name, handle: stores.handle })
    .from(stores)
    .leftJoin(domains, and(eq(domains.storeId, stores.id), eq(domains.status, 'verified')))
    .where(or(eq(domains.host, host), eq(stores.handle, host)))
    .limit(1);
  return row ?? null;
}

/** `npm run import`: imports one CSV file into the shop named by --store; exit code 1 on a file-level error. */
async function main() {
  const { values, positionals } = parseArgs({
    options: { store: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) return console.log(USAGE);
  if (!values.store || positionals.length !== 1) throw new Error(`--store and one file are required\n\n${USAGE}`);
  const path = resolve(positionals[0]!);
  if (!existsSync(path)) throw new Error(`file: ${path} does not exist`);
  if (statSync(path).size > MAX_IMPORT_BYTES) throw new Error('file: the CSV is larger than the 60 MB limit; split it into smaller files');
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const store = await findStore(database, values.store);
    if (!store) throw new Error(`--store: no shop has the domain or handle '${values.store}'`);
    const started = Date.now();
    const r = await importProductsCsv(database.db, {
      storeId: store.id,
      dataDir: config.dataDir,
      path,
      storage: mediaStorageFor(config),
      fetchAllow: config.fetchAllowAddresses,
    });
    console.log(
      `Imported ${positionals[0]} into ${store.name} (${store.handle}) in ${((Date.now() - started) / 1000).toFixed(1)} s, read as ${r.encoding}`,
    );
    console.log(`  rows ${r.rows}: created ${r.created}, updated ${r.updated}, skipped ${r.skipped} (unchanged)`);
    console.log(`  variants written ${r.variants}, pictures written ${r.images} (${r.imagesStored} stored, ${r.imagesRemote} kept remote)`);
    for (const w of r.warnings) console.log(`  warning: ${w}`);
    if (r.rejected.length) {
      console.log(`  rejected rows (${r.rejected.length}):`);
      for (const x of r.rejected) console.log(`    row ${x.row}${x.handle ? ` (${x.handle})` : ''}: ${x.reason}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof HttpError ? err.messages.join('\n') : err instanceof Error ? err.message : err);
  process.exit(1);
});
