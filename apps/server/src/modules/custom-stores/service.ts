import { randomBytes, randomUUID } from 'node:crypto';
import { type CustomStore, type CustomStoreBody, INVITE_TOKEN_TTL_MS, STAFF_INVITATION_TTL_MS, UPLOAD_WIDTHS } from '@backroom/contracts';
import { getTableColumns, getTableName, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import {
  collectionProducts,
  collections,
  pages,
  productImages,
  products,
  productVariants,
  storePreferences,
} from '../../db/schema/index.js';
import { systemDomain } from '../../lib/domains.js';
import { notFound } from '../../lib/errors.js';
import type { Jobs } from '../../lib/jobs.js';
import { queueMail } from '../../lib/mail.js';
import { hashPassword } from '../../lib/passwords.js';
import { createPasswordToken, handleFromName, resetLink, uniqueHandle } from '../account/index.js';
import type { MediaStorage } from '../media/index.js';

/**
 * Custom Store (issue 18 item 7, route website.custom-store): the one whitelisted e-mail of spec §2 builds a shop
 * for a client from a template shop and hands it to an owner by the staff invitation mechanism (issue 14 item 5).
 * Copied, in ONE transaction: the themes with their current config, the pages, the menus, the collections (with
 * their products' order) and the products (variants, pictures), plus the shop's preferences; nothing is shared with
 * the template — every row gets a new id, every reference between copied rows (menu items, theme settings naming a
 * collection, product or page, collection members) is moved to the copy, and uploaded files are copied under the
 * new shop (a shop's files are served only on its own host). Orders, customers, discounts, reviews, staff and
 * payout settings are the template's own business and are not copied.
 */

type Body = z.output<typeof CustomStoreBody>;

/** What Custom Store copies, counted per kind (the answer's `copied`). */
type Copied = NonNullable<CustomStore['copied']>;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

interface Row {
  store_id: string;
  name: string;
  handle: string;
  template_store_id: string | null;
  template_name: string | null;
  owner_email: string;
  owner_joined: boolean;
  created_at: Date | string;
}

const toCustomStore = (r: Row, copied?: Copied): CustomStore => ({
  storeId: r.store_id,
  name: r.name,
  handle: r.handle,
  templateStoreId: r.template_store_id,
  templateName: r.template_name,
  ownerEmail: r.owner_email,
  ownerJoined: r.owner_joined,
  ...(copied ? { copied } : {}),
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * GET /api/custom-stores: the shops `userId` created with Custom Store, newest first, each with its template and
 * whether the owner has accepted the shop yet (a member flagged owner with the invited e-mail).
 */
export async function listCustomStores(db: Db, userId: string, onlyStoreId?: string): Promise<CustomStore[]> {
  const list = await rows<Row>(
    db,
    sql`select c.store_id, s.name, s.handle, c.template_store_id, t.name as template_name, c.owner_email, c.created_at,
               exists (select 1 from store_memberships m join users u on u.id = m.user_id
                       where m.store_id = c.store_id and m.is_store_owner and u.email = c.owner_email) as owner_joined
        from custom_stores c
        join stores s on s.id = c.store_id
        left join stores t on t.id = c.template_store_id
        where c.created_by = ${userId}::uuid ${onlyStoreId ? sql`and c.store_id = ${onlyStoreId}::uuid` : sql``}
        order by c.created_at desc, c.store_id`,
  );
  return list.map((r) => toCustomStore(r));
}

/** `{old id: new id}` of a copy, written into SQL as one jsonb object (`remap(column)` reads the new id). */
class IdMap {
  readonly map = new Map<string, string>();
  add(ids: readonly string[]): void {
    for (const id of ids) this.map.set(id, randomUUID());
  }
  json(): string {
    return JSON.stringify(Object.fromEntries(this.map));
  }
  /** Every uuid of `text` this copy knows, replaced by its copy's id (menu items, theme settings). */
  rewrite(text: string): string {
    return text.replace(UUID, (m) => this.map.get(m.toLowerCase()) ?? m);
  }
}

/**
 * `insert into T (…) select … from T where store_id = template`: every column copied, except `id` (the copy's id from
 * `ids`), `store_id` (the new shop), the `remap`ped reference columns (moved to their copy) and text columns, where
 * the template's upload URLs are moved to the new shop's. `where` narrows the rows (default: the template's).
 */
function copyStatement(
  table: PgTable,
  ids: IdMap,
  template: string,
  store: string,
  o: { remap?: string[]; where?: SQL; fresh?: boolean } = {},
): SQL {
  const cols = Object.values(getTableColumns(table)) as { name: string; columnType: string }[];
  const name = sql.raw(`"${getTableName(table)}"`);
  const from = sql.raw(`/uploads/${template}/`);
  const to = sql.raw(`/uploads/${store}/`);
  const map = ids.json();
  const targets = cols.map((c) => sql.raw(`"${c.name}"`));
  const values = cols.map((c) => {
    const col = sql.raw(`t."${c.name}"`);
    if (c.name === 'id') return o.fresh ? sql`gen_random_uuid()` : sql`(${map}::jsonb ->> ${col}::text)::uuid`;
    if (c.name === 'store_id') return sql`${store}::uuid`;
    if (o.remap?.includes(c.name)) return sql`(${map}::jsonb ->> ${col}::text)::uuid`;
    if (c.columnType === 'PgText') return sql`replace(${col}, '${from}', '${to}')`;
    return col;
  });
  return sql`insert into ${name} (${sql.join(targets, sql`, `)})
             select ${sql.join(values, sql`, `)} from ${name} t
             where ${o.where ?? sql`t.store_id = ${template}::uuid`}`;
}

/**
 * Copies the template's uploaded files under the new shop (`{template}/…` → `{store}/…`, the web sizes of an uploaded
 * image included) and answers the `uploads` rows to record; done BEFORE the copy's transaction (files are not
 * transactional: a failed copy leaves unused files, never a shop pointing at missing ones).
 */
async function copyFiles(db: Db, storage: MediaStorage, template: string, store: string) {
  const list = await rows<{ path: string; content_type: string; bytes: number }>(
    db,
    sql`select path, content_type, bytes from uploads where store_id = ${template}::uuid`,
  );
  const copied: { path: string; contentType: string; bytes: number }[] = [];
  for (const u of list) {
    if (!u.path.startsWith(`${template}/`)) continue;
    const rest = u.path.slice(template.length + 1);
    const sizes = /^(media\/[0-9a-f-]+)_(\d+)x\d+\.webp$/.exec(rest);
    const keys = [rest, ...(sizes ? UPLOAD_WIDTHS.filter((w) => w < Number(sizes[2])).map((w) => `${sizes[1]}_${w}w.webp`) : [])];
    for (const key of keys) {
      const file = await storage.get(`${template}/${key}`);
      if (file) await storage.put(`${store}/${key}`, Buffer.concat(await file.body.toArray()), u.content_type);
    }
    copied.push({ path: `${store}/${rest}`, contentType: u.content_type, bytes: u.bytes });
  }
  return copied;
}

/** The caller, as Custom Store needs them. */
export interface Maker {
  userId: string;
  email: string;
}

/**
 * POST /api/custom-stores: creates the shop `body.name` (its own handle and system domain) from `body.templateStoreId`
 * — a shop the caller owns or administers (404 otherwise, as for a shop that does not exist) — copying the template
 * in ONE transaction (see the module note), makes the caller an admin of it, records it in `custom_stores`, and
 * invites `body.ownerEmail` to OWN it through a staff invitation (accepting makes them its owner): an existing
 * account is mailed the accept link; an unknown e-mail gets an account and a mail with a 72-hour link to choose a
 * password, then the accept link. Mails are queued after the commit. Answers the CustomStore with `copied` counts.
 */
export async function createCustomStore(
  db: Db,
  config: Config,
  jobs: Jobs,
  storage: MediaStorage,
  maker: Maker,
  body: Body,
): Promise<CustomStore> {
  const template = body.templateStoreId;
  const [allowed] = await rows<{ currency: string }>(
    db,
    sql`select s.currency from stores s join store_memberships m on m.store_id = s.id
        where s.id = ${template}::uuid and m.user_id = ${maker.userId}::uuid and (m.is_store_owner or m.is_store_admin)`,
  );
  if (!allowed) throw notFound('Template shop');
  const storeId = randomUUID();
  const files = await copyFiles(db, storage, template, storeId);
  const handle = await uniqueHandle(db, handleFromName(body.name));
  const [existing] = await rows<{ id: string }>(db, sql`select id from users where email = ${body.ownerEmail}`);
  // Hashed before the transaction: argon2 takes a while, and an unusable random password needs no one to know it.
  const unusable = existing ? null : await hashPassword(randomBytes(32).toString('base64url'));

  const result = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await rows(
      t,
      sql`insert into stores (id, handle, name, currency) values (${storeId}::uuid, ${handle}, ${body.name}, ${allowed.currency})`,
    );
    await rows(
      t,
      sql`insert into domains (store_id, host, domain_type) values (${storeId}::uuid, ${systemDomain(config, handle)}, 'SystemDefault')`,
    );
    await rows(
      t,
      sql`insert into store_memberships (store_id, user_id, is_store_admin) values (${storeId}::uuid, ${maker.userId}::uuid, true)`,
    );
    for (const u of files) {
      await rows(
        t,
        sql`insert into uploads (store_id, path, content_type, bytes) values (${storeId}::uuid, ${u.path}, ${u.contentType}, ${u.bytes})`,
      );
    }

    // Ids of everything copied, old → new, known before any row is written so references can be moved.
    const ids = new IdMap();
    const idsOf = async (table: string) =>
      (await rows<{ id: string }>(t, sql`select id from ${sql.raw(table)} where store_id = ${template}::uuid`)).map((r) => r.id);
    const productIds = await idsOf('products');
    const collectionIds = await idsOf('collections');
    const pageIds = await idsOf('pages');
    const menuIds = await idsOf('menus');
    const themeIds = await idsOf('themes');
    ids.add([...productIds, ...collectionIds, ...pageIds, ...menuIds, ...themeIds]);

    await rows(t, copyStatement(products, ids, template, storeId));
    await rows(t, copyStatement(productVariants, ids, template, storeId, { remap: ['product_id'], fresh: true }));
    await rows(t, copyStatement(productImages, ids, template, storeId, { remap: ['product_id'], fresh: true }));
    await rows(t, copyStatement(collections, ids, template, storeId));
    await rows(
      t,
      copyStatement(collectionProducts, ids, template, storeId, {
        remap: ['collection_id', 'product_id'],
        where: sql`t.collection_id in (select id from collections where store_id = ${template}::uuid)`,
      }),
    );
    await rows(t, copyStatement(pages, ids, template, storeId));
    await rows(t, copyStatement(storePreferences, ids, template, storeId, { where: sql`t.store_id = ${template}::uuid` }));

    // Menus and theme configs hold ids inside JSON: rewritten here, then written with the copy's ids.
    const uploadsFrom = `/uploads/${template}/`;
    const moveText = (s: string) => ids.rewrite(s).split(uploadsFrom).join(`/uploads/${storeId}/`);
    const menus = await rows<{ id: string; title: string; handle: string; items: unknown }>(
      t,
      sql`select id, title, handle, items from menus where store_id = ${template}::uuid`,
    );
    for (const m of menus) {
      await rows(
        t,
        sql`insert into menus (id, store_id, title, handle, items)
            values (${ids.map.get(m.id)}::uuid, ${storeId}::uuid, ${m.title}, ${m.handle}, ${moveText(JSON.stringify(m.items))}::jsonb)`,
      );
    }
    const themes = await rows<{ id: string; name: string; type: string; published: boolean; config: unknown; schema_version: number }>(
      t,
      sql`select th.id, th.name, th.type, th.published, c.config, c.schema_version from themes th
          left join lateral (select config, schema_version from theme_configs where theme_id = th.id order by version desc limit 1) c on true
          where th.store_id = ${template}::uuid`,
    );
    for (const th of themes) {
      const id = ids.map.get(th.id)!;
      await rows(
        t,
        sql`insert into themes (id, store_id, name, type, published) values (${id}::uuid, ${storeId}::uuid, ${th.name}, ${th.type}, ${th.published})`,
      );
      if (th.config != null) {
        await rows(
          t,
          sql`insert into theme_configs (theme_id, store_id, version, config, schema_version, created_by, note)
              values (${id}::uuid, ${storeId}::uuid, 1, ${moveText(JSON.stringify(th.config))}::jsonb, ${th.schema_version},
                      ${maker.userId}::uuid, 'seed')`,
        );
      }
    }
    // A preference naming a theme by id follows the copy.
    const [pref] = await rows<{ theme: string | null }>(
      t,
      sql`select store_front_default_theme as theme from store_preferences where store_id = ${storeId}::uuid`,
    );
    if (pref?.theme) {
      await rows(
        t,
        sql`update store_preferences set store_front_default_theme = ${ids.rewrite(pref.theme)} where store_id = ${storeId}::uuid`,
      );
    } else if (!pref) {
      await rows(t, sql`insert into store_preferences (store_id) values (${storeId}::uuid)`);
    }

    // The owner: an existing account, or a new one with an unusable password (they choose one from the mail).
    let ownerId = existing?.id;
    if (!ownerId) {
      const [u] = await rows<{ id: string }>(
        t,
        sql`insert into users (email, password_hash) values (${body.ownerEmail}, ${unusable}) returning id`,
      );
      ownerId = u!.id;
    }
    const [inv] = await rows<{ id: string }>(
      t,
      sql`insert into staff_invitations (store_id, user_id, invited_by, first_name, last_name, is_store_admin, is_store_owner, scopes, expires_at)
          values (${storeId}::uuid, ${ownerId}::uuid, ${maker.userId}::uuid, '', '', true, true, '{}',
                  now() + make_interval(secs => ${STAFF_INVITATION_TTL_MS / 1000}))
          returning id`,
    );
    const passwordToken = existing ? null : await createPasswordToken(t, ownerId, INVITE_TOKEN_TTL_MS);
    await rows(
      t,
      sql`insert into custom_stores (store_id, template_store_id, created_by, owner_email)
          values (${storeId}::uuid, ${template}::uuid, ${maker.userId}::uuid, ${body.ownerEmail})`,
    );
    const copied: Copied = {
      themes: themeIds.length,
      pages: pageIds.length,
      menus: menuIds.length,
      collections: collectionIds.length,
      products: productIds.length,
    };
    return { invitationId: inv!.id, passwordToken, copied };
  });

  const accept = `${config.adminOrigin}/auth/shop?invitation=${result.invitationId}`;
  await queueMail(jobs, {
    to: body.ownerEmail,
    subject: `${body.name} is ready for you on Backroom`,
    text: [
      'Hello,',
      '',
      `${maker.email} built the shop ${body.name} for you and invites you to own it.`,
      ...(result.passwordToken ? ['', 'First choose your password within 72 hours:', '', resetLink(config, result.passwordToken)] : []),
      '',
      'Then sign in and accept the shop here (the invitation is open for 7 days):',
      '',
      accept,
    ].join('\n'),
  });
  const [made] = await listCustomStores(db, maker.userId, storeId);
  return { ...made!, copied: result.copied };
}
