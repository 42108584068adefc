/**
 * The two reference servers of `npm run bench:api` (issue 14 item 1), each started as its own process:
 *
 *   node --import tsx bench/api/baseline.ts hello <port>             bare Fastify 5 answering {hello: 'world'}
 *   node --import tsx bench/api/baseline.ts pg <port> <postgres-url>  bare Fastify 5 + `pg` Pool (10 connections)
 *   node --import tsx bench/api/baseline.ts pglite <port>            bare Fastify 5 + in-memory PGlite
 *
 * The database variants answer GET /three with THREE sequential primary-key lookups on a 1,000-row table of their
 * own (`bench_baseline`, created here): the floor of what an authenticated read costs (session, membership, the
 * route's own row) with no framework of ours around it. Prints `listening` when ready.
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const [mode, portArg, url] = process.argv.slice(2);
const port = Number(portArg);

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

async function openQuery(): Promise<Query | null> {
  const setup = [
    'create table if not exists bench_baseline (id int primary key, name text not null, n int not null)',
    `insert into bench_baseline select g, 'row ' || g, g * 7 from generate_series(1, 1000) g on conflict do nothing`,
  ];
  if (mode === 'pg') {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    for (const s of setup) await pool.query(s);
    return (text, params) => pool.query(text, params);
  }
  if (mode === 'pglite') {
    const db = new PGlite('memory://');
    for (const s of setup) await db.query(s);
    return (text, params) => db.query(text, params);
  }
  return null;
}

const query = await openQuery();
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
if (query) {
  const q = 'select id, name, n from bench_baseline where id = $1';
  app.get('/three', async () => {
    const id = 1 + Math.floor(Math.random() * 1000);
    const a = await query(q, [id]);
    const b = await query(q, [1 + (id % 1000)]);
    const c = await query(q, [1 + ((id + 1) % 1000)]);
    return { a: a.rows[0], b: b.rows[0], c: c.rows[0] };
  });
}
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write('listening\n');
