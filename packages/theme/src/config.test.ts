/**
 * fillDefaults (spec theme-editor §4) on an empty and on an old config, the schema migrations, the theme-type rule
 * (§1), section keys, addable sections and the slider-product rule (§2).
 */
import { describe, expect, it } from 'vitest';
import {
  ADDABLE_SECTIONS,
  blockLimits,
  canAddNextTo,
  emptyConfig,
  fillDefaults,
  groupsForPage,
  insertSection,
  MIGRATIONS,
  mapConfigHtml,
  migrateConfig,
  newSection,
  newSectionKey,
  parseThemeConfig,
  SCHEMA_VERSION,
  SECTION_TYPES,
  SETTINGS_GROUP_IDS,
  SETTINGS_GROUPS,
  type Section,
  themeTypeOf,
  UnknownSchemaVersionError,
} from './index.js';

/** A config as the legacy editor saved it: no schemaVersion, parts missing, legacy field shapes. */
const OLD_CONFIG = {
  pages: {
    homepage: {
      sections: [
        { type: 'head-image', key: 'head-image-legacy1', settings: { opacity_image: 30 } },
        {
          type: 'flash_deals',
          key: 'flash_deals-legacy2',
          settings: {
            blocks: [
              {
                title: 'Deal',
                type: 'collection',
                url: { name: 'category', slug: 'sale' },
                time: { day: '2', hour: '3', min: '0', getTime: '0' },
              },
            ],
          },
        },
        { type: 'collection_list', settings: { item_per_row: '4' } },
      ],
    },
    fixed: {
      header: { type: 'header', settings: { size_logo: 40, text_topbar: 'Hello' } },
      footer: { type: 'footer', settings: { copyright: '© Old shop', size_logo: 60 } },
    },
  },
  settings: {
    colors: { color_price: '#123456' },
    product: { show_description_variant: true, show_tags: false, unitName: 'boxes' },
    cart_goal: { goalAmount: '80' },
    thankpage: { steps: { settings: { blocks: [{ name: 'Order Placed', isEdit: false, root: true, unit: 'days', time: '0' }] } } },
  },
};

