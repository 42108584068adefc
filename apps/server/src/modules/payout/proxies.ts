import {
  type GatewayGroup,
  type GroupBody,
  type GroupList,
  type PaymentProxy,
  type PoolStoreList,
  type ProxyBody,
  ProxyBody as ProxyBodySchema,
  type ProxyList,
  type SaveStoreProxiesBody,
} from '@backroom/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rows } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { sealSecret } from '../../lib/secrets.js';

/**
 * Payment gateways (issue 10 "Concepts" and item 3; spec admin-dashboard §7 "Proxies and gateway groups"). A proxy
 * is a payment-gateway account of the provider's pool; a gateway group a named set of proxies. A shop is served by
 * its directly assigned proxies (in their order) and by the proxies of its groups. Provider staff (PROVIDER_DOMAIN /
 * PROVIDER_EMAILS) manage the pool and assign it to any shop; a merchant reads and reorders their own shop's.
 * Lists are paged (`page` 1-based, `limit` default 10, spec §9).
 */

/** Who asks: the session's store and whether they are provider staff. */
export interface Asker {
  storeId: string;
  provider: boolean;
}

/** 403 unless provider staff: the pool is theirs. */
export function requireProvider(a: Asker): void {
  if (!a.provider) throw forbidden('Only provider staff manage the payment-gateway pool');
}

/**
 * The shop a call is about: `storeId` of the query/body (default: the session's store). Another shop is open to
 * provider staff only; for anyone else, and for an unknown shop, 404 'Store not found'.
 */
export async function targetStore(db: Db, a: Asker, storeId: string | undefined): Promise<string> {
  const target = storeId ?? a.storeId;
  if (target === a.storeId) return target;
  if (!a.provider) throw notFound('Store');
  const [s] = await rows(db, sql`select id from stores where id = ${target}::uuid`);
  if (!s) throw notFound('Store');
  return target;
}

interface ProxyRow {
  id: string;
  provider: string;
  display_name: string;
  account_id: string;
  status: string;
  via?: 'direct' | 'group' | null;
}
const PROXY_COLS = sql`p.id, p.provider, p.display_name, p.account_id, p.status`;

/** Rows → answers, with each proxy's groups when `withGroups`. */
async function toProxies(db: Db, list: ProxyRow[], withGroups: boolean): Promise<PaymentProxy[]> {
  const groups = new Map<string, { id: string; name: string }[]>();
  if (withGroups && list.length > 0) {
    const ids = sql.join(
      list.map((p) => sql`${p.id}::uuid`),
      sql`, `,
    );
    const gs = await rows<{ proxy_id: string; id: string; name: string }>(
      db,
      sql`select gp.proxy_id, g.id, g.name from gateway_group_proxies gp join gateway_groups g on g.id = gp.group_id
           where gp.proxy_id in (${ids}) order by g.name`,
    );
    for (const g of gs) groups.set(g.proxy_id, [...(groups.get(g.proxy_id) ?? []), { id: g.id, name: g.name }]);
  }
  return list.map((p) => ({
    id: p.id,
    provider: p.provider as PaymentProxy['provider'],
    displayName: p.display_name,
    accountId: p.account_id,
    status: p.status as PaymentProxy['status'],
    groups: groups.get(p.id) ?? [],
    via: p.via ?? null,
  }));
}

/** Runs a paged proxy query (`query` selects PROXY_COLS [+ via] ordered), with its total. */
async function pagedProxies(db: Db, query: SQL, page: number, limit: number, withGroups: boolean): Promise<ProxyList> {
  const [list, [total]] = await Promise.all([
    rows<ProxyRow>(db, sql`${query} limit ${limit} offset ${(page - 1) * limit}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from (${query}) q`),
  ]);
  return { proxies: await toProxies(db, list, withGroups), total: Number(total?.n ?? 0), page, limit };
}

