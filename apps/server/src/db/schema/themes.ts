import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores, users } from './core.js';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const storeId = () =>
  uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A storefront theme of a store (spec theme-editor §1): `type` newchick (shown FASHION) | hydro (DEFAULT). At most
 * one theme per store is published (partial unique index); publishing also sets
 * store_preferences.store_front_default_theme.
 */
export const themes = pgTable(
  'themes',
  {
    id: id(),
    storeId: storeId(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('themes_store').on(t.storeId),
    uniqueIndex('themes_one_published_per_store').on(t.storeId).where(sql`${t.published}`),
    check('themes_type', sql`${t.type} in ('newchick', 'hydro')`),
  ],
);

/**
 * Every saved version of a theme's config (DESIGN.md "Data": jsonb with an integer version, every version kept).
 * The current config is the row with the highest `version`; a save names the version it edited (409 when stale).
 * `schema_version` is the @backroom/theme schema version the config was written with.
 */
export const themeConfigs = pgTable(
  'theme_configs',
  {
    id: id(),
    themeId: uuid('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    storeId: storeId(),
    version: integer('version').notNull(),
    config: jsonb('config').notNull(),
    schemaVersion: integer('schema_version').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** What produced this version: seed | save | restore (restore of version N). */
    note: text('note').notNull().default('save'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('theme_configs_theme_version').on(t.themeId, t.version), index('theme_configs_store').on(t.storeId)],
);