describe('fillDefaults (spec §4)', () => {
  it('fills an empty config with every group, header, footer variant and the current schema version', () => {
    for (const theme of ['newchick', 'hydro'] as const) {
      const c = fillDefaults({}, theme);
      expect(c.schemaVersion).toBe(SCHEMA_VERSION);
      expect(Object.keys(c.settings).sort()).toEqual([...SETTINGS_GROUP_IDS].sort());
      expect(c.pages.homepage.sections).toEqual([]);
      expect(c.pages.fixed.header.settings.size_logo).toEqual({ desktop: 50, mobile: 32 });
      expect(c.settings.colors.color_checkout_button).toBe('#0082E5');
      expect(parseThemeConfig(c, theme).ok).toBe(true);
    }
    const n = fillDefaults({}, 'newchick');
    expect(n.pages.fixed.footer.settings?.size_logo).toEqual({ desktop: 50, mobile: 32 });
    expect(n.pages.fixed.footer.block_config).toBeUndefined();
    const h = fillDefaults({}, 'hydro');
    expect(h.pages.fixed.footer.settings).toBeUndefined();
    expect(h.pages.fixed.footer.block_config?.mobile).toBe(''); // the footer mobile field
  });

  it('an empty config with no theme given is hydro (no footer settings)', () => {
    expect(themeTypeOf(fillDefaults({}))).toBe('hydro');
    expect(fillDefaults(null).pages.fixed.footer.block_config).toBeDefined();
  });

  it('fills an old config: migrates legacy shapes, keeps what was set, fills the rest', () => {
    const c = fillDefaults(OLD_CONFIG);
    expect(themeTypeOf(OLD_CONFIG)).toBe('newchick');
    expect(c.schemaVersion).toBe(SCHEMA_VERSION);
    // kept
    expect(c.settings.colors.color_price).toBe('#123456');
    expect(c.settings.product.unitName).toBe('boxes');
    expect(c.pages.fixed.header.settings.text_topbar).toBe('Hello');
    expect(c.pages.fixed.footer.settings?.copyright).toBe('© Old shop');
    // filled: colours, cart, element, currency, typography, product options, checkout, style, category, popups, cart goal
    expect(c.settings.colors.color_checkout_button).toBe('#0082E5');
    expect(c.settings.cart.trust_badge.show_trust_badge_image).toBe(true);
    expect(c.settings.element.search.time_change_suggestion).toBe(3);
    expect(c.settings.currency.enabled_currency).toBe(false);
    expect(c.settings.typography.font_size_price).toBe(16);
    expect(c.settings.product.options_setting).toEqual({ hidden_one_value: true, click_select_variant: true });
    expect(c.settings.checkout.time).toEqual({ day: 0, hour: 0, min: 10, getTime: 0 });
    expect(c.settings.style.maxLineDisplayProduct).toBe(2);
    expect(c.settings.category.show_banner).toBe(true);
    expect(c.settings.popup.subscribe.title).toContain('15% off');
    expect(c.settings.cart_goal.isShow).toBe(true);
    // logo sizes: legacy single numbers became {desktop, mobile}
    expect(c.pages.fixed.header.settings.size_logo).toEqual({ desktop: 40, mobile: 32 });
    expect(c.pages.fixed.footer.settings?.size_logo).toEqual({ desktop: 60, mobile: 32 });
    // migrated legacy fields
    expect(c.settings.product.show_variant_description).toBe(true);
    expect('show_description_variant' in c.settings.product).toBe(false);
    expect(c.settings.product.tags).toEqual({ show_tags: false });
    expect(c.settings.cart_goal.goalAmount).toBe(80);
    expect(c.settings.thankpage.steps.settings.blocks[0]!.time).toBe(0);
    // sections: settings filled, keys kept or created, index renumbered
    const [hero, deals, list] = c.pages.homepage.sections as [Section<'head-image'>, Section<'flash_deals'>, Section<'collection_list'>];
    expect(hero.key).toBe('head-image-legacy1');
    expect(hero.settings.opacity_image).toBe(30);
    expect(hero.settings.change_slides_every).toBe(4);
    expect(hero.settings.content.desktop).toHaveLength(1);
    expect(deals.settings.blocks[0]!.url).toEqual({ name: 'category', params: { slug: 'sale' } });
    expect(deals.settings.blocks[0]!.time).toEqual({ day: 2, hour: 3, min: 0, getTime: 0 });
    expect(deals.settings.blocks[0]!.image).toBe('/theme-assets/flash-deal.svg');
    expect(list.key).toMatch(/^collection_list-[a-z0-9]{6}$/);
    expect(c.pages.homepage.sections.map((s) => s.index)).toEqual([0, 1, 2]);
    // and the whole thing validates (item_per_row '4' is cast)
    const r = parseThemeConfig(OLD_CONFIG);
    expect(r.ok).toBe(true);
    expect(r.ok && (r.config.pages.homepage.sections[2] as Section<'collection_list'>).settings.item_per_row).toBe(4);
  });

  it('does not modify its input', () => {
    const copy = structuredClone(OLD_CONFIG);
    fillDefaults(OLD_CONFIG);
    expect(OLD_CONFIG).toEqual(copy);
  });

  it('is idempotent', () => {
    const once = fillDefaults(OLD_CONFIG);
    expect(fillDefaults(once)).toEqual(once);
  });
});

