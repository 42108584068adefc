import {
  type CardBody,
  CardBody as CardBodySchema,
  type CardPatch,
  type PayoutCard,
  type PayoutCardList,
  type PayoutConfig,
  type PayoutConfigAnswer,
  type PayoutConfigBody,
  PayoutConfigBody as PayoutConfigBodySchema,
  type PayoutRequest,
  type PayoutRequestBody,
  type PayoutRequestList,
  type PayoutRequestQuery,
  PayoutRequestQuery as PayoutRequestQuerySchema,
  type PayoutStatusBody,
} from '@backroom/contracts';
import cardValidator from 'card-validator';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { friendlyFormatIBAN } from 'ibantools';
import type { Config } from '../../config.js';
import { type Db, rows } from '../../db/client.js';
import { payoutCards, payoutConfigs, payoutRequests } from '../../db/schema/index.js';
import { toCsv } from '../../lib/csv-export.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { centsFromMajor, majorFromCents } from '../../lib/money.js';
import { sealSecret } from '../../lib/secrets.js';
import { storeTimezone } from '../../lib/store-timezone.js';
import { balanceCents } from './ledger.js';

/**
 * Payout cards, the payout config and payout requests of a shop (spec admin-dashboard §7 Payout; issue 10 item 4).
 * Every query is scoped by the store id; another shop's card, config or request answers 404 as if absent.
 */

type CardRow = typeof payoutCards.$inferSelect;
const toCard = (r: CardRow): PayoutCard => ({
  id: r.id,
  holderName: r.holderName,
  brand: r.brand,
  last4: r.last4,
  expMonth: r.expMonth,
  expYear: r.expYear,
  createdAt: r.createdAt.toISOString(),
});

/** The shop's payout cards, oldest first. */
export async function listCards(db: Db, storeId: string): Promise<PayoutCardList> {
  const list = await db
    .select()
    .from(payoutCards)
    .where(eq(payoutCards.storeId, storeId))
    .orderBy(asc(payoutCards.createdAt), asc(payoutCards.id));
  return { cards: list.map(toCard) };
}

/**
 * Adds a card. The number is checked (12–19 digits, Luhn, card-validator) and DROPPED: only the brand
 * (card-validator's nice type, 'Card' when unknown) and the last 4 digits are stored. 400 for an expired card.
 */
export async function addCard(db: Db, storeId: string, input: CardBody): Promise<PayoutCard> {
  const c = CardBodySchema.parse(input);
  const brand = cardValidator.number(c.number).card?.niceType ?? 'Card';
  const [r] = await db
    .insert(payoutCards)
    .values({ storeId, holderName: c.holderName, brand, last4: c.number.slice(-4), expMonth: c.expMonth, expYear: c.expYear })
    .returning();
  return toCard(r!);
}

/** Changes a card's holder and expiry; 404 'Card not found' when absent or another shop's. */
export async function updateCard(db: Db, storeId: string, id: string, c: CardPatch): Promise<PayoutCard> {
  const [r] = await db
    .update(payoutCards)
    .set({ holderName: c.holderName, expMonth: c.expMonth, expYear: c.expYear })
    .where(and(eq(payoutCards.storeId, storeId), eq(payoutCards.id, id)))
    .returning();
  if (!r) throw notFound('Card');
  return toCard(r);
}

/** Deletes a card; 400 while the payout config pays out to it; 404 when absent or another shop's. */
export async function deleteCard(db: Db, storeId: string, id: string): Promise<void> {
  const [used] = await db
    .select({ id: payoutConfigs.id })
    .from(payoutConfigs)
    .where(and(eq(payoutConfigs.storeId, storeId), eq(payoutConfigs.method, 'card'), eq(payoutConfigs.cardId, id)));
  if (used) throw badRequest('This card receives your payouts: choose another payout method first');
  const gone = await db
    .delete(payoutCards)
    .where(and(eq(payoutCards.storeId, storeId), eq(payoutCards.id, id)))
    .returning({ id: payoutCards.id });
  if (gone.length === 0) throw notFound('Card');
}

