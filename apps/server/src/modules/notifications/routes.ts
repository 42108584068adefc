import {
  ErrorResponse,
  OkResponse,
  TelegramConnectResponse,
  TelegramSettings,
  TelegramSettingsBody,
  TelegramTestResponse,
  TelegramWebhookParams,
} from '@backroom/contracts';
import { badRequest, notFound } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import {
  activeChat,
  createConnectLink,
  disableLink,
  disconnect,
  dueSummaries,
  eventTexts,
  getTelegram,
  handleUpdate,
  requireBot,
  saveTelegram,
  testText,
  welcomeText,
} from './service.js';
import { createBot, isGone, isPermanent, pollUpdates, sameSecret, transportOf, webhookSecrets } from './telegram.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['notifications'];
/** The job that sends one Telegram message of a shop (payload `{text}`, HTML parse mode). */
const TELEGRAM_JOB = 'notifications.telegram';
/** How often the daily-summary clock looks for shops whose summary hour has come, ms. */
const SUMMARY_TICK_MS = 60_000;

interface MessagePayload {
  text: string;
}

/**
 * Telegram notifications (issue 18 item 4, route website.notification, scope `settings`):
 * GET/PUT/DELETE /api/notifications/telegram, POST …/connect (deep link), POST …/test, and the bot's webhook
 * POST /api/telegram/webhook/{secret} (no session: the path secret and Telegram's `secret_token` header). Without
 * an https PUBLIC_URL the bot is long-polled instead. Every message is the job `notifications.telegram`: retried
 * with backoff on a 5xx/429/network failure (TELEGRAM_RETRY_*), the link disabled with a visible reason when the
 * Bot API answers 403 or "chat not found". Shop events (lib/shop-events.ts) become messages for the chosen events.
 */
