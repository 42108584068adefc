import { z } from 'zod';
import { CACHE_PURGE_MAX_URLS, CACHE_PURGE_URL_MAX_LENGTH, LOGIN_MAX_LENGTH, TELEGRAM_LOW_STOCK_MAX } from './limits.js';
import { STORE_NAME_MAX } from './staff.js';

/**
 * Contracts of issue 18 items 4, 5 and 7: Telegram notifications (website.notification), the storefront cache purge
 * (website.clearCacheUrls) and Custom Store (website.custom-store).
 */

// ───────────────────────────── Telegram (item 4) ─────────────────────────────

/**
 * Events a shop may have sent to its Telegram chat: a new order, an order paid (marked as paid later), a refund, a
 * payout request changing status, a variant's stock falling below `lowStockThreshold`, and a daily summary sent at
 * `dailySummaryHour` (shop timezone).
 */
export const TELEGRAM_EVENTS = ['new_order', 'order_paid', 'refund', 'payout_status', 'low_stock', 'daily_summary'] as const;
export const TelegramEvent = z.enum(TELEGRAM_EVENTS, {
  message: 'events must be new_order, order_paid, refund, payout_status, low_stock or daily_summary',
});
export type TelegramEvent = z.infer<typeof TelegramEvent>;

/** `PUT /api/notifications/telegram` body: the events chosen, the low-stock threshold (units) and the summary hour (0–23, shop time). */
export const TelegramSettingsBody = z.object({
  events: z.array(TelegramEvent).refine((a) => new Set(a).size === a.length, 'each event once'),
  lowStockThreshold: z
    .number({ message: 'lowStockThreshold must be a whole number' })
    .int('lowStockThreshold must be a whole number')
    .min(0, 'lowStockThreshold must be 0 or more')
    .max(TELEGRAM_LOW_STOCK_MAX, `lowStockThreshold must be at most ${TELEGRAM_LOW_STOCK_MAX}`),
  dailySummaryHour: z
    .number({ message: 'dailySummaryHour must be an hour from 0 to 23' })
    .int('dailySummaryHour must be an hour from 0 to 23')
    .min(0, 'dailySummaryHour must be an hour from 0 to 23')
    .max(23, 'dailySummaryHour must be an hour from 0 to 23'),
});
export type TelegramSettingsBody = z.infer<typeof TelegramSettingsBody>;

/**
 * `GET /api/notifications/telegram`: whether the server has a bot (`configured`, TELEGRAM_BOT_TOKEN), how it hears
 * the bot (`webhook` when PUBLIC_URL is https, else `polling`; `off` without a token), the connected chat, why the
 * link was disabled (the bot was blocked or the chat is gone) and the chosen events.
 */
export const TelegramSettings = TelegramSettingsBody.extend({
  configured: z.boolean(),
  transport: z.enum(['webhook', 'polling', 'off']),
  botUsername: z.string().nullable(),
  connected: z.boolean(),
  chatTitle: z.string().nullable(),
  connectedAt: z.iso.datetime({ offset: true }).nullable(),
  disabledReason: z.string().nullable(),
  timezone: z.string(),
});
export type TelegramSettings = z.infer<typeof TelegramSettings>;

/** `POST /api/notifications/telegram/connect`: the deep link to open (one-time code) and when it expires. */
export const TelegramConnectResponse = z.object({ url: z.url(), expiresAt: z.iso.datetime({ offset: true }) });
export type TelegramConnectResponse = z.infer<typeof TelegramConnectResponse>;

/** `POST /api/notifications/telegram/test`: the id of the queued message job (`GET /api/jobs/{id}`). */
export const TelegramTestResponse = z.object({ jobId: z.uuid() });
export type TelegramTestResponse = z.infer<typeof TelegramTestResponse>;

/** Path of the bot's webhook: `POST /api/telegram/webhook/{secret}`. */
export const TelegramWebhookParams = z.object({ secret: z.string().max(256) });

