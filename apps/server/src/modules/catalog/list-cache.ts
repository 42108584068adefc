import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';

/**
 * How long a remembered answer may go without being re-validated (ms). It bounds how old a remembered snapshot can
 * be, which is what makes pruning `catalog_changes` safe (see `pruneCatalogChanges`).
 */
export const CATALOG_CACHE_TTL_MS = 5 * 60_000;

/** How often each server copy prunes `catalog_changes` (ms); must exceed CATALOG_CACHE_TTL_MS. */
export const CATALOG_PRUNE_INTERVAL_MS = 10 * 60_000;

/** How many answers one server copy remembers (the least recently used are dropped past it). */
const MAX_ENTRIES = 2000;

/** A remembered answer: the PostgreSQL snapshot (`pg_current_snapshot()` as text) it was read in, and when (ms). */
export interface CatalogCacheEntry<T> {
  snap: string;
  value: T;
  at: number;
}

/**
 * Answers of a store's catalog reads, each kept with the snapshot that read it (issue 14 item 1: the admin product
 * list is the bench's authenticated read, and building its page in PostgreSQL costs ~15 primary-key reads).
 *
 * It never answers stale: a remembered answer is used only after the database confirms, in the same statement as the
 * fresh read would run (`catalogStaleSql`), that no transaction invisible to its snapshot has written the store's
 * catalog since — `catalog_changes`, kept by triggers (migration 0027), so writes by any copy of the server, by a
 * background job or by hand all count, and a transaction still running when the answer was read counts once it
 * commits. There is no invalidation to deliver, so nothing can be missed.
 * Keys are the caller's (store id first); at most MAX_ENTRIES, least recently used dropped.
 */
export class CatalogReadCache<T> {
  private readonly entries = new Map<string, CatalogCacheEntry<T>>();

  /** The entry of `key` when it is younger than CATALOG_CACHE_TTL_MS (`now` in ms), else undefined. */
  get(key: string, now = Date.now()): CatalogCacheEntry<T> | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (now - e.at >= CATALOG_CACHE_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last, so the first key is the one to drop.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  /** Remembers `value` as read in snapshot `snap` (read now, `now` in ms). */
  set(key: string, snap: string, value: T, now = Date.now()): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { snap, value, at: now });
  }

  /** How many answers are remembered (for the tests). */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * SQL (boolean) that is true when an answer read in snapshot `snap` (text, or null for "nothing remembered") may no
 * longer hold for `storeId`: a transaction that snapshot could not see (still running then, or started after) has
 * since written the store's catalog. Transactions below the snapshot's xmin had all ended before it, so only the
 * store's rows from xmin up are read (primary key (store_id, xid)). Used inside the read's own statement.
 */
export function catalogStaleSql(storeId: string, snap: string | null) {
  return sql`(${snap}::text is null or exists (
      select 1 from catalog_changes c
      where c.store_id = ${storeId}::uuid and c.xid >= pg_snapshot_xmin(${snap}::pg_snapshot)
        and not pg_visible_in_snapshot(c.xid, ${snap}::pg_snapshot)))`;
}

/**
 * Deletes the `catalog_changes` rows no remembered answer can need, and returns the horizon for the next call.
 * `previous` is the horizon this function returned on its previous call (null on the first): the xmin of a snapshot
 * taken then, at least CATALOG_PRUNE_INTERVAL_MS ago. Every transaction below it had ended by then, so every snapshot
 * taken since sees it, and every answer still in use (younger than CATALOG_CACHE_TTL_MS < the interval) was read in
 * such a snapshot: rows below `previous` can no longer make any answer stale. Safe with many server copies, each
 * pruning with its own horizon.
 */
export async function pruneCatalogChanges(db: Db, previous: string | null): Promise<string> {
  if (previous) await db.execute(sql`delete from catalog_changes where xid < ${previous}::xid8`);
  const [row] = await rows<{ horizon: string }>(db, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`);
  return row!.horizon;
}
