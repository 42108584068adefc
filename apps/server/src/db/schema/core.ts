import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A person who signs in. E-mail is stored lower-cased. */
export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  profilePicture: text('profile_picture'),
  createdAt: createdAt(),
});

/** A shop. `handle` makes its system domain `{handle}.{STOREFRONT_SUFFIX}`. */
export const stores = pgTable('stores', {
  id: id(),
  handle: text('handle').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('USD'),
  createdAt: createdAt(),
});

/** Who may use which store, and with what scopes (spec admin-dashboard §3 User, §6). */
export const storeMemberships = pgTable(
  'store_memberships',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isStoreOwner: boolean('is_store_owner').notNull().default(false),
    isStoreAdmin: boolean('is_store_admin').notNull().default(false),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('store_memberships_store_user').on(t.storeId, t.userId), index('store_memberships_user').on(t.userId)],
);

/** Page preference of spec §3, plus the home dashboard's homeHtml (§7 helpbase customHTML). */
export const storePreferences = pgTable('store_preferences', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  businessType: text('business_type').notNull().default('other'),
  paymentChoiceType: text('payment_choice_type').notNull().default('seller'),
  standardTimezone: text('standard_timezone').notNull().default('America/Los_Angeles'),
  storeFrontDefaultTheme: text('store_front_default_theme'),
  homeHtml: text('home_html').notNull().default(''),
  surveyDone: boolean('survey_done').notNull().default(true),
  survey: jsonb('survey'),
});

/** Hosts that route to a store's storefront (spec §3 Domain: host, domainType). */
export const domains = pgTable(
  'domains',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    host: text('host').notNull().unique(),
    domainType: text('domain_type').notNull().default('SystemDefault'),
    createdAt: createdAt(),
  },
  (t) => [index('domains_store').on(t.storeId)],
);

/** A sign-in session = one refresh-token family (DESIGN.md "Sessions"). Revoked → every token of it dies. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Refresh tokens, stored as SHA-256 hashes; each is spent once (usedAt). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session').on(t.sessionId)],
);

/** Security history (GET auth/history/): sign-ins, failures, password changes, revocations. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id'),
    type: text('type').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_events_user').on(t.userId, t.createdAt)],
);

/** Password-reset tokens (hashed, single use, short-lived). */
export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Uploaded or imported files kept in the store's own storage (DATA_DIR/uploads). */
export const uploads = pgTable('uploads', {
  id: id(),
  storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
  path: text('path').notNull(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
});