/** `DE89370400440532013000` → `DE89 **** **** **** **30 00`: country and check digits, then only the last 4. */
export function maskIban(iban: string): string {
  const masked = `${iban.slice(0, 4)}${'*'.repeat(Math.max(0, iban.length - 8))}${iban.slice(-4)}`;
  return friendlyFormatIBAN(masked) ?? masked;
}

type ConfigRow = typeof payoutConfigs.$inferSelect;
async function toConfig(db: Db, r: ConfigRow): Promise<PayoutConfig> {
  let destination = '';
  if (r.method === 'bank') destination = `Bank account ${r.ibanMasked ?? ''} (${r.accountHolder ?? ''})`;
  else if (r.method === 'paypal') destination = `PayPal ${r.paypalEmail ?? ''}`;
  else {
    const [card] = r.cardId ? await db.select().from(payoutCards).where(eq(payoutCards.id, r.cardId)) : [];
    destination = card ? `${card.brand} •••• ${card.last4}` : 'Card (removed)';
  }
  return {
    id: r.id,
    method: r.method as PayoutConfig['method'],
    cardId: r.cardId,
    accountHolder: r.accountHolder,
    ibanMasked: r.ibanMasked,
    paypalEmail: r.paypalEmail,
    minimumAmount: majorFromCents(r.minimumCents),
    schedule: r.schedule as PayoutConfig['schedule'],
    destination,
  };
}

/** The shop's payout config, or null before one is saved. */
export async function getPayoutConfig(db: Db, storeId: string): Promise<PayoutConfigAnswer> {
  const [r] = await db.select().from(payoutConfigs).where(eq(payoutConfigs.storeId, storeId));
  return { config: r ? await toConfig(db, r) : null };
}

/**
 * Saves the shop's payout config (POST creates or replaces the one config, PATCH {id} changes it; 404 for a foreign
 * id). The method's destination is required (`cardId` one of the shop's cards, 404 'Card not found' otherwise;
 * `iban` checked by ibantools, stored encrypted and answered masked; `paypalEmail`); the other destinations are
 * cleared. `minimumAmount` is in major units.
 */
export async function savePayoutConfig(
  db: Db,
  config: Config,
  storeId: string,
  input: PayoutConfigBody,
  id?: string,
): Promise<PayoutConfig> {
  const c = PayoutConfigBodySchema.parse(input);
  if (c.method === 'card') {
    const [card] = await db
      .select({ id: payoutCards.id })
      .from(payoutCards)
      .where(and(eq(payoutCards.storeId, storeId), eq(payoutCards.id, c.cardId!)));
    if (!card) throw notFound('Card');
  }
  const values = {
    method: c.method,
    cardId: c.method === 'card' ? c.cardId! : null,
    accountHolder: c.method === 'bank' ? c.accountHolder! : null,
    ibanEnc: c.method === 'bank' ? sealSecret(config.jwtSecret, 'payout-iban', c.iban!) : null,
    ibanMasked: c.method === 'bank' ? maskIban(c.iban!) : null,
    paypalEmail: c.method === 'paypal' ? c.paypalEmail!.toLowerCase() : null,
    minimumCents: centsFromMajor(c.minimumAmount),
    schedule: c.schedule,
    updatedAt: new Date(),
  };
  let r: ConfigRow | undefined;
  if (id) {
    [r] = await db
      .update(payoutConfigs)
      .set(values)
      .where(and(eq(payoutConfigs.storeId, storeId), eq(payoutConfigs.id, id)))
      .returning();
    if (!r) throw notFound('Payout config');
  } else {
    [r] = await db
      .insert(payoutConfigs)
      .values({ storeId, ...values })
      .onConflictDoUpdate({ target: payoutConfigs.storeId, set: values })
      .returning();
  }
  return toConfig(db, r!);
}

