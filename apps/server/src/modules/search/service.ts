import {
  type Scope,
  SEARCH_MIN_CHARS,
  SEARCH_TYPES,
  type SearchGroup,
  type SearchParams,
  type SearchResponse,
  type SearchResult,
  type SearchType,
  searchableTypes,
} from '@backroom/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRows, WORD_SIMILARITY_FLOOR } from '../../db/client.js';
import { SEARCH_TEXT } from '../../db/search-text.js';

/**
 * Global search (issue 20 item 1). Each type is one statement on its table's search text (`db/search-text.ts`),
 * scoped by the store and answered from the table's trigram GIN index `(store_id, text gin_trgm_ops)`:
 * - a hit is a text that contains the query (ILIKE `%q%`, case-insensitive; LIKE wildcards in the query are
 *   escaped, so `%` and `_` are matched as themselves), or whose closest word run is similar to it
 *   (`q <% text`, pg_trgm's word_similarity ≥ `similarityFor(q)`: 0.5 up to 10 characters, else 0.6; issue 31
 *   item 9): `hodie`, `hoodei` find "Hoodie", `coppre`, `cooper` "Copper Light", `jonh` finds "John";
 * - the score ranks a prefix of the text (an order name, an e-mail's start) above a substring above a similar
 *   word (2 + similarity, 1 + similarity, similarity), ties newest first;
 * - orders also match their number exactly (`#1042` or `1042`), first;
 * - similar-only rows are looked for only when the literal hits cannot fill the answer, and at most
 *   FUZZY_CANDIDATES of them per type (issue 20 item 4, see `ranked`).
 * Each type's statement is a named prepared statement (`preparedRows`): planning one took 1–6 ms on PostgreSQL, more
 * than running it; the prepared plan (bitmap scans of the trigram index) is reused.
 * The query text only ever travels as a bound parameter.
 */

/** The hits of one type with their score (higher is better), before the groups are cut to `limit`. */
type Scored = SearchResult & { score: number };

/** `s` with LIKE's wildcards and escape character escaped (PostgreSQL's default escape is `\`). */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The parts of a search every type's statement binds. */
interface Needle {
  storeId: string;
  q: string;
  /** `%q%`, escaped. */
  contains: string;
  /** `q%`, escaped. */
  prefix: string;
  limit: number;
  /** The word similarity a merely similar text needs (`similarityFor(q)`). */
  similarity: number;
}

/**
 * The word similarity (pg_trgm `word_similarity`, 0–1) a text needs to be a typo hit of `q` (issue 31 item 9):
 * one swapped, missing, doubled or wrong letter costs a short word up to 4 of its n + 1 trigrams ("coppre" vs
 * "copper" 0.571, "hoodei" vs "hoodie" 0.571, "cooper" vs "copper" 0.571), under PostgreSQL's default 0.6; a long
 * word keeps more of them. So queries of up to 10 characters need WORD_SIMILARITY_FLOOR (0.5: half the query's
 * trigrams, which unrelated words do not share), longer ones 0.6 as before. Every connection's `<%` threshold is the
 * floor (db/client.ts), so the trigram index still yields the candidates; the stricter bar is a filter on them.
 */
function similarityFor(q: string): number {
  return q.trim().length <= 10 ? WORD_SIMILARITY_FLOOR : 0.6;
}

/**
 * How many rows that are only SIMILAR to the query (`q <% text`, not containing it) one type considers before ranking
 * (issue 20 item 4). A misspelt common surname (`lindqvst`) is similar to every order and customer of that name —
 * thousands in a shop of 50,000 orders — and `word_similarity` costs ~15 µs a row, so ranking them all took 200 ms.
 * Rows that CONTAIN the query are never capped; when more than this many rows are only similar, the best `limit`
 * are chosen among the first FUZZY_CANDIDATES the trigram index yields.
 */
export const FUZZY_CANDIDATES = 100;

/** One type's statement: the table, the columns a hit needs, its search text and the column that breaks ties. */
interface Source {
  table: string;
  /** Column list of the hit (plain SQL text, the table's own columns). */
  columns: string;
  /** The table's search text (`SEARCH_TEXT`, the exact expression of its trigram index). */
  text: string;
  /** Tie-break, descending: `created_at` or `updated_at` (newest first). */
  newest: string;
  /** More candidates (e.g. an order by its number), as a `select <columns>, <newest>, <text>` of the same shape. */
  more?: SQL;
  /** Added to the score (e.g. 10 for the order whose number is the query). */
  bonus?: SQL;
  /** Also look for words a few edits from a one-word query (`typoOf`); for the small catalogue tables only. */
  edits?: boolean;
}

