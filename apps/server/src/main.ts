import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

/**
 * `npm start`: reads the config, opens the database (PGlite in DATA_DIR unless DATABASE_URL is set), migrates,
 * creates the demo store when the database is empty, listens, and prints the URL and the demo logins.
 * SIGINT/SIGTERM close the server and the database gracefully.
 * The server's modules (app.js: every route module and its dependencies, the largest part of a restart) are imported
 * while the database opens and checks its migrations, not before (issue 28 item 5: a restart prints the URL in
 * seconds).
 */
async function main() {
  const config = loadConfig();
  const [database, { buildApp }, { DEMO_LOGINS, ensureDemoStore }] = await Promise.all([
    openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize }),
    import('./app.js'),
    import('./demo/seed.js'),
  ]);
  const logger = {
    level: config.logLevel,
    ...(process.stdout.isTTY && !config.production ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
  };
  const app = await buildApp({ config, database, logger });
  const seeded = config.seedDemo ? await ensureDemoStore(database.db, config, { log: (m) => app.log.info(m) }) : null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Backroom is running (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
    '',
    `  Admin:       ${url}/auth/login`,
    `  API docs:    ${url}/api/docs`,
    ...(seeded ? seeded.storefronts.map((s) => `  Storefront:  ${s}`) : []),
    '',
    '  Demo logins:',
    ...DEMO_LOGINS.map((l) => `    ${l.email.padEnd(20)} ${l.password}   (${l.role})`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
