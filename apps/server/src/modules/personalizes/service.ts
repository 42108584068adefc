import type {
  LineItemProperty,
  Personalize,
  PersonalizeBody,
  PersonalizeField,
  PersonalizeFont,
  PersonalizeListResponse,
  StorefrontPersonalize,
} from '@backroom/contracts';
import { PersonalizeBody as BodySchema } from '@backroom/contracts';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { personalizeFonts, personalizes, products, productVariants } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/handles.js';
import { type MediaStorage, saveFont } from '../media/index.js';

/**
 * Personalised products and their fonts (spec admin-dashboard §7 Personalisation, §3 Custom font; issue 11 item 4).
 * Every query is scoped by the store; another shop's personalisation, font or product answers 404.
 */

type FontRow = typeof personalizeFonts.$inferSelect;
const toFont = (r: FontRow): PersonalizeFont => ({
  id: r.id,
  name: r.name,
  family: r.family,
  fontUrl: `/uploads/${r.key}`,
  format: r.format as PersonalizeFont['format'],
  bytes: r.bytes,
  createdAt: r.createdAt.toISOString(),
});

/** The shop's fonts, newest first. */
export async function listFonts(db: Db, storeId: string): Promise<PersonalizeFont[]> {
  const rows = await db
    .select()
    .from(personalizeFonts)
    .where(eq(personalizeFonts.storeId, storeId))
    .orderBy(desc(personalizeFonts.createdAt));
  return rows.map(toFont);
}

/**
 * Stores an uploaded font (POST /api/personalizes/font, multipart `file` + `name`): checked by content and its family
 * name read with fontkit (media module), kept in the shop's storage. `name` defaults to the family. 400 for a file
 * that is not a font (`file: is not a font (TTF, OTF, WOFF or WOFF2)`), 413 over 5 MB (read before this).
 */
export async function addFont(
  db: Db,
  storage: MediaStorage,
  storeId: string,
  data: Buffer,
  name: string | undefined,
): Promise<PersonalizeFont> {
  const saved = await saveFont(storage, storeId, data);
  const [r] = await db
    .insert(personalizeFonts)
    .values({
      storeId,
      name: (name ?? '').trim().slice(0, 100) || saved.family,
      family: saved.family,
      key: saved.key,
      format: saved.format,
      bytes: saved.bytes,
    })
    .returning();
  return toFont(r!);
}

/** Deletes a font of the shop (its file stays: orders may still show it); fields using it fall back to the theme font. 404 otherwise. */
export async function deleteFont(db: Db, storeId: string, id: string): Promise<void> {
  const r = await db
    .delete(personalizeFonts)
    .where(and(eq(personalizeFonts.storeId, storeId), eq(personalizeFonts.id, id)))
    .returning({ id: personalizeFonts.id });
  if (!r.length) throw notFound('Font');
}

type Row = typeof personalizes.$inferSelect;

