/**
 * Public API of the `notifications` module (issue 18 item 4): Telegram notifications — settings and connect routes,
 * the bot's webhook (or long polling), the message job `notifications.telegram`, and the listener turning shop
 * events (lib/shop-events.ts) into messages.
 */
export { default as notificationsRoutes } from './routes.js';