/**
 * The second typo matcher (issue 31 item 9): trigrams miss a wrong or swapped letter INSIDE a short word ("cooper"
 * is 0.4 word-similar to "Copper"), so for a one-word query of 4 to 20 letters a text also matches when one of its
 * words (split on spaces) starts with the query's first letter and is at most `max` edits away (fuzzystrmatch
 * `levenshtein_less_equal`; a swap is 2 edits): 1 for up to 4 letters, else 2. Null for other queries. Unrelated
 * words are far more edits apart ("dress" vs "hoodie": 5).
 */
function typoOf(q: string): { word: string; max: number } | null {
  const word = q.trim().toLowerCase();
  if (!/^[\p{L}\p{N}]{4,20}$/u.test(word)) return null;
  return { word, max: word.length <= 4 ? 1 : 2 };
}

/**
 * The statement of one type. Candidates: every row whose text contains the query (ILIKE `%q%`, through the trigram
 * index), each scored once as it is read (2 + similarity for a prefix, 1 + similarity for a substring); then — only
 * when fewer than `n.limit` of those score above 1, since a row that is merely similar scores its similarity alone
 * (≤ 1) and could not enter the answer otherwise — at most FUZZY_CANDIDATES rows similar to it (`q <% text`); plus
 * `more`. The best `n.limit` are kept, `bonus` added to the score, ties newest first. (Before, the OR of both matches
 * made PostgreSQL evaluate `word_similarity` three times for every similar row of the shop.)
 */
function ranked(n: Needle, src: Source): SQL {
  const t = sql.raw(`(${src.text})`);
  const cols = sql.raw(src.columns);
  const newest = sql.raw(src.newest);
  const from = sql.raw(src.table);
  const bonus = src.bonus ?? sql``;
  const typo = src.edits ? typoOf(n.q) : null;
  const score = (text: SQL) =>
    sql`${bonus}(case when ${text} ilike ${n.prefix} then 2 when ${text} ilike ${n.contains} then 1 else 0 end + word_similarity(${n.q}, ${text}))`;
  // `alike` is planned for all its rows (a bitmap scan of the trigram index) and read lazily, so the LIMIT below
  // stops it early; a LIMIT inside it could make the planner prefer reading the table in order until enough
  // rows match, which for a rare text reads the whole table.
  return sql`with contained as materialized (
      select ${cols}, ${newest} as newest_at, ${t} as search_text, ${score(t)} as score from ${from}
      where store_id = ${n.storeId} and ${t} ilike ${n.contains}),
    alike as materialized (
      select ${cols}, ${newest} as newest_at, ${t} as search_text from ${from}
      where store_id = ${n.storeId} and ${n.q} <% ${t} and not ${t} ilike ${n.contains}
      ${n.similarity > WORD_SIMILARITY_FLOOR ? sql`and word_similarity(${n.q}, ${t}) >= ${n.similarity}` : sql``})
    ${
      typo
        ? sql`, edited as materialized (
      select ${cols}, ${newest} as newest_at, ${t} as search_text from ${from}
      where store_id = ${n.storeId} and not ${t} ilike ${n.contains}
        and (${t} ilike ${`${typo.word[0]}%`} or ${t} ilike ${`% ${typo.word[0]}%`})
        and exists (select 1 from string_to_table(lower(${t}), ' ') w
                    where left(w, 1) = ${typo.word[0]}
                      and levenshtein_less_equal(w, ${typo.word}, ${typo.max}) <= ${typo.max}))`
        : sql``
    }
    select * from contained
    union
    (select *, ${score(sql.raw('search_text'))} as score from alike
     where (select count(*) from contained where score > 1) < ${n.limit}
     limit ${FUZZY_CANDIDATES})
    ${
      typo
        ? sql`union
    (select *, ${score(sql.raw('search_text'))} as score from edited
     where (select count(*) from contained where score > 1) < ${n.limit}
     limit ${FUZZY_CANDIDATES})`
        : sql``
    }
    ${src.more ? sql`union select *, ${score(sql.raw('search_text'))} as score from (${src.more}) m` : sql``}
    order by score desc, newest_at desc limit ${n.limit}`;
}

/** Admin path of a hit: the type's path template (contracts SEARCH_TYPES) with `{id}` / `{handle}` filled in. */
function pathOf(type: SearchType, values: { id: string; handle?: string }): string {
  return SEARCH_TYPES[type].path.replace(/\{(id|handle)\}/g, (_m, k: 'id' | 'handle') => encodeURIComponent(values[k] ?? ''));
}

const join = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(' · ');
const words = (s: string) => s.replace(/_/g, ' ');