type RequestRow = typeof payoutRequests.$inferSelect;
const toRequest = (r: RequestRow): PayoutRequest => ({
  id: r.id,
  storeId: r.storeId,
  amount: majorFromCents(r.amountCents),
  currency: r.currency,
  status: r.status as PayoutRequest['status'],
  method: r.method as PayoutRequest['method'],
  destination: r.destination,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;

/**
 * The 400 message of a payout request while the available balance (cents) is zero or below (issue 30 item 6):
 * e.g. 'Your available balance is -0.97 USD: refunds made after your last payout are deducted from your next payout,
 * and a payout can be requested once the balance is positive again'.
 */
export function balanceNotPositiveMessage(availableCents: number, currency: string): string {
  if (availableCents === 0) return `Your available balance is ${money(0, currency)}: a payout can be requested once it is positive`;
  return `Your available balance is ${money(availableCents, currency)}: refunds made after your last payout are deducted from your next payout, and a payout can be requested once the balance is positive again`;
}

/**
 * POST /api/stores/payout/v2/payout-request: asks for `amount` (major units) to be paid out. In ONE transaction it
 * locks the shop's row (`select … for update`), sums the ledger and inserts the request only when the amount is at
 * most `availableToPayout`: racing requests queue on the lock, so together they can never overdraw (issue 10 item 4).
 * 400: no payout config ('Set up your payout method before requesting a payout'), below the config's minimum
 * ('amount must be at least 50.00 USD'), above the balance ('amount is more than your available balance of
 * 12.34 USD'), and — before any of those about the amount — a balance at or below zero (issue 30 item 6: a refund
 * after a payout may take it below zero; see {@link balanceNotPositiveMessage}).
 */
export async function requestPayout(
  db: Db,
  config: Config,
  storeId: string,
  userId: string,
  body: PayoutRequestBody,
): Promise<PayoutRequest> {
  const cents = centsFromMajor(body.amount);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await rows(tx, sql`select id from stores where id = ${storeId}::uuid for update`);
    const [cfgRow] = await tx.select().from(payoutConfigs).where(eq(payoutConfigs.storeId, storeId));
    if (!cfgRow) throw badRequest('Set up your payout method before requesting a payout');
    const b = await balanceCents(tx, config, storeId);
    if (b.availableCents <= 0) throw badRequest(balanceNotPositiveMessage(b.availableCents, b.currency));
    if (cents < cfgRow.minimumCents) throw badRequest(`body.amount: amount must be at least ${money(cfgRow.minimumCents, b.currency)}`);
    if (cents > b.availableCents)
      throw badRequest(`body.amount: amount is more than your available balance of ${money(b.availableCents, b.currency)}`);
    const cfg = await toConfig(tx, cfgRow);
    const [r] = await tx
      .insert(payoutRequests)
      .values({ storeId, amountCents: cents, currency: b.currency, method: cfg.method, destination: cfg.destination, requestedBy: userId })
      .returning();
    return toRequest(r!);
  });
}

/**
 * The filter of the request history: the shop, `status`, and the request day `fromDate`…`toDate` (YYYY-MM-DD,
 * inclusive, in the shop's timezone — default America/Los_Angeles, spec §9).
 */
async function requestFilter(
  db: Db,
  storeId: string,
  q: { status?: string; fromDate?: string; toDate?: string },
): Promise<SQL | undefined> {
  const tz = await storeTimezone(db, storeId);
  const conds: SQL[] = [eq(payoutRequests.storeId, storeId)];
  if (q.status) conds.push(eq(payoutRequests.status, q.status));
  if (q.fromDate) conds.push(gte(payoutRequests.createdAt, sql`(${q.fromDate}::date)::timestamp at time zone ${tz}`));
  if (q.toDate) conds.push(lt(payoutRequests.createdAt, sql`(${q.toDate}::date + 1)::timestamp at time zone ${tz}`));
  return and(...conds);
}