export default async function notificationsRoutes(app: App) {
  const guard = app.guard({ scope: 'settings' });
  const bot = createBot(app.config);
  const secrets = webhookSecrets(app.config);

  app.jobs.define<MessagePayload, { sent: boolean; disabled?: string }>({
    type: TELEGRAM_JOB,
    scope: 'settings',
    retryLimit: app.config.telegram.retryLimit,
    retryDelaySeconds: app.config.telegram.retryDelaySeconds,
    timeoutSeconds: 60,
    async handler(ctx) {
      if (!bot || !ctx.storeId) return { sent: false };
      const chatId = await activeChat(app.db, ctx.storeId);
      if (!chatId) return { sent: false };
      try {
        await bot.api.sendMessage(chatId, ctx.payload.text, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
        return { sent: true };
      } catch (err) {
        if (isGone(err)) {
          await disableLink(app.db, ctx.storeId, chatId, `${err.error_code}: ${err.description}`);
          return { sent: false, disabled: err.description };
        }
        if (isPermanent(err)) throw badRequest(`Telegram refused the message (${err.error_code}: ${err.description})`);
        throw err;
      }
    },
  });

  const queue = (storeId: string, text: string) => app.jobs.enqueue<MessagePayload>(storeId, TELEGRAM_JOB, { text });

  app.shopEvents.on(async (event) => {
    if (!bot) return;
    for (const text of await eventTexts(app.db, event)) await queue(event.storeId, text);
  });

  /** One update from the bot: a bound chat gets the welcome message; an unknown or spent code is told so at once. */
  const onUpdate = async (update: unknown) => {
    const r = await handleUpdate(app.db, update);
    if (!r || !bot) return;
    if (r.bound) await queue(r.storeId, await welcomeText(app.db, r.storeId));
    else
      await bot.api
        .sendMessage(r.chatId, 'This link has expired or was already used. Open Settings → Telegram in your shop and connect again.')
        .catch((err: unknown) => app.log.warn({ err }, 'telegram reply failed'));
  };

  const transport = transportOf(app.config);
  if (bot && transport === 'webhook') {
    app.addHook('onReady', async () => {
      const url = `${app.config.publicUrl!.replace(/\/+$/, '')}/api/telegram/webhook/${secrets.path}`;
      await bot.api
        .setWebhook(url, { secret_token: secrets.token, allowed_updates: ['message'] })
        .catch((err: unknown) => app.log.error({ err }, 'telegram setWebhook failed'));
    });
  } else if (bot && transport === 'polling') {
    const stop = new AbortController();
    app.addHook('onReady', async () => {
      void pollUpdates(bot, onUpdate, stop.signal, app.log);
    });
    app.addHook('onClose', async () => stop.abort());
  }
  if (bot) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        void dueSummaries(app.db)
          .then((due) => Promise.all(due.map((d) => queue(d.storeId, d.text))))
          .catch((err: unknown) => app.log.error({ err }, 'telegram daily summaries failed'));
      }, SUMMARY_TICK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  /** GET /api/notifications/telegram → TelegramSettings (defaults until saved). */
  app.get(
    '/api/notifications/telegram',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "The shop's Telegram notifications",
        operationId: 'getTelegramNotifications',
        response: { 200: TelegramSettings, ...errors },
      },
    },
    async (req) => getTelegram(app.db, app.config, bot, req.auth.storeId),
  );

  /** PUT /api/notifications/telegram (TelegramSettingsBody) → TelegramSettings; 400 naming the field. */
  app.put(
    '/api/notifications/telegram',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Choose the Telegram events, low-stock threshold and summary hour',
        operationId: 'updateTelegramNotifications',
        body: TelegramSettingsBody,
        response: { 200: TelegramSettings, ...errors },
      },
    },
    async (req) => {
      await saveTelegram(app.db, req.auth.storeId, req.body);
      return getTelegram(app.db, app.config, bot, req.auth.storeId);
    },
  );

  /** DELETE /api/notifications/telegram → {ok}: forgets the chat (events kept). */
  app.delete(
    '/api/notifications/telegram',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Disconnect the Telegram chat',
        operationId: 'disconnectTelegram',
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await disconnect(app.db, req.auth.storeId);
      return { ok: true as const, messages: ['Telegram disconnected'] };
    },
  );

  /** POST /api/notifications/telegram/connect → {url, expiresAt}; 400 without TELEGRAM_BOT_TOKEN; 502 when getMe fails. */
  app.post(
    '/api/notifications/telegram/connect',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'A one-time Telegram deep link binding a chat to the shop',
        operationId: 'connectTelegram',
        response: { 200: TelegramConnectResponse, ...errors, 502: ErrorResponse },
      },
    },
    async (req) => createConnectLink(app.db, requireBot(bot), req.auth.storeId),
  );

  /** POST /api/notifications/telegram/test → 202 {jobId}; 400 without a bot or a connected chat. */
  app.post(
    '/api/notifications/telegram/test',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Send a test message to the connected chat',
        operationId: 'testTelegram',
        response: { 202: TelegramTestResponse, ...errors },
      },
    },
    async (req, reply) => {
      requireBot(bot);
      if (!(await activeChat(app.db, req.auth.storeId))) throw badRequest('Connect a Telegram chat first');
      const jobId = await queue(req.auth.storeId, await testText(app.db, req.auth.storeId));
      return reply.status(202).send({ jobId });
    },
  );

  /**
   * POST /api/telegram/webhook/{secret} (Telegram → us; no session): 404 unless the path secret and the
   * `X-Telegram-Bot-Api-Secret-Token` header are this server's (and the webhook is the transport); else 200 {ok}
   * at once, the update handled (a `/start {code}` binds the chat).
   */
  app.post(
    '/api/telegram/webhook/:secret',
    {
      schema: {
        tags,
        summary: "The Telegram bot's webhook",
        operationId: 'telegramWebhook',
        params: TelegramWebhookParams,
        response: { 200: OkResponse, 404: ErrorResponse },
      },
    },
    async (req) => {
      const header = req.headers['x-telegram-bot-api-secret-token'];
      if (
        transport !== 'webhook' ||
        !sameSecret(req.params.secret, secrets.path) ||
        !sameSecret(typeof header === 'string' ? header : undefined, secrets.token)
      ) {
        throw notFound('Route');
      }
      await onUpdate(req.body);
      return { ok: true as const };
    },
  );
}
