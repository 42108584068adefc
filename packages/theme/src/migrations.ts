/**
 * Schema versions of saved theme configs and the ordered migrations between them (DESIGN.md "Data": configs
 * are jsonb with a version; every saved version is kept, so old ones must still load).
 *
 * Version 0 is a config with no `schemaVersion` (the shapes the legacy editor saved, spec theme-editor §3
 * aliases). Each migration takes the config of version `to - 1` and returns version `to`; they run in order.
 */

/** The schema version this package writes. */
export const SCHEMA_VERSION = 3;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const toNumber = (v: unknown): unknown => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

export interface Migration {
  /** The version this migration produces. */
  to: number;
  description: string;
  up(config: Obj): Obj;
}

function sectionsOf(c: Obj): Obj[] {
  const pages = isObj(c.pages) ? c.pages : undefined;
  const home = pages && isObj(pages.homepage) ? pages.homepage : undefined;
  return home && Array.isArray(home.sections) ? (home.sections.filter(isObj) as Obj[]) : [];
}
function groupOf(c: Obj, id: string): Obj | undefined {
  const settings = isObj(c.settings) ? c.settings : undefined;
  const grp = settings?.[id];
  return isObj(grp) ? grp : undefined;
}
function castCountdown(v: unknown): void {
  if (!isObj(v)) return;
  for (const k of ['day', 'hour', 'min', 'getTime']) if (k in v) v[k] = toNumber(v[k]);
}

/** The ordered migrations; `MIGRATIONS[i].to === i + 1`. */
export const MIGRATIONS: readonly Migration[] = [
  {
    to: 1,
    description:
      'Legacy shapes: product.show_description_variant → show_variant_description; flash-deal url {name, slug} → ' +
      '{name, params: {slug}}; count-down times, goal amount and step times cast to numbers (spec §5 "cast to numbers")',
    up(c) {
      const product = groupOf(c, 'product');
      if (product && 'show_description_variant' in product) {
        if (product.show_variant_description === undefined) product.show_variant_description = product.show_description_variant;
        delete product.show_description_variant;
      }
      for (const sec of sectionsOf(c)) {
        if (sec.type !== 'flash_deals' || !isObj(sec.settings) || !Array.isArray(sec.settings.blocks)) continue;
        for (const b of sec.settings.blocks) {
          if (!isObj(b)) continue;
          const url = b.url;
          if (isObj(url) && !isObj(url.params)) {
            url.params = { slug: typeof url.slug === 'string' ? url.slug : '' };
            delete url.slug;
          }
          castCountdown(b.time);
        }
      }
      const goal = groupOf(c, 'cart_goal');
      if (goal && 'goalAmount' in goal) goal.goalAmount = toNumber(goal.goalAmount);
      castCountdown(groupOf(c, 'checkout')?.time);
      const steps = groupOf(c, 'thankpage')?.steps;
      const stepBlocks = isObj(steps) && isObj(steps.settings) ? steps.settings.blocks : undefined;
      if (Array.isArray(stepBlocks)) for (const b of stepBlocks) if (isObj(b) && 'time' in b) b.time = toNumber(b.time);
      return c;
    },
  },
  {
    to: 2,
    description: 'Logo sizes: a single number → {desktop, mobile} (header and footer); product.show_tags → product.tags.show_tags',
    up(c) {
      const pages = isObj(c.pages) ? c.pages : undefined;
      const fixed = pages && isObj(pages.fixed) ? pages.fixed : undefined;
      for (const area of [fixed?.header, fixed?.footer]) {
        if (!isObj(area) || !isObj(area.settings)) continue;
        const size = toNumber(area.settings.size_logo);
        if (typeof size === 'number') area.settings.size_logo = { desktop: size, mobile: Math.min(size, 32) };
      }
      const product = groupOf(c, 'product');
      if (product && 'show_tags' in product) {
        if (!isObj(product.tags)) product.tags = { show_tags: Boolean(product.show_tags) };
        delete product.show_tags;
      }
      return c;
    },
  },
  {
    to: 3,
    description:
      'Issue 31: the untouched default delivery policies ("7-10 days", "10-20 business days") → the computed ' +
      '{production_days}/{shipping_days}; the default stock unit "pairs" → none (the product\'s own unit)',
    up(c) {
      const policies = groupOf(c, 'thankpage')?.delivery_policies;
      const list = isObj(policies) && isObj(policies.settings) ? policies.settings.blocks : undefined;
      const computed: Record<string, string> = {
        '<p>7-10 days</p>': '<p>{production_days} days</p>',
        '<p>10-20 business days</p>': '<p>{shipping_days} days</p>',
      };
      if (Array.isArray(list)) {
        for (const b of list) if (isObj(b) && typeof b.content === 'string' && computed[b.content]) b.content = computed[b.content];
      }
      const product = groupOf(c, 'product');
      if (product) for (const k of ['unitName', 'itemNameLeftInStock']) if (product[k] === 'pairs') product[k] = '';
      return c;
    },
  },
];

/** Raised when a config names a schema version newer than this package knows. */
export class UnknownSchemaVersionError extends Error {
  constructor(readonly version: number) {
    super(`schemaVersion: ${version} is newer than the supported ${SCHEMA_VERSION}`);
  }
}

/**
 * Brings a saved config to `SCHEMA_VERSION` by running, in order, every migration above its `schemaVersion`
 * (missing = 0). Returns a new object (the input is not modified) with `schemaVersion` set. A non-object input
 * yields `{schemaVersion: SCHEMA_VERSION}`. Throws `UnknownSchemaVersionError` for a version above ours.
 */
export function migrateConfig(saved: unknown): Obj & { schemaVersion: number } {
  const c: Obj = isObj(saved) ? structuredClone(saved) : {};
  const from = typeof c.schemaVersion === 'number' && Number.isInteger(c.schemaVersion) ? c.schemaVersion : 0;
  if (from > SCHEMA_VERSION) throw new UnknownSchemaVersionError(from);
  let out = c;
  for (const m of MIGRATIONS) if (m.to > from) out = m.up(out);
  out.schemaVersion = SCHEMA_VERSION;
  return out as Obj & { schemaVersion: number };
}
