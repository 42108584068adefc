import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores, users } from './core.js';

/**
 * Getting paid (issue 10): the payment-gateway pool (proxies and gateway groups), payout cards, the payout config,
 * payout requests, the shop's subscription (trial and plan) and skipped onboarding steps. Money in integer cents of
 * the store currency. The balance is not stored: it is summed from orders, refunds and payout requests
 * (modules/payout/ledger.ts), so it cannot drift from the rows it comes from.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });
const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const storeId = () =>
  uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });

/**
 * A payment-gateway account of the provider's pool (a "proxy"): provider (paypal, stripe…), display name, the
 * provider's account id, status, and its credentials encrypted with AES-256-GCM (lib/secrets.ts), never answered.
 */
export const paymentProxies = pgTable(
  'payment_proxies',
  {
    id: id(),
    provider: text('provider').notNull(),
    displayName: text('display_name').notNull(),
    accountId: text('account_id').notNull(),
    status: text('status').notNull().default('active'),
    credentialsEnc: text('credentials_enc').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_proxies_provider_account').on(t.provider, t.accountId)],
);

/** A named set of proxies; a shop assigned a group is served by all its proxies. */
export const gatewayGroups = pgTable('gateway_groups', {
  id: id(),
  name: text('name').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const gatewayGroupProxies = pgTable(
  'gateway_group_proxies',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => gatewayGroups.id, { onDelete: 'cascade' }),
    proxyId: uuid('proxy_id')
      .notNull()
      .references(() => paymentProxies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.proxyId] }), index('gateway_group_proxies_proxy').on(t.proxyId)],
);

/** Proxies assigned directly to a shop, in the order checkout tries them (`position`, 0 first). */
export const storeProxies = pgTable(
  'store_proxies',
  {
    storeId: storeId(),
    proxyId: uuid('proxy_id')
      .notNull()
      .references(() => paymentProxies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.proxyId] }), index('store_proxies_proxy').on(t.proxyId)],
);

/** Gateway groups assigned to a shop. */
export const storeGatewayGroups = pgTable(
  'store_gateway_groups',
  {
    storeId: storeId(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => gatewayGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.groupId] })],
);

/** A payout card: holder, brand, last 4 digits and expiry. The whole number is never stored (issue 10 item 4). */
export const payoutCards = pgTable(
  'payout_cards',
  {
    id: id(),
    storeId: storeId(),
    holderName: text('holder_name').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payout_cards_store').on(t.storeId), check('payout_cards_last4', sql`${t.last4} ~ '^[0-9]{4}$'`)],
);

/**
 * How a shop is paid out (one per shop): method card | bank | paypal and its destination, the minimum amount of a
 * request (cents) and the schedule (manual | weekly | monthly). The IBAN is encrypted (lib/secrets.ts); answers
 * show it masked.
 */
export const payoutConfigs = pgTable('payout_configs', {
  id: id(),
  storeId: storeId().unique(),
  method: text('method').notNull(),
  cardId: uuid('card_id').references(() => payoutCards.id, { onDelete: 'set null' }),
  accountHolder: text('account_holder'),
  ibanEnc: text('iban_enc'),
  ibanMasked: text('iban_masked'),
  paypalEmail: text('paypal_email'),
  minimumCents: integer('minimum_cents').notNull().default(0),
  schedule: text('schedule').notNull().default('manual'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A payout request: pending → approved → paid, or rejected with a reason (moved by provider staff). Every request
 * not rejected debits the balance from the moment it is made; `destination` is the masked target at request time.
 */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: id(),
    storeId: storeId(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    method: text('method').notNull(),
    destination: text('destination').notNull(),
    reason: text('reason'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payout_requests_store_created').on(t.storeId, t.createdAt), check('payout_requests_positive', sql`${t.amountCents} > 0`)],
);

/**
 * A shop's subscription: the chosen plan (null during the trial) and when the trial ends. A shop without a row is
 * on its trial from its creation (TRIAL_DAYS); the row is written when a plan is chosen.
 */
export const storeSubscriptions = pgTable('store_subscriptions', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  plan: text('plan'),
  trialEndsAt: ts('trial_ends_at').notNull(),
  chosenAt: ts('chosen_at'),
});

/** Onboarding steps a shop skipped (PUT /stores/config/skip). */
export const onboardingSkips = pgTable(
  'onboarding_skips',
  {
    storeId: storeId(),
    field: text('field').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.field] })],
);