/** The active proxies serving a shop: its direct ones in their order, then those of its groups by name. */
const servingQuery = (storeId: string) => sql`
  select * from (
    select ${PROXY_COLS}, 'direct' as via, sp.position as ord, p.display_name as dn
      from store_proxies sp join payment_proxies p on p.id = sp.proxy_id
     where sp.store_id = ${storeId}::uuid and p.status = 'active'
    union
    select ${PROXY_COLS}, 'group', 1000000, p.display_name
      from store_gateway_groups sg join gateway_group_proxies gp on gp.group_id = sg.group_id
      join payment_proxies p on p.id = gp.proxy_id
     where sg.store_id = ${storeId}::uuid and p.status = 'active'
       and not exists (select 1 from store_proxies d where d.store_id = ${storeId}::uuid and d.proxy_id = p.id)
  ) s order by ord, dn, id`;

/** GET store-proxies: the active proxies serving the shop, paged (the dashboard's check: limit 10, page 1, storeId). */
export function storeProxies(db: Db, storeId: string, page: number, limit: number): Promise<ProxyList> {
  return pagedProxies(db, servingQuery(storeId), page, limit, false);
}

/** Whether any active proxy serves the shop (the 'Notify' dialog and the onboarding step "Get a payment gateway"). */
export async function storeHasGateway(db: Db, storeId: string): Promise<boolean> {
  const [r] = await rows(db, sql`${servingQuery(storeId)} limit 1`);
  return !!r;
}

/** GET get-store-proxies: the shop's DIRECT assignments in their order, disabled ones included, paged. */
export function directStoreProxies(db: Db, storeId: string, page: number, limit: number): Promise<ProxyList> {
  return pagedProxies(
    db,
    sql`select ${PROXY_COLS}, 'direct' as via from store_proxies sp join payment_proxies p on p.id = sp.proxy_id
         where sp.store_id = ${storeId}::uuid order by sp.position, p.display_name, p.id`,
    page,
    limit,
    true,
  );
}

/** GET remain-proxies: pool proxies not directly assigned to the shop (provider staff), by name, paged. */
export function remainProxies(db: Db, storeId: string, page: number, limit: number): Promise<ProxyList> {
  return pagedProxies(
    db,
    sql`select ${PROXY_COLS} from payment_proxies p
         where not exists (select 1 from store_proxies sp where sp.store_id = ${storeId}::uuid and sp.proxy_id = p.id)
         order by p.display_name, p.id`,
    page,
    limit,
    true,
  );
}

/**
 * GET list-proxies-groups: the pool with each proxy's groups (provider staff), by name, paged; `search` matches the
 * name, account id or provider; `groupId` keeps that group's members (404 for an unknown group).
 */
export async function poolProxies(db: Db, q: { page: number; limit: number; search?: string; groupId?: string }): Promise<ProxyList> {
  if (q.groupId) await groupExists(db, q.groupId);
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = [
    like ? sql`(p.display_name ilike ${like} or p.account_id ilike ${like} or p.provider ilike ${like})` : null,
    q.groupId ? sql`exists (select 1 from gateway_group_proxies gp where gp.group_id = ${q.groupId}::uuid and gp.proxy_id = p.id)` : null,
  ].filter((w): w is SQL => w !== null);
  return pagedProxies(
    db,
    sql`select ${PROXY_COLS} from payment_proxies p
         ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
         order by p.display_name, p.id`,
    q.page,
    q.limit,
    true,
  );
}

/** GET remain-group-proxies: pool proxies not in group `groupId` (provider staff), paged; 404 for an unknown group. */
export async function remainGroupProxies(db: Db, groupId: string, page: number, limit: number): Promise<ProxyList> {
  await groupExists(db, groupId);
  return pagedProxies(
    db,
    sql`select ${PROXY_COLS} from payment_proxies p
         where not exists (select 1 from gateway_group_proxies gp where gp.group_id = ${groupId}::uuid and gp.proxy_id = p.id)
         order by p.display_name, p.id`,
    page,
    limit,
    true,
  );
}