/** The part of a Telegram `Update` the webhook reads (everything else is ignored). */
export const TelegramUpdate = z
  .object({
    update_id: z.number().int(),
    message: z
      .object({
        text: z.string().optional(),
        chat: z
          .object({
            id: z.number().int(),
            title: z.string().optional(),
            username: z.string().optional(),
            first_name: z.string().optional(),
          })
          .loose(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type TelegramUpdate = z.infer<typeof TelegramUpdate>;

// ───────────────────────────── Cache purge (item 5) ─────────────────────────────

/**
 * `POST /api/cache/purge`: either `{urls}` — 1 to CACHE_PURGE_MAX_URLS addresses of THIS shop (absolute on one of
 * its hosts, or a path starting with `/`) — or `{all: true}` for the shop's whole cache.
 */
export const CachePurgeBody = z
  .object({
    urls: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'a URL is required')
          .max(CACHE_PURGE_URL_MAX_LENGTH, `a URL has at most ${CACHE_PURGE_URL_MAX_LENGTH} characters`),
      )
      .min(1, 'at least one URL')
      .max(CACHE_PURGE_MAX_URLS, `at most ${CACHE_PURGE_MAX_URLS} URLs`)
      .optional(),
    all: z.literal(true, { message: 'all must be true' }).optional(),
  })
  .refine((b) => (b.urls ? !b.all : b.all), { message: 'give either urls or all: true', path: ['urls'] });
export type CachePurgeBody = z.infer<typeof CachePurgeBody>;

/** What started a purge: the screen, or a save that purges the pages it changes on its own. */
export const CACHE_PURGE_SOURCES = ['manual', 'theme', 'page', 'menu', 'product'] as const;

/**
 * One purge: the paths cleared (`all` = every page of the shop), how many cached pages were dropped, the CDN call
 * (`off` without CDN_PURGE_URL, `ok`, `failed`), its source and who asked (null for automatic ones).
 */
export const CachePurge = z.object({
  id: z.uuid(),
  urls: z.array(z.string()),
  all: z.boolean(),
  purged: z.number().int(),
  cdn: z.enum(['off', 'ok', 'failed']),
  source: z.enum(CACHE_PURGE_SOURCES),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CachePurge = z.infer<typeof CachePurge>;

/** `GET /api/cache/purges`: the last purges, newest first, and the shop's storefront origin (for the screen's URLs). */
export const CachePurgeList = z.object({ purges: z.array(CachePurge), origin: z.string() });
export type CachePurgeList = z.infer<typeof CachePurgeList>;

// ───────────────────────────── Custom Store (item 7) ─────────────────────────────

/** `POST /api/custom-stores`: the new shop's name, the template shop (one of the caller's) and the owner's e-mail. */
export const CustomStoreBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(STORE_NAME_MAX, `name must have at most ${STORE_NAME_MAX} characters`),
  templateStoreId: z.uuid('templateStoreId must be a shop id'),
  ownerEmail: z
    .email('ownerEmail must be an e-mail address')
    .max(LOGIN_MAX_LENGTH, `ownerEmail must have at most ${LOGIN_MAX_LENGTH} characters`)
    .transform((s) => s.toLowerCase()),
});
export type CustomStoreBody = z.input<typeof CustomStoreBody>;

/** A shop created by Custom Store, with what was copied into it and whether its owner has accepted yet. */
export const CustomStore = z.object({
  storeId: z.uuid(),
  name: z.string(),
  handle: z.string(),
  templateStoreId: z.uuid().nullable(),
  templateName: z.string().nullable(),
  ownerEmail: z.string(),
  ownerJoined: z.boolean(),
  copied: z
    .object({
      themes: z.number().int(),
      pages: z.number().int(),
      menus: z.number().int(),
      collections: z.number().int(),
      products: z.number().int(),
    })
    .optional(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CustomStore = z.infer<typeof CustomStore>;

/** `GET /api/custom-stores`: the shops the caller created this way, newest first. */
export const CustomStoreList = z.object({ customStores: z.array(CustomStore) });
export type CustomStoreList = z.infer<typeof CustomStoreList>;
