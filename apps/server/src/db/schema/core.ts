import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    /**
     * When the owner or an admin last signed this person out of THIS store (issue 14 item 5): sessions opened at or
     * before it are refused for this store (401 STORE_SIGNED_OUT) and keep working for the person's other stores.
     */
    signedOutAt: timestamp('signed_out_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('store_memberships_store_user').on(t.storeId, t.userId), index('store_memberships_user').on(t.userId)],
);

/**
 * An invitation of an EXISTING account to a store's staff (issue 14 item 5: adding someone needs their consent). The
 * membership is created only when the invited person accepts; one pending invitation per store and person. Names
 * are the ones the inviter typed (shown to the store before acceptance).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    isStoreAdmin: boolean('is_store_admin').notNull().default(false),
    /**
     * The shop is handed to this person (Custom Store, issue 18 item 7): accepting makes them its owner
     * (`store_memberships.is_store_owner`).
     */
    isStoreOwner: boolean('is_store_owner').notNull().default(false),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_invitations_store_user').on(t.storeId, t.userId), index('staff_invitations_user').on(t.userId)],
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
  /** The storefront's cookie-consent banner (issue 17 item 6): ad pixels wait until the shopper accepts. */
  cookieConsentBanner: boolean('cookie_consent_banner').notNull().default(false),
  /** Store config flags of spec §3 (GET /stores/public/onlinestore/themes/page): referral programme on, VIP shop. */
  enableRef: boolean('enable_ref').notNull().default(false),
  isVip: boolean('is_vip').notNull().default(false),
  surveyDone: boolean('survey_done').notNull().default(true),
  survey: jsonb('survey'),
});

/**
 * Hosts that route to a store's storefront (spec §3 Domain: host, domainType; issue 11 item 1). `domainType` is
 * SystemDefault (the shop's `{handle}.{STOREFRONT_SUFFIX}`, always verified) or Custom. A custom domain routes only
 * once `status` is verified (DNS checked: CNAME/A plus the TXT `verifyToken`); `reason` says why a check failed. At
 * most one primary domain per store: the one "Open your site" and the storefront's links use. `host` (punycode, lower
 * case, no port) is claimed at most once per shop and verified for at most one shop (issue 29 item 9: a pending claim
 * does not reserve it; unverified claims expire after 7 days, domains/service.ts CLAIM_TTL_DAYS).
 */
export const domains = pgTable(
  'domains',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    domainType: text('domain_type').notNull().default('SystemDefault'),
    status: text('status').notNull().default('verified'),
    verifyToken: text('verify_token'),
    reason: text('reason'),
    isPrimary: boolean('is_primary').notNull().default(false),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('domains_store').on(t.storeId),
    uniqueIndex('domains_one_primary_per_store').on(t.storeId).where(sql`${t.isPrimary}`),
    // Issue 29 item 9: a pending claim does not reserve a host — several shops may claim it, once each; only one
    // row per host may be verified (the first shop to prove ownership by its TXT record).
    uniqueIndex('domains_host_store').on(t.host, t.storeId),
    uniqueIndex('domains_verified_host').on(t.host).where(sql`${t.status} = 'verified'`),
  ],
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

/**
 * The stores a session has opened (first guarded request of the session to the store; written once by the guard).
 * The staff list reads a member's last sign-in and open sessions from it, so a store never learns what the person
 * does in their other stores (issue 14 item 5).
 */
export const sessionStores = pgTable(
  'session_stores',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.storeId] }), index('session_stores_store').on(t.storeId)],
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
  /**
   * Size of the original kept for print (issue 19: print DPI), px; null when none was kept. The file is
   * `{storeId}/media/{id}.orig` in the media storage, never served (print renders read it).
   */
  originalWidth: integer('original_width'),
  originalHeight: integer('original_height'),
  createdAt: createdAt(),
});
