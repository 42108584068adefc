/**
 * Telegram notifications of a shop (issue 18 item 4, route website.notification): settings, the one-time connect
 * code and the chat it binds, the texts of each event (escaped for Telegram's HTML mode), the low-stock check and
 * the daily summary. Messages are sent by the job `notifications.telegram` (routes.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  addDaysToDate,
  DEFAULT_TIMEZONE,
  endOfLocalDate,
  formatMoneyCents,
  hourInZone,
  localDate,
  startOfLocalDate,
  TELEGRAM_CONNECT_CODE_MINUTES,
  type TelegramConnectResponse,
  type TelegramEvent,
  type TelegramSettings,
  type TelegramSettingsBody,
  TelegramUpdate,
} from '@backroom/contracts';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import type { ShopEvent } from '../../lib/shop-events.js';
import { periodTotals } from '../metrics/index.js';
import { type Bot, escapeHtml, transportOf } from './telegram.js';

interface LinkRow {
  chat_id: string | null;
  chat_title: string | null;
  connected_at: Date | string | null;
  disabled_reason: string | null;
  events: TelegramEvent[];
  low_stock_threshold: number;
  daily_summary_hour: number;
}

const DEFAULTS = { events: ['new_order', 'payout_status', 'low_stock'] as TelegramEvent[], lowStockThreshold: 5, dailySummaryHour: 9 };

async function shopOf(db: Db, storeId: string) {
  const [s] = await rows<{ name: string; currency: string; timezone: string | null }>(
    db,
    sql`select s.name, s.currency, p.standard_timezone as timezone
        from stores s left join store_preferences p on p.store_id = s.id where s.id = ${storeId}`,
  );
  return { name: s?.name ?? '', currency: s?.currency ?? 'USD', timezone: s?.timezone ?? DEFAULT_TIMEZONE };
}

async function linkOf(db: Db, storeId: string): Promise<LinkRow | undefined> {
  const [l] = await rows<LinkRow>(db, sql`select * from telegram_links where store_id = ${storeId}`);
  return l;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The shop's Telegram settings (`GET /api/notifications/telegram`): defaults until the shop saves; `botUsername`
 * from `getMe` when the bot answers (null otherwise, the screen still works).
 */
export async function getTelegram(db: Db, config: Config, bot: Bot | null, storeId: string): Promise<TelegramSettings> {
  const [link, shop, botUsername] = await Promise.all([
    linkOf(db, storeId),
    shopOf(db, storeId),
    bot ? bot.username().catch(() => null) : null,
  ]);
  return {
    configured: bot !== null,
    transport: transportOf(config),
    botUsername,
    connected: !!link?.chat_id && !link.disabled_reason,
    chatTitle: link?.chat_id ? link.chat_title : null,
    connectedAt: link?.chat_id ? iso(link.connected_at) : null,
    disabledReason: link?.disabled_reason ?? null,
    events: link?.events ?? DEFAULTS.events,
    lowStockThreshold: link?.low_stock_threshold ?? DEFAULTS.lowStockThreshold,
    dailySummaryHour: link?.daily_summary_hour ?? DEFAULTS.dailySummaryHour,
    timezone: shop.timezone,
  };
}

/** Saves the events, threshold and summary hour (`PUT /api/notifications/telegram`); the chat is unchanged. */
export async function saveTelegram(db: Db, storeId: string, body: TelegramSettingsBody): Promise<void> {
  const events = JSON.stringify(body.events);
  await db.execute(sql`
    insert into telegram_links (store_id, events, low_stock_threshold, daily_summary_hour)
    values (${storeId}, ${events}::jsonb, ${body.lowStockThreshold}, ${body.dailySummaryHour})
    on conflict (store_id) do update set events = excluded.events, low_stock_threshold = excluded.low_stock_threshold,
      daily_summary_hour = excluded.daily_summary_hour, updated_at = now()`);
}