/**
 * GET /api/stores/payout/request-payouts: the shop's requests, newest first, paged, filtered by status and by the
 * request day `fromDate`…`toDate` (YYYY-MM-DD, inclusive, in the shop's timezone).
 */
export async function listPayoutRequests(db: Db, storeId: string, query: PayoutRequestQuery): Promise<PayoutRequestList> {
  const q = PayoutRequestQuerySchema.parse(query);
  const where = await requestFilter(db, storeId, q);
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(payoutRequests)
      .where(where)
      .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(payoutRequests).where(where),
  ]);
  return { requests: list.map(toRequest), total: total?.n ?? 0, page: q.page, limit: q.limit };
}

/** The columns of the payout history CSV, in order. */
export const PAYOUT_EXPORT_COLUMNS = ['Requested at', 'Amount', 'Currency', 'Status', 'Method', 'Destination', 'Reason'] as const;

/**
 * GET /api/stores/payout/request-payouts/export: every request matching the history's filters (status, fromDate,
 * toDate; no paging), newest first, as CSV text through csv-stringify (RFC 4180 quoting; one header row,
 * `PAYOUT_EXPORT_COLUMNS`; a cell starting like a formula gets a leading quote, lib/csv-export.ts). 'Requested at' is the ISO 8601 instant (UTC); 'Amount' is in major units with 2 decimals.
 */
export async function exportPayoutRequestsCsv(db: Db, storeId: string, query: Omit<PayoutRequestQuery, 'page' | 'limit'>): Promise<string> {
  const q = PayoutRequestQuerySchema.parse(query);
  const list = await db
    .select()
    .from(payoutRequests)
    .where(await requestFilter(db, storeId, q))
    .orderBy(desc(payoutRequests.createdAt), desc(payoutRequests.id));
  const out = list.map((r) => [
    r.createdAt.toISOString(),
    (r.amountCents / 100).toFixed(2),
    r.currency,
    r.status,
    r.method,
    r.destination,
    r.reason ?? '',
  ]);
  // A cell a spreadsheet would read as a formula gets a leading quote (lib/csv-export.ts, OWASP CSV injection).
  return toCsv(out, PAYOUT_EXPORT_COLUMNS);
}

/** Allowed moves of a payout request (issue 10 item 4). */
const NEXT: Record<string, string[]> = { pending: ['approved', 'rejected'], approved: ['paid', 'rejected'], paid: [], rejected: [] };

/**
 * Provider staff move a request of any shop: pending → approved → paid, or pending/approved → rejected with
 * a reason (a rejected request stops debiting the balance). A conditional update on the current status, so two
 * racing moves cannot both apply. 400 'body.status: a paid payout cannot become rejected'; 404 when absent.
 */
export async function movePayoutRequest(db: Db, id: string, userId: string, body: PayoutStatusBody): Promise<PayoutRequest> {
  const [cur] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, id));
  if (!cur) throw notFound('Payout request');
  if (!NEXT[cur.status]?.includes(body.status)) throw badRequest(`body.status: a ${cur.status} payout cannot become ${body.status}`);
  const [r] = await db
    .update(payoutRequests)
    .set({ status: body.status, reason: body.status === 'rejected' ? body.reason! : cur.reason, decidedBy: userId, updatedAt: new Date() })
    .where(and(eq(payoutRequests.id, id), eq(payoutRequests.status, cur.status)))
    .returning();
  if (!r) throw badRequest('body.status: the payout changed meanwhile, reload it');
  return toRequest(r);
}

/** Whether the shop has saved a payout config (onboarding step "Set up payouts"). */
export async function hasPayoutConfig(db: Db, storeId: string): Promise<boolean> {
  const [r] = await db.select({ id: payoutConfigs.id }).from(payoutConfigs).where(eq(payoutConfigs.storeId, storeId));
  return !!r;
}
