/**
 * The Telegram Bot API as this server uses it (issue 18 item 4), through grammY's `Api` client pointed at
 * `TELEGRAM_API_URL` (`apiRoot`; tests point it at a local stub). grammY's `Bot` (middleware, its own polling loop
 * and retries) is not used: messages go through OUR job queue, whose retries and backoff survive a restart and are
 * shared by every copy of the server, and the one update we read (`/start {code}`) needs no middleware.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Api, GrammyError } from 'grammy';
import type { Config } from '../../config.js';

/** The bot of this server: the grammY client and its username from `getMe` (asked once, kept while it answers). */
export interface Bot {
  api: Api;
  /** The bot's username (without @); throws when the Bot API cannot be reached or refuses the token. */
  username(): Promise<string>;
}

/** The bot of `config`, or null when TELEGRAM_BOT_TOKEN is not set. */
export function createBot(config: Config): Bot | null {
  const token = config.telegram.botToken;
  if (!token) return null;
  const api = new Api(token, { apiRoot: config.telegram.apiUrl });
  let name: Promise<string> | null = null;
  return {
    api,
    username() {
      name ??= api.getMe().then((me) => me.username);
      name.catch(() => {
        name = null;
      });
      return name;
    },
  };
}

/** How the server hears the bot: a webhook when PUBLIC_URL is https (Telegram's rule), else long polling; off without a token. */
export function transportOf(config: Config): 'webhook' | 'polling' | 'off' {
  if (!config.telegram.botToken) return 'off';
  return config.publicUrl?.startsWith('https://') ? 'webhook' : 'polling';
}

/**
 * The webhook's two secrets, derived from the JWT secret and the bot token (stable across restarts and copies):
 * `path` goes into `/api/telegram/webhook/{path}`, `token` is the `secret_token` Telegram sends back in
 * `X-Telegram-Bot-Api-Secret-Token` (A–Z, a–z, 0–9, `_`, `-`; ≤ 256).
 */
export function webhookSecrets(config: Config): { path: string; token: string } {
  const mac = (what: string) =>
    createHmac('sha256', config.jwtSecret)
      .update(`${what}:${config.telegram.botToken ?? ''}`)
      .digest('base64url');
  return { path: mac('telegram-webhook-path').slice(0, 32), token: mac('telegram-webhook-token') };
}

/** Constant-time string comparison. */
export function sameSecret(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * True when the Bot API refused a message for good: 403 (bot blocked, kicked, user deactivated) or 400 "chat not
 * found" — the link is then disabled instead of retried.
 */
export function isGone(err: unknown): err is GrammyError {
  return err instanceof GrammyError && (err.error_code === 403 || (err.error_code === 400 && /chat not found/i.test(err.description)));
}

/** True for a 4xx refusal other than rate limiting (429): retrying the same message cannot succeed. */
export function isPermanent(err: unknown): err is GrammyError {
  return err instanceof GrammyError && err.error_code >= 400 && err.error_code < 500 && err.error_code !== 429;
}

/** Escapes text for Telegram's HTML parse mode (`&`, `<`, `>`, and `"` inside attributes). */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Long polling (development, no https PUBLIC_URL): removes any webhook, then asks `getUpdates` (25 s hold) in a loop
 * and hands each update to `onUpdate`, until `signal` aborts. A failure waits `retryMs` and tries again. One process
 * should poll a bot at a time (Telegram answers 409 to a second poller); production uses the webhook.
 */
export async function pollUpdates(
  bot: Bot,
  onUpdate: (update: unknown) => Promise<void>,
  signal: AbortSignal,
  log: FastifyBaseLogger,
  retryMs = 5000,
): Promise<void> {
  let offset = 0;
  let cleared = false;
  while (!signal.aborted) {
    try {
      if (!cleared) {
        await bot.api.deleteWebhook({}, signal as never); // grammY's Node types name abort-controller's AbortSignal; the native one works
        cleared = true;
      }
      const updates = await bot.api.getUpdates({ offset, timeout: 25, allowed_updates: ['message'] }, signal as never);
      for (const u of updates) {
        offset = u.update_id + 1;
        await onUpdate(u).catch((err: unknown) => log.error({ err }, 'telegram update failed'));
      }
    } catch (err) {
      if (signal.aborted) return;
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'telegram polling failed; retrying');
      await new Promise((r) => setTimeout(r, retryMs).unref());
    }
  }
}