const GROUP_COLS = sql`g.id, g.name,
  (select count(*)::int from gateway_group_proxies gp where gp.group_id = g.id) as proxy_count,
  (select count(*)::int from store_gateway_groups sg where sg.group_id = g.id) as store_count`;
type GroupRow = { id: string; name: string; proxy_count: number; store_count: number };
const toGroup = (g: GroupRow): GatewayGroup => ({
  id: g.id,
  name: g.name,
  proxyCount: Number(g.proxy_count),
  storeCount: Number(g.store_count),
});

/** GET list-groups: every gateway group by name with its proxy and shop counts (provider staff), paged. */
export async function listGroups(db: Db, page: number, limit: number): Promise<GroupList> {
  const [list, [total]] = await Promise.all([
    rows<GroupRow>(db, sql`select ${GROUP_COLS} from gateway_groups g order by g.name, g.id limit ${limit} offset ${(page - 1) * limit}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from gateway_groups`),
  ]);
  return { groups: list.map(toGroup), total: Number(total?.n ?? 0), page, limit };
}

/** GET store-groups: the groups assigned to the shop, by name (all of them: a shop has few). */
export async function storeGroups(db: Db, storeId: string): Promise<GroupList> {
  const list = await rows<GroupRow>(
    db,
    sql`select ${GROUP_COLS} from gateway_groups g join store_gateway_groups s on s.group_id = g.id
         where s.store_id = ${storeId}::uuid order by g.name, g.id`,
  );
  return { groups: list.map(toGroup), total: list.length, page: 1, limit: Math.max(list.length, 1) };
}

async function groupExists(db: Db, groupId: string): Promise<void> {
  const [g] = await rows(db, sql`select id from gateway_groups where id = ${groupId}::uuid`);
  if (!g) throw notFound('Gateway group');
}

/** POST add-store-group: assigns a group to a shop (again: no change); 404 unknown group. Answers the shop's groups. */
export async function addStoreGroup(db: Db, storeId: string, groupId: string): Promise<GroupList> {
  await groupExists(db, groupId);
  await rows(
    db,
    sql`insert into store_gateway_groups (store_id, group_id) values (${storeId}::uuid, ${groupId}::uuid) on conflict do nothing`,
  );
  return storeGroups(db, storeId);
}

/** POST remove-store-group: takes a group from a shop (absent: no change). Answers the shop's groups. */
export async function removeStoreGroup(db: Db, storeId: string, groupId: string): Promise<GroupList> {
  await rows(db, sql`delete from store_gateway_groups where store_id = ${storeId}::uuid and group_id = ${groupId}::uuid`);
  return storeGroups(db, storeId);
}

/** 400 naming the first unknown proxy id of `ids` (de-duplicated first). */
async function checkProxyIds(db: Db, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const known = await rows<{ id: string }>(
    db,
    sql`select id from payment_proxies where id in (${sql.join(
      unique.map((i) => sql`${i}::uuid`),
      sql`, `,
    )})`,
  );
  const set = new Set(known.map((k) => k.id));
  const missing = unique.find((i) => !set.has(i));
  if (missing) throw badRequest(`body.proxyIds: ${missing} is not a proxy of the pool`);
  return unique;
}

/**
 * POST save-store-proxies: the shop's direct proxies, in order. Provider staff set any list; a merchant may only
 * reorder the ones the shop has (403 'Only provider staff change which gateways serve a shop' otherwise). One
 * transaction: the shop's rows are replaced. Answers the new direct list (first page of 100).
 */