type Row = Record<string, unknown> & { id: string; score: number };

/** Orders by number (exact), name (#1042), customer name and e-mail; subtitle: customer · e-mail · statuses. */
async function searchOrders(db: Db, n: Needle): Promise<Scored[]> {
  const digits = /^#?(\d{1,9})$/.exec(n.q)?.[1];
  const number = digits ? Number(digits) : null;
  const columns = `id, order_number, order_name, customer_info -> 0 ->> 'full_name' as name, customer_info -> 0 ->> 'email' as email,
    financial_status, fulfillment_status`;
  const text = sql.raw(`(${SEARCH_TEXT.orders})`);
  const list = await preparedRows<Row>(
    db,
    'search_orders',
    ranked(n, {
      table: 'orders',
      columns,
      text: SEARCH_TEXT.orders,
      newest: 'created_at',
      more:
        number !== null
          ? sql`(select ${sql.raw(columns)}, created_at as newest_at, ${text} as search_text from orders
                 where store_id = ${n.storeId} and order_number = ${number})`
          : undefined,
      bonus: number !== null ? sql`case when order_number = ${number} then 10 else 0 end + ` : undefined,
    }),
  );
  return list.map((r) => ({
    type: 'orders',
    id: r.id,
    title: String(r.order_name),
    subtitle: join(r.name as string, r.email as string, words(String(r.financial_status)), words(String(r.fulfillment_status))),
    path: pathOf('orders', r),
    score: r.score,
  }));
}

/**
 * The ids of at most RELATED_PRODUCTS products of the store whose title or handle contains the query (the products
 * trigram index): what the story's `hoodie` brings along — the variants of those products and the collections
 * holding them (issue 20 "What a merchant does").
 */
const RELATED_PRODUCTS = 5;
const relatedProducts = (n: Needle) =>
  sql`(select id from products where store_id = ${n.storeId} and (${sql.raw(SEARCH_TEXT.products)}) ilike ${n.contains}
       limit ${RELATED_PRODUCTS})`;

/**
 * Products by title and handle, and variants by SKU and barcode (a variant hit names the product and the variant's
 * options, and opens the product); the variants of the products found by title follow them, listed by SKU (scored
 * by their own text's similarity alone, so below every direct hit); all merged by score.
 */
async function searchProducts(db: Db, n: Needle): Promise<Scored[]> {
  const [products, variants] = await Promise.all([
    preparedRows<Row>(
      db,
      'search_products',
      ranked(n, { table: 'products', columns: 'id, title, handle, status', text: SEARCH_TEXT.products, newest: 'updated_at', edits: true }),
    ),
    preparedRows<Row>(
      db,
      'search_variants',
      sql`select pv.id, pv.product_id, pv.sku, pv.barcode, pv.option1, pv.option2, pv.option3, pr.title, pv.score
          from (${ranked(n, {
            table: 'product_variants',
            columns: 'id, product_id, sku, barcode, option1, option2, option3',
            text: SEARCH_TEXT.variants,
            newest: 'id',
            more: sql`(select id, product_id, sku, barcode, option1, option2, option3, id as newest_at,
                              ${sql.raw(`(${SEARCH_TEXT.variants})`)} as search_text
                       from product_variants
                       where store_id = ${n.storeId} and product_id in ${relatedProducts(n)}
                         and not (${sql.raw(SEARCH_TEXT.variants)}) ilike ${n.contains})`,
          })}) pv
          join products pr on pr.id = pv.product_id and pr.store_id = ${n.storeId}
          order by pv.score desc, pv.id desc`,
    ),
  ]);
  const hits: Scored[] = [
    ...products.map((r) => ({
      type: 'products' as const,
      id: r.id,
      title: String(r.title),
      subtitle: join(String(r.handle), String(r.status)),
      path: pathOf('products', r),
      score: r.score,
    })),
    ...variants.map((r) => {
      const options = [r.option1, r.option2, r.option3].filter((o) => typeof o === 'string' && o && o !== 'Default Title').join(' / ');
      return {
        type: 'products' as const,
        id: r.id,
        title: options ? `${r.title} — ${options}` : String(r.title),
        subtitle: join(r.sku ? `SKU ${r.sku}` : '', r.barcode ? `Barcode ${r.barcode}` : ''),
        path: pathOf('products', { id: String(r.product_id) }),
        score: r.score,
      };
    }),
  ];
  return hits.sort((a, b) => b.score - a.score);
}