describe('migrations', () => {
  it('are ordered, one per version up to SCHEMA_VERSION', () => {
    expect(MIGRATIONS.map((m) => m.to)).toEqual(Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1));
  });

  it('run only above the saved version', () => {
    // A version-1 config keeps a legacy-looking key that only migration 1 would rename.
    const v1 = { schemaVersion: 1, settings: { product: { show_description_variant: true, show_tags: true } } };
    const out = migrateConfig(v1) as { schemaVersion: number; settings: { product: Record<string, unknown> } };
    expect(out.schemaVersion).toBe(SCHEMA_VERSION);
    expect(out.settings.product.show_description_variant).toBe(true);
    expect(out.settings.product.tags).toEqual({ show_tags: true }); // migration 2 ran
    expect('show_tags' in out.settings.product).toBe(false);
  });

  it('a current config passes unchanged', () => {
    const c = fillDefaults({}, 'newchick');
    expect(migrateConfig(c)).toEqual(c);
  });

  it('a config from a newer schema is refused', () => {
    expect(() => migrateConfig({ schemaVersion: SCHEMA_VERSION + 1 })).toThrow(UnknownSchemaVersionError);
    const r = parseThemeConfig({ schemaVersion: SCHEMA_VERSION + 1 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues[0]!.path).toBe('schemaVersion');
  });

  it('migration 1 keeps an explicit show_variant_description over the legacy alias', () => {
    const out = migrateConfig({
      settings: { product: { show_description_variant: true, show_variant_description: false } },
    }) as unknown as {
      settings: { product: Record<string, unknown> };
    };
    expect(out.settings.product).toEqual({ show_variant_description: false });
  });
});

describe('theme-type rule (spec §1)', () => {
  it('newchick if the footer of its config has settings, else hydro', () => {
    expect(themeTypeOf({ pages: { fixed: { footer: { settings: { copyright: 'x' } } } } })).toBe('newchick');
    expect(themeTypeOf({ pages: { fixed: { footer: { settings: {} } } } })).toBe('hydro');
    expect(themeTypeOf({ pages: { fixed: { footer: { block_config: { email: 'a' } } } } })).toBe('hydro');
    expect(themeTypeOf({})).toBe('hydro');
    expect(themeTypeOf('nonsense')).toBe('hydro');
    expect(themeTypeOf(fillDefaults({}, 'newchick'))).toBe('newchick');
  });

  it('a hydro theme cannot carry footer settings', () => {
    const r = parseThemeConfig(fillDefaults({}, 'newchick'), 'hydro');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues).toEqual([
      { path: 'pages.fixed.footer.settings', message: 'must be absent in a hydro theme (a footer with settings makes it newchick)' },
    ]);
    // a newchick theme given a hydro-shaped config gets the newchick footer filled in (spec §4 fill-in)
    const n = parseThemeConfig(fillDefaults({}, 'hydro'), 'newchick');
    expect(n.ok && themeTypeOf(n.config)).toBe('newchick');
  });
});

describe('sections (spec §2/§3)', () => {
  it('section keys are the type plus a random suffix', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newSectionKey('head-image')));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(/^head-image-[a-z0-9]{6}$/);
  });

  it('addable sections per theme are those of spec §2', () => {
    expect(new Set(ADDABLE_SECTIONS.hydro)).toEqual(
      new Set(['collection_list', 'image_with_text', 'feature-content', 'head-image', 'product-review', 'featured-collection']),
    );
    expect(new Set(ADDABLE_SECTIONS.newchick)).toEqual(
      new Set(['collection_list', 'head-image', 'style-collection', 'product_with_collection', 'flash_deals', 'featured-collection']),
    );
    expect(SECTION_TYPES).toHaveLength(10);
  });

  it('no section can be added next to slider-product', () => {
    expect(canAddNextTo('slider-product')).toBe(false);
    expect(canAddNextTo('head-image')).toBe(true);
    const list = [newSection('head-image', 'hydro'), newSection('slider-product', 'hydro')] as Section[];
    expect(() => insertSection(list, 1, newSection('collection_list', 'hydro'), 'hydro')).toThrow(/slider-product/);
    expect(() => insertSection(list, 2, newSection('collection_list', 'hydro'), 'hydro')).toThrow(/slider-product/);
    const ok = insertSection(list, 0, newSection('collection_list', 'hydro'), 'hydro');
    expect(ok.map((s) => [s.type, s.index])).toEqual([
      ['collection_list', 0],
      ['head-image', 1],
      ['slider-product', 2],
    ]);
    expect(() => insertSection([], 0, newSection('flash_deals', 'hydro'), 'hydro')).toThrow(/cannot be added/);
  });

  it('every section type validates with its defaults in both themes', () => {
    for (const theme of ['newchick', 'hydro'] as const) {
      const r = parseThemeConfig(emptyConfig(theme, SECTION_TYPES), theme);
      expect(r.ok ? [] : r.issues).toEqual([]);
    }
  });

  it('an unknown section type is a 400-style issue with its path', () => {
    const r = parseThemeConfig({ pages: { homepage: { sections: [{ type: 'carousel', key: 'x', settings: {} }] } } });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues[0]!.path).toBe('pages.homepage.sections.0.type');
  });
});