export async function saveStoreProxies(db: Db, a: Asker, body: SaveStoreProxiesBody): Promise<ProxyList> {
  const storeId = await targetStore(db, a, body.storeId);
  const ids = await checkProxyIds(db, body.proxyIds);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await rows(tx, sql`select id from stores where id = ${storeId}::uuid for update`);
    if (!a.provider) {
      const cur = await rows<{ proxy_id: string }>(tx, sql`select proxy_id from store_proxies where store_id = ${storeId}::uuid`);
      const same = cur.length === ids.length && cur.every((c) => ids.includes(c.proxy_id));
      if (!same) throw forbidden('Only provider staff change which gateways serve a shop');
    }
    await rows(tx, sql`delete from store_proxies where store_id = ${storeId}::uuid`);
    if (ids.length > 0)
      await rows(
        tx,
        sql`insert into store_proxies (store_id, proxy_id, position) values ${sql.join(
          ids.map((id, i) => sql`(${storeId}::uuid, ${id}::uuid, ${i})`),
          sql`, `,
        )}`,
      );
  });
  return directStoreProxies(db, storeId, 1, 100);
}

/** POST group/{id}: renames a group and replaces its proxies; 404 unknown group, 409 name taken. */
export async function saveGroup(db: Db, id: string, body: GroupBody): Promise<GatewayGroup> {
  await groupExists(db, id);
  const ids = await checkProxyIds(db, body.proxyIds);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [taken] = await rows(tx, sql`select id from gateway_groups where name = ${body.name} and id <> ${id}::uuid`);
    if (taken) throw conflict(`A gateway group named '${body.name}' already exists`);
    await rows(tx, sql`update gateway_groups set name = ${body.name} where id = ${id}::uuid`);
    await rows(tx, sql`delete from gateway_group_proxies where group_id = ${id}::uuid`);
    if (ids.length > 0)
      await rows(
        tx,
        sql`insert into gateway_group_proxies (group_id, proxy_id) values ${sql.join(
          ids.map((p) => sql`(${id}::uuid, ${p}::uuid)`),
          sql`, `,
        )}`,
      );
  });
  const [g] = await rows<GroupRow>(db, sql`select ${GROUP_COLS} from gateway_groups g where g.id = ${id}::uuid`);
  return toGroup(g!);
}

/** POST group: a new, empty group; 409 when the name is taken. */
export async function createGroup(db: Db, name: string): Promise<GatewayGroup> {
  const [g] = await rows<{ id: string }>(
    db,
    sql`insert into gateway_groups (name) values (${name}) on conflict (name) do nothing returning id`,
  );
  if (!g) throw conflict(`A gateway group named '${name}' already exists`);
  return { id: g.id, name, proxyCount: 0, storeCount: 0 };
}

/**
 * POST proxies: adds a gateway account to the pool, credentials encrypted (lib/secrets.ts) and never answered;
 * 409 when the provider's account id is already in the pool.
 */
export async function createProxy(db: Db, config: Config, input: ProxyBody): Promise<PaymentProxy> {
  const p = ProxyBodySchema.parse(input);
  const enc = sealSecret(config.jwtSecret, 'gateway-credentials', p.credentials);
  const [r] = await rows<ProxyRow>(
    db,
    sql`insert into payment_proxies (provider, display_name, account_id, status, credentials_enc)
        values (${p.provider}, ${p.displayName}, ${p.accountId}, ${p.status}, ${enc})
        on conflict (provider, account_id) do nothing
        returning id, provider, display_name, account_id, status`,
  );
  if (!r) throw conflict(`${p.provider} account ${p.accountId} is already in the pool`);
  return (await toProxies(db, [r], false))[0]!;
}

/** GET stores (provider staff): shops whose name or handle contains `search`, with their direct proxy count; 20 at most. */
export async function poolStores(db: Db, search: string | undefined): Promise<PoolStoreList> {
  const like = `%${(search ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const list = await rows<{ id: string; name: string; handle: string; n: number }>(
    db,
    sql`select s.id, s.name, s.handle, (select count(*)::int from store_proxies sp where sp.store_id = s.id) as n
          from stores s where s.name ilike ${like} or s.handle ilike ${like} order by s.name, s.id limit 20`,
  );
  return { stores: list.map((s) => ({ id: s.id, name: s.name, handle: s.handle, proxyCount: Number(s.n) })) };
}
