import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DEFAULT_DEMO_ORDERS, DEFAULT_DEMO_SEED, DEMO_LOGINS, ensureDemoStore, seedDemo } from './seed.js';

const USAGE = `Usage: npm run seed -- [--orders N] [--seed S] [--reset] | [--if-empty]

Creates the two demo shops (demo, demo-home) with their logins, catalog, orders and storefront events.
  --orders N   total orders over both shops (default ${DEFAULT_DEMO_ORDERS}, spread over 92 days up to now)
  --seed S     PRNG seed; the same seed gives the same data, times relative to now (default ${DEFAULT_DEMO_SEED})
  --reset      delete the demo shops and demo logins first (required when they exist)
  --if-empty   what \`npm start\` does on an empty database: create the demo store only when there is no user yet
               (and SEED_DEMO is not false), with the defaults; run by scripts/build-cached.mjs --with-demo
Uses DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR (default ./data).`;

/** A non-negative integer option, or an error naming it. */
function intOption(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  if (!/^-?\d+$/.test(v.trim())) throw new Error(`--${name}: '${v}' is not an integer`);
  const n = Number(v);
  if (name === 'orders' && n < 0) throw new Error('--orders: must be 0 or more');
  return n;
}

/** `npm run seed`: parses the options, opens the database (migrating it) and runs seedDemo; exit code 1 on error. */
async function main() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'if-empty': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values['if-empty']) return ifEmpty();
  const orders = intOption('orders', values.orders, DEFAULT_DEMO_ORDERS);
  const seed = intOption('seed', values.seed, DEFAULT_DEMO_SEED);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const res = await seedDemo(database.db, config, { orders, seed, reset: values.reset, log: (m) => console.log(m) });
    console.log(`\nDemo data created in ${(res.ms / 1000).toFixed(1)} s (seed ${seed}).`);
    for (const s of res.storefronts) console.log(`  Storefront:  ${s}`);
    console.log('  Logins:');
    for (const l of DEMO_LOGINS) console.log(`    ${l.email.padEnd(20)} ${l.password}   (${l.role})`);
  } finally {
    await database.close();
  }
}

/**
 * `--if-empty`, the database half of a first `npm start` (issue 28 item 5): opens the database (which migrates it) and
 * runs ensureDemoStore as main.ts does (unless SEED_DEMO=false), then closes. scripts/build-cached.mjs --with-demo
 * runs it beside the admin and storefront builds when one of them has to be built, so the seed and the builds share
 * the two cores instead of following each other; the server started next finds the demo store and prints its URLs.
 */
async function ifEmpty() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (config.seedDemo) await ensureDemoStore(database.db, config, { log: (m) => console.log(m) });
  } finally {
    await database.close();
  }
}

// The whole error, stack included (config.ts is the one reader of process.env: no DEBUG switch of its own here).
main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