describe('walkable declaration', () => {
  it('setting-tab groups per page follow spec §2', () => {
    const ids = (page: Parameters<typeof groupsForPage>[0], theme: 'newchick' | 'hydro') => groupsForPage(page, theme).map((g) => g.label);
    expect(ids('home', 'hydro')).toEqual(['Colors', 'Typography', 'Style', 'Element', 'Currency']);
    expect(ids('home', 'newchick')).toEqual(['Colors', 'Typography', 'Style', 'Element', 'Currency', 'Popup']);
    expect(ids('product', 'hydro')).toEqual(['Product']);
    expect(ids('collections', 'newchick')).toEqual(['Collection']);
    expect(ids('collections', 'hydro')).toEqual([]);
    expect(ids('cart', 'hydro')).toEqual(['Cart', 'Cart Goal']);
    expect(ids('checkout', 'newchick')).toEqual(['Checkout']);
    expect(ids('order', 'hydro')).toEqual(['Thank You']);
  });

  it('special entries switch the preview page (spec §2)', () => {
    const byEntry = Object.fromEntries(Object.values(SETTINGS_GROUPS).map((g) => [g.entry, g.previewPage]));
    expect(byEntry).toMatchObject({
      'product-separate': 'product',
      'cart-setting': 'cart',
      'cart-goal-setting': 'cart',
      'thankpage-separate': 'order',
      'colors-setting': 'product',
      'typography-setting': 'product',
      category: 'category',
    });
  });

  it('block limits are derived from the declaration', () => {
    const limited = Object.fromEntries(
      blockLimits()
        .filter((b) => b.max !== undefined)
        .map((b) => [b.path, b.max]),
    );
    expect(limited).toEqual({
      'settings.product.tabs-detail': 5,
      'settings.product.setting_description': 3,
      'settings.thankpage.steps.settings.blocks': 4,
      'settings.thankpage.delivery_policies.settings.blocks': 3,
      'sections.flash_deals.blocks': 10,
    });
  });

  it('mapConfigHtml reaches every merchant-HTML value (review body_html, checkout customHtml, rich text)', () => {
    const c = emptyConfig('hydro', ['product-review', 'feature-content']);
    (c.pages.homepage.sections[0] as Section<'product-review'>).settings.body_html = '<p>ok</p><script>x</script>';
    c.settings.checkout.customHtml = '<b>hi</b><script>y</script>';
    const out = mapConfigHtml(c, (h) => h.replace(/<script>.*?<\/script>/g, ''));
    expect((out.pages.homepage.sections[0] as Section<'product-review'>).settings.body_html).toBe('<p>ok</p>');
    expect(out.settings.checkout.customHtml).toBe('<b>hi</b>');
    expect(out.settings.checkout.customJs).toBe(''); // JS is not HTML: untouched
    expect((c.pages.homepage.sections[0] as Section<'product-review'>).settings.body_html).toContain('<script>'); // input unchanged
  });
});