/** 400 naming TELEGRAM_BOT_TOKEN when the server has no bot. */
export function requireBot(bot: Bot | null): Bot {
  if (!bot)
    throw badRequest('Telegram is not set up on this server: set TELEGRAM_BOT_TOKEN to your bot token (from @BotFather) and restart');
  return bot;
}

/**
 * A new one-time connect link (`POST /api/notifications/telegram/connect`): `https://t.me/{bot}?start={code}`,
 * the code random (128 bits, base64url) and valid TELEGRAM_CONNECT_CODE_MINUTES; a new link replaces the previous
 * code. 502 when the Bot API does not answer `getMe`.
 */
export async function createConnectLink(db: Db, bot: Bot, storeId: string, now = new Date()): Promise<TelegramConnectResponse> {
  let username: string;
  try {
    username = await bot.username();
  } catch {
    throw new HttpError(502, 'TELEGRAM_UNREACHABLE', ['Telegram did not answer (getMe); check TELEGRAM_BOT_TOKEN and try again']);
  }
  const code = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + TELEGRAM_CONNECT_CODE_MINUTES * 60_000);
  await db.execute(sql`
    insert into telegram_links (store_id, connect_code, connect_code_expires_at) values (${storeId}, ${code}, ${expiresAt})
    on conflict (store_id) do update set connect_code = excluded.connect_code,
      connect_code_expires_at = excluded.connect_code_expires_at, updated_at = now()`);
  return { url: `https://t.me/${encodeURIComponent(username)}?start=${code}`, expiresAt: expiresAt.toISOString() };
}

/** Forgets the chat and any pending code (`DELETE /api/notifications/telegram`); the chosen events stay. */
export async function disconnect(db: Db, storeId: string): Promise<void> {
  await db.execute(sql`
    update telegram_links set chat_id = null, chat_title = null, connected_at = null, connect_code = null,
      connect_code_expires_at = null, disabled_reason = null, disabled_at = null, updated_at = now()
    where store_id = ${storeId}`);
}

/** The chat of a shop that may receive messages now (connected, not disabled), or null. */
export async function activeChat(db: Db, storeId: string): Promise<string | null> {
  const l = await linkOf(db, storeId);
  return l?.chat_id && !l.disabled_reason ? l.chat_id : null;
}

/** Disables the link of `storeId` to `chatId` with a visible reason (the Bot API refused for good: 403 / chat gone). */
export async function disableLink(db: Db, storeId: string, chatId: string, description: string): Promise<void> {
  const reason = `Telegram refused our messages (${description}). Connect again to resume notifications.`;
  await db.execute(sql`
    update telegram_links set disabled_reason = ${reason}, disabled_at = now(), updated_at = now()
    where store_id = ${storeId} and chat_id = ${chatId}`);
}

/** What a `/start` update did: bound a shop's chat, or carried an unknown/expired code (`chatId` to answer). */
export type StartResult = { bound: true; storeId: string; chatId: string } | { bound: false; chatId: string } | null;

/**
 * Reads one update (webhook or polling): `/start {code}` (also `/start@bot code`) with a live code binds the
 * sending chat to the code's shop in one conditional UPDATE (the code is spent), clearing a disabled reason.
 * Anything else answers null.
 */
export async function handleUpdate(db: Db, raw: unknown, now = new Date()): Promise<StartResult> {
  const parsed = TelegramUpdate.safeParse(raw);
  if (!parsed.success || !parsed.data.message?.text) return null;
  const m = /^\/start(?:@\w+)?\s+([A-Za-z0-9_-]{1,64})\s*$/.exec(parsed.data.message.text);
  if (!m) return null;
  const chat = parsed.data.message.chat;
  const chatId = String(chat.id);
  const title = chat.title ?? chat.username ?? chat.first_name ?? null;
  const [row] = await rows<{ store_id: string }>(
    db,
    sql`update telegram_links set chat_id = ${chatId}, chat_title = ${title}, connected_at = ${now}, connect_code = null,
          connect_code_expires_at = null, disabled_reason = null, disabled_at = null, updated_at = now()
        where connect_code = ${m[1]} and connect_code_expires_at > ${now} returning store_id`,
  );
  return row ? { bound: true, storeId: row.store_id, chatId } : { bound: false, chatId };
}