async function toPersonalizes(db: Db, storeId: string, rows: Row[]): Promise<Personalize[]> {
  if (!rows.length) return [];
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const fontIds = [
    ...new Set(rows.flatMap((r) => (r.fields as PersonalizeField[]).flatMap((f) => (f.type === 'text' && f.fontId ? [f.fontId] : [])))),
  ];
  const [prods, fonts] = await Promise.all([
    db
      .select({
        id: products.id,
        title: products.title,
        handle: products.handle,
        // Qualified by hand: in a one-table select drizzle renders ${products.id} as a bare "id" (the image's own id here).
        image: sql<string | null>`(select i.src from product_images i where i.product_id = "products"."id" order by i.position limit 1)`,
      })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.id, productIds))),
    fontIds.length
      ? db
          .select()
          .from(personalizeFonts)
          .where(and(eq(personalizeFonts.storeId, storeId), inArray(personalizeFonts.id, fontIds)))
      : Promise.resolve([] as FontRow[]),
  ]);
  return rows.map((r) => {
    const p = prods.find((x) => x.id === r.productId);
    const fields = r.fields as PersonalizeField[];
    const used = new Set(fields.flatMap((f) => (f.type === 'text' && f.fontId ? [f.fontId] : [])));
    return {
      id: r.id,
      productId: r.productId,
      product: { title: p?.title ?? '', handle: p?.handle ?? '', imageSrc: p?.image ?? null },
      name: r.name,
      fields,
      fonts: fonts.filter((f) => used.has(f.id)).map(toFont),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listWhere(storeId: string, search?: string) {
  const conds = [eq(personalizes.storeId, storeId)];
  if (search) {
    const like = `%${escapeLike(search)}%`;
    conds.push(
      or(
        ilike(personalizes.name, like),
        sql`exists (select 1 from products p where p.id = ${personalizes.productId} and p.title ilike ${like})`,
      )!,
    );
  }
  return and(...conds);
}

/** The shop's personalisations, newest first, one 1-based page, optionally whose name or product title contains `search`. */
export async function listPersonalizes(
  db: Db,
  storeId: string,
  q: { page: number; limit: number; search?: string },
): Promise<PersonalizeListResponse> {
  const where = listWhere(storeId, q.search);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(personalizes)
      .where(where)
      .orderBy(desc(personalizes.createdAt), desc(personalizes.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(personalizes).where(where),
  ]);
  return { personalizes: await toPersonalizes(db, storeId, rows), total: total?.n ?? 0, page: q.page, limit: q.limit };
}

/** How many personalisations the shop has (optionally searched). */
export async function countPersonalizes(db: Db, storeId: string, search?: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(personalizes).where(listWhere(storeId, search));
  return r?.n ?? 0;
}

/** One personalisation by id; 404 'Personalization not found'. */
export async function getPersonalize(db: Db, storeId: string, id: string): Promise<Personalize> {
  const rows = await db
    .select()
    .from(personalizes)
    .where(and(eq(personalizes.storeId, storeId), eq(personalizes.id, id)));
  const [p] = await toPersonalizes(db, storeId, rows);
  if (!p) throw notFound('Personalization');
  return p;
}

/** The personalisation of a product of the shop; 404 when the product has none (or is not the shop's). */
export async function personalizeOfProduct(db: Db, storeId: string, productId: string): Promise<Personalize> {
  const rows = await db
    .select()
    .from(personalizes)
    .where(and(eq(personalizes.storeId, storeId), eq(personalizes.productId, productId)));
  const [p] = await toPersonalizes(db, storeId, rows);
  if (!p) throw notFound('Personalization');
  return p;
}

/**
 * Creates (no `id`) or replaces a personalisation. 400 naming the field: the product is not the shop's
 * (`body.productId: not a product of this store`), it already has one (`body.productId: this product already has a
 * personalization`), two fields share a label, or a text field names a font the shop does not have. 404 unknown id.
 */
export async function savePersonalize(db: Db, storeId: string, input: PersonalizeBody, id?: string): Promise<Personalize> {
  const b = BodySchema.parse(input);
  if (id) await getPersonalize(db, storeId, id);
  const [prod] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, b.productId)));
  if (!prod) throw badRequest('body.productId: not a product of this store');
  const labels = b.fields.map((f) => f.label.toLowerCase());
  const dup = labels.findIndex((l, i) => labels.indexOf(l) !== i);
  if (dup !== -1) throw badRequest(`body.fields.${dup}.label: another field is already labelled '${b.fields[dup]!.label}'`);
  const fontIds = b.fields.flatMap((f) => (f.type === 'text' && f.fontId ? [f.fontId] : []));
  if (fontIds.length) {
    const have = new Set(
      (
        await db
          .select({ id: personalizeFonts.id })
          .from(personalizeFonts)
          .where(and(eq(personalizeFonts.storeId, storeId), inArray(personalizeFonts.id, fontIds)))
      ).map((r) => r.id),
    );
    const bad = b.fields.findIndex((f) => f.type === 'text' && f.fontId && !have.has(f.fontId));
    if (bad !== -1) throw badRequest(`body.fields.${bad}.fontId: not a font of this store`);
  }
  try {
    const [r] = id
      ? await db
          .update(personalizes)
          .set({ productId: b.productId, name: b.name, fields: b.fields, updatedAt: sql`now()` })
          .where(and(eq(personalizes.storeId, storeId), eq(personalizes.id, id)))
          .returning()
      : await db.insert(personalizes).values({ storeId, productId: b.productId, name: b.name, fields: b.fields }).returning();
    return (await toPersonalizes(db, storeId, [r!]))[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest('body.productId: this product already has a personalization');
    throw err;
  }
}

/** Deletes a personalisation of the shop; 404 otherwise. */
export async function deletePersonalize(db: Db, storeId: string, id: string): Promise<void> {
  const r = await db
    .delete(personalizes)
    .where(and(eq(personalizes.storeId, storeId), eq(personalizes.id, id)))
    .returning({ id: personalizes.id });
  if (!r.length) throw notFound('Personalization');
}

/** A published product's personalisation as the storefront's product page needs it (fields and font files), or null. */
export async function storefrontPersonalize(db: Db, storeId: string, productId: string): Promise<StorefrontPersonalize> {
  const rows = await db
    .select()
    .from(personalizes)
    .innerJoin(products, eq(products.id, personalizes.productId))
    .where(and(eq(personalizes.storeId, storeId), eq(personalizes.productId, productId), eq(products.published, true)));
  const [p] = await toPersonalizes(
    db,
    storeId,
    rows.map((r) => r.personalizes),
  );
  return p ? { fields: p.fields, fonts: p.fonts.map((f) => ({ id: f.id, family: f.family, fontUrl: f.fontUrl })) } : null;
}

/**
 * Checks the personalisation values of checkout lines (issue 11 item 4 "validated at checkout"), and puts them in
 * the fields' order. For each line `i` of a product WITH a personalisation: every property names a field
 * (`lines.i.properties: 'X' is not a field of this product`), required fields are filled (`… Name is required`), text
 * is at most the field's maxLength (`… Name must have at most 12 characters`), an image value is a picture of this
 * shop (`/uploads/{storeId}/…`) or an https URL. A product WITHOUT one takes no properties (`… this product takes no
 * personalization`). Lines whose variant is not the shop's are left to the caller's own check.
 */
export async function checkLineProperties<L extends { variantId: string; properties?: LineItemProperty[] }>(
  db: Db,
  storeId: string,
  lines: readonly L[],
): Promise<(L & { properties: LineItemProperty[] })[]> {
  const ids = [...new Set(lines.map((l) => l.variantId))];
  const variants = ids.length
    ? await db
        .select({ id: productVariants.id, productId: productVariants.productId })
        .from(productVariants)
        .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.id, ids)))
    : [];
  const productOf = new Map(variants.map((v) => [v.id, v.productId]));
  const productIds = [...new Set(variants.map((v) => v.productId))];
  const defs = productIds.length
    ? await db
        .select({ productId: personalizes.productId, fields: personalizes.fields })
        .from(personalizes)
        .where(and(eq(personalizes.storeId, storeId), inArray(personalizes.productId, productIds)))
    : [];
  const fieldsOf = new Map(defs.map((d) => [d.productId, d.fields as PersonalizeField[]]));
  return lines.map((l, i) => {
    const at = `lines.${i}.properties`;
    const props = (l.properties ?? []).filter((p) => p.value.trim() !== '');
    const productId = productOf.get(l.variantId);
    const fields = productId ? fieldsOf.get(productId) : undefined;
    if (!fields) {
      if (productId && props.length) throw badRequest(`${at}: this product takes no personalization`);
      return { ...l, properties: props };
    }
    for (const p of props) {
      if (!fields.some((f) => f.label === p.name)) throw badRequest(`${at}: '${p.name}' is not a field of this product`);
    }
    const out: LineItemProperty[] = [];
    for (const f of fields) {
      const value = props.find((p) => p.name === f.label)?.value.trim() ?? '';
      if (!value) {
        if (f.required) throw badRequest(`${at}: ${f.label} is required`);
        continue;
      }
      if (f.type === 'text' && [...value].length > f.maxLength)
        throw badRequest(`${at}: ${f.label} must have at most ${f.maxLength} characters`);
      if (f.type === 'image' && !value.startsWith(`/uploads/${storeId}/`) && !/^https:\/\/\S+$/.test(value)) {
        throw badRequest(`${at}: ${f.label} must be a picture uploaded to this shop`);
      }
      out.push({ name: f.label, value });
    }
    return { ...l, properties: out };
  });
}