/** Customers by name and e-mail; title: the name (the e-mail when none), subtitle: the e-mail. */
async function searchCustomers(db: Db, n: Needle): Promise<Scored[]> {
  const list = await preparedRows<Row>(
    db,
    'search_customers',
    ranked(n, { table: 'customers', columns: 'id, first_name, last_name, email', text: SEARCH_TEXT.customers, newest: 'created_at' }),
  );
  return list.map((r) => {
    const name = `${r.first_name} ${r.last_name}`.trim();
    return {
      type: 'customers',
      id: r.id,
      title: name || String(r.email),
      subtitle: String(r.email),
      path: pathOf('customers', r),
      score: r.score,
    };
  });
}

/**
 * Collections by title and handle, then the collections holding the products found by title (scored by their own
 * text's similarity alone, below every direct hit); subtitle: handle and kind (manual / automated).
 */
async function searchCollections(db: Db, n: Needle): Promise<Scored[]> {
  const list = await preparedRows<Row>(
    db,
    'search_collections',
    ranked(n, {
      table: 'collections',
      columns: 'id, title, handle, type',
      text: SEARCH_TEXT.collections,
      newest: 'updated_at',
      edits: true,
      more: sql`(select c.id, c.title, c.handle, c.type, c.updated_at as newest_at, ${sql.raw(`(${SEARCH_TEXT.collections})`)} as search_text
                 from collections c
                 where c.store_id = ${n.storeId}
                   and exists (select 1 from collection_products cp where cp.collection_id = c.id and cp.product_id in ${relatedProducts(n)})
                   and not (${sql.raw(SEARCH_TEXT.collections)}) ilike ${n.contains})`,
    }),
  );
  return list.map((r) => ({
    type: 'collections',
    id: r.id,
    title: String(r.title),
    subtitle: join(String(r.handle), `${r.type} collection`),
    path: pathOf('collections', { id: r.id, handle: String(r.handle) }),
    score: r.score,
  }));
}

/** Content pages by title and handle; subtitle: the storefront path and whether it is hidden. */
async function searchPages(db: Db, n: Needle): Promise<Scored[]> {
  const list = await preparedRows<Row>(
    db,
    'search_pages',
    ranked(n, { table: 'pages', columns: 'id, title, handle, published', text: SEARCH_TEXT.pages, newest: 'updated_at' }),
  );
  return list.map((r) => ({
    type: 'pages',
    id: r.id,
    title: String(r.title),
    subtitle: join(`/pages/${r.handle}`, r.published ? 'visible' : 'hidden'),
    path: pathOf('pages', r),
    score: r.score,
  }));
}

/** Discounts by code (and title); title: the code (the title of an automatic one), subtitle: title and method. */
async function searchDiscounts(db: Db, n: Needle): Promise<Scored[]> {
  const list = await preparedRows<Row>(
    db,
    'search_discounts',
    ranked(n, { table: 'discounts', columns: 'id, code, title, method', text: SEARCH_TEXT.discounts, newest: 'created_at' }),
  );
  return list.map((r) => ({
    type: 'discounts',
    id: r.id,
    title: String(r.code ?? r.title),
    subtitle: join(r.code ? String(r.title) : '', `${r.method} discount`),
    path: pathOf('discounts', r),
    score: r.score,
  }));
}

const SEARCHERS: Record<SearchType, (db: Db, n: Needle) => Promise<Scored[]>> = {
  orders: searchOrders,
  products: searchProducts,
  customers: searchCustomers,
  collections: searchCollections,
  pages: searchPages,
  discounts: searchDiscounts,
};

/**
 * `GET /api/search` (issue 20 item 1): the store's hits of every type asked for (`types`, default all) that
 * `scopes` allow (SEARCH_TYPES scope per type; a type not allowed is silently left out, so staff holding only
 * orders and products never receive customers), at most `limit` per type (`params` as the route validated them), best first; one group per type with
 * hits, in SEARCH_TYPES order. A `q` under SEARCH_MIN_CHARS characters answers no group without a query.
 */
export async function search(db: Db, storeId: string, scopes: readonly Scope[], params: SearchParams): Promise<SearchResponse> {
  const { q, types, limit } = params;
  if (q.length < SEARCH_MIN_CHARS) return { q, groups: [] };
  const wanted = searchableTypes(scopes).filter((t) => !types || types.includes(t));
  const needle: Needle = { storeId, q, contains: `%${escapeLike(q)}%`, prefix: `${escapeLike(q)}%`, limit, similarity: similarityFor(q) };
  const found = await Promise.all(wanted.map((t) => SEARCHERS[t](db, needle)));
  const groups: SearchGroup[] = [];
  wanted.forEach((type, i) => {
    const results = found[i]!.slice(0, limit).map(({ score: _score, ...hit }) => hit);
    if (results.length) groups.push({ type, results });
  });
  return { q, groups };
}