/** Money in a Telegram message: the one formatter (contracts' formatMoneyCents; issue 30 item 3). */
const money = (cents: number, currency: string) => formatMoneyCents(cents, currency);

/** The welcome message once a chat is bound: the shop's name and the events it will hear about. */
export async function welcomeText(db: Db, storeId: string): Promise<string> {
  const shop = await shopOf(db, storeId);
  return `✅ Connected to <b>${escapeHtml(shop.name)}</b>. You will get your shop's notifications here. Manage them in Settings → Telegram.`;
}

/** The test message (`POST /api/notifications/telegram/test`). */
export async function testText(db: Db, storeId: string): Promise<string> {
  const shop = await shopOf(db, storeId);
  return `🔔 Test notification from <b>${escapeHtml(shop.name)}</b>: Telegram notifications work.`;
}

/** The event key a shop event is chosen by on the Telegram screen. */
const EVENT_KEY: Partial<Record<ShopEvent['type'], TelegramEvent>> = {
  'order.created': 'new_order',
  'order.paid': 'order_paid',
  'order.refunded': 'refund',
  'payout.status': 'payout_status',
};

interface OrderRow {
  order_name: string;
  grand_total_cents: number;
  currency: string;
  customer_info: { full_name?: string }[] | null;
  line_items: { variantId?: string | null; quantity: number }[];
}

/**
 * The messages a shop event produces for its shop's chat (empty when the shop has no active chat or did not
 * choose that event): a new order also checks its variants against the low-stock threshold — a variant that the
 * order took from at-or-above the threshold to below it is reported once.
 */
export async function eventTexts(db: Db, event: ShopEvent): Promise<string[]> {
  const link = await linkOf(db, event.storeId);
  if (!link?.chat_id || link.disabled_reason) return [];
  const chosen = new Set(link.events);
  const shop = await shopOf(db, event.storeId);
  const out: string[] = [];
  const order = async (id: string) => {
    const [o] = await rows<OrderRow>(
      db,
      sql`select order_name, grand_total_cents, currency, customer_info, line_items from orders where id = ${id} and store_id = ${event.storeId}`,
    );
    return o;
  };
  const key = EVENT_KEY[event.type];
  if (event.type === 'order.created') {
    const o = await order(event.orderId);
    if (!o) return [];
    if (key && chosen.has(key)) {
      const items = o.line_items.reduce((n, l) => n + l.quantity, 0);
      const who = o.customer_info?.[0]?.full_name;
      out.push(
        `🛒 <b>New order ${escapeHtml(o.order_name)}</b> — ${escapeHtml(money(o.grand_total_cents, o.currency))}\n` +
          `${items} item${items === 1 ? '' : 's'}${who ? ` · ${escapeHtml(who)}` : ''} · ${escapeHtml(shop.name)}`,
      );
    }
    if (chosen.has('low_stock')) out.push(...(await lowStockTexts(db, event.storeId, o.line_items, link.low_stock_threshold)));
  } else if (event.type === 'order.paid' && key && chosen.has(key)) {
    const o = await order(event.orderId);
    if (o) out.push(`💰 <b>Order ${escapeHtml(o.order_name)} paid</b> — ${escapeHtml(money(o.grand_total_cents, o.currency))}`);
  } else if (event.type === 'order.refunded' && key && chosen.has(key)) {
    const o = await order(event.orderId);
    const [r] = await rows<{ amount_cents: number }>(
      db,
      sql`select amount_cents from order_refunds where order_id = ${event.orderId} order by created_at desc limit 1`,
    );
    if (o && r) out.push(`↩️ <b>Refund on order ${escapeHtml(o.order_name)}</b> — ${escapeHtml(money(r.amount_cents, o.currency))}`);
  } else if (event.type === 'payout.status' && key && chosen.has(key)) {
    const [r] = await rows<{ amount_cents: number }>(
      db,
      sql`select amount_cents from payout_requests where id = ${event.requestId} and store_id = ${event.storeId}`,
    );
    const amount = r ? ` of ${escapeHtml(money(r.amount_cents, shop.currency))}` : '';
    out.push(`🏦 <b>Payout request${amount}</b> is now <b>${escapeHtml(event.status)}</b> · ${escapeHtml(shop.name)}`);
  }
  return out;
}

async function lowStockTexts(db: Db, storeId: string, lines: OrderRow['line_items'], threshold: number): Promise<string[]> {
  const taken = new Map<string, number>();
  for (const l of lines) if (l.variantId) taken.set(l.variantId, (taken.get(l.variantId) ?? 0) + l.quantity);
  if (!taken.size) return [];
  const ids = [...taken.keys()];
  const found = await rows<{ id: string; qty: number; title: string; variant: string | null }>(
    db,
    sql`select v.id, v.inventory_qty as qty, p.title, concat_ws(' / ', v.option1, v.option2, v.option3) as variant
        from product_variants v join products p on p.id = v.product_id
        where v.store_id = ${storeId} and v.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) and v.inventory_policy = 'deny'`,
  );
  return found
    .filter((v) => v.qty < threshold && v.qty + (taken.get(v.id) ?? 0) >= threshold)
    .map(
      (v) =>
        `⚠️ <b>Low stock</b>: ${escapeHtml(v.title)}${v.variant ? ` (${escapeHtml(v.variant)})` : ''} — ${v.qty} left (threshold ${threshold})`,
    );
}

/**
 * Daily summaries due at `now` (issue 18 item 4 "daily summary at a local hour"): for each connected shop that chose
 * `daily_summary` and whose local hour is its `dailySummaryHour`, claims today's summary with one conditional UPDATE
 * of `last_summary_on` (so two processes send it once) and answers the text about YESTERDAY (shop timezone):
 * paid orders and net sales (lib/money.ts rule).
 */
export async function dueSummaries(db: Db, now = new Date()): Promise<{ storeId: string; text: string }[]> {
  const candidates = await rows<{ store_id: string; hour: number; tz: string | null; last: string | null }>(
    db,
    sql`select l.store_id, l.daily_summary_hour as hour, p.standard_timezone as tz, l.last_summary_on as last
        from telegram_links l left join store_preferences p on p.store_id = l.store_id
        where l.chat_id is not null and l.disabled_reason is null and l.events ? 'daily_summary'`,
  );
  const out: { storeId: string; text: string }[] = [];
  for (const c of candidates) {
    const tz = c.tz ?? DEFAULT_TIMEZONE;
    const today = localDate(now.getTime(), tz);
    if (hourInZone(now.getTime(), tz) !== c.hour || c.last === today) continue;
    const claimed = await rows(
      db,
      sql`update telegram_links set last_summary_on = ${today}
          where store_id = ${c.store_id} and last_summary_on is distinct from ${today} returning store_id`,
    );
    if (!claimed.length) continue;
    const day = addDaysToDate(today, -1);
    const from = new Date(startOfLocalDate(day, tz));
    const to = new Date(endOfLocalDate(day, tz));
    // Yesterday's orders and total sales as home and the Overview show them (modules/metrics, issue 30).
    const t = await periodTotals(db, [c.store_id], from, to);
    const s = { orders: t.orders, sales: t.totalSalesCents };
    const shop = await shopOf(db, c.store_id);
    out.push({
      storeId: c.store_id,
      text:
        `📊 <b>${escapeHtml(shop.name)}</b> — ${day}\n` +
        `Orders: ${s?.orders ?? 0}\nSales: ${escapeHtml(money(s?.sales ?? 0, shop.currency))}`,
    });
  }
  return out;
}
