/**
 * Table-driven checks that every range of spec theme-editor §5 and every default of §9 is what the declaration
 * says — and what the derived validator enforces at the boundaries. The expected tables are written from the
 * spec text here, not read from the declaration: a wrong min, max or default fails a test.
 */
import { describe, expect, it } from 'vitest';
import {
  addBlock,
  type BlocksSetting,
  blockLimitMessage,
  canAddBlock,
  canDeleteBlock,
  emptyConfig,
  type Fields,
  fillDefaults,
  fontKey,
  fontStyleName,
  type NumberSetting,
  newSection,
  parseFontStyle,
  parseThemeConfig,
  RICHTEXT_SIZES,
  rangeOf,
  type SectionType,
  type Setting,
  settingAt,
  type ThemeType,
  themeConfigSchema,
} from './index.js';

type Obj = Record<string, unknown>;

/** Maps a declaration path (walkThemeSchema naming) to the path of the value inside a config built for it. */
function configPath(declPath: string): { sectionType?: SectionType; path: string } {
  const m = /^sections\.([^.]+)\.(.+)$/.exec(declPath);
  const path = (m ? `pages.homepage.sections.0.settings.${m[2]}` : declPath).replaceAll('[]', '.0');
  return m ? { sectionType: m[1] as SectionType, path } : { path };
}

function setAt(obj: unknown, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = obj as Obj;
  for (const p of parts.slice(0, -1)) cur = cur[p] as Obj;
  cur[parts.at(-1)!] = value;
}

/** A valid config of `theme` whose value at the declaration path is `value`, ready to validate. */
function configWith(theme: ThemeType, declPath: string, value: unknown) {
  const { sectionType, path } = configPath(declPath);
  const c = emptyConfig(theme, sectionType ? [sectionType] : []);
  setAt(c, path, value);
  return { config: c, path };
}

function issuesAt(theme: ThemeType, declPath: string, value: unknown): string[] {
  const { config, path } = configWith(theme, declPath, value);
  const r = parseThemeConfig(config, theme);
  return r.ok ? [] : r.issues.filter((i) => i.path === path).map((i) => i.message);
}

const num = (path: string): NumberSetting => {
  const s = settingAt(path);
  if (s?.kind !== 'number') throw new Error(`${path} is not a declared number (${s?.kind})`);
  return s;
};
const blocksAt = (path: string): BlocksSetting<Fields> => {
  const s = settingAt(path);
  if (s?.kind !== 'blocks') throw new Error(`${path} is not a declared block list (${s?.kind})`);
  return s;
};
const optionsAt = (path: string) => {
  const s = settingAt(path) as Setting | undefined;
  if (s?.kind !== 'select') throw new Error(`${path} is not a declared select (${s?.kind})`);
  return s.options.map((o) => o.value);
};

// ---------------------------------------------------------------------------------------------------- §5 ranges
/** [spec text, declaration path, theme, min, max, unit] */
const RANGES: [string, string, ThemeType, number, number, string | undefined][] = [
  ['Items per row, desktop slider: 2 to 6', 'sections.collection_list.item_per_row', 'hydro', 2, 6, 'items'],
  ['Items per row, desktop slider: 2 to 8 for newchick', 'sections.collection_list.item_per_row', 'newchick', 2, 8, 'items'],
  ['Items per row, desktop slider: 2 to 6 (style collection)', 'sections.style-collection.item_per_row', 'hydro', 2, 6, 'items'],
  ['2 to 8 for newchick (style collection)', 'sections.style-collection.item_per_row', 'newchick', 2, 8, 'items'],
  ['Mobile: 2 to 4', 'sections.collection_list.item_per_row_mobile', 'hydro', 2, 4, 'items'],
  ['Mobile: 2 to 4 (newchick)', 'sections.collection_list.item_per_row_mobile', 'newchick', 2, 4, 'items'],
  ['Mobile: 2 to 4 (style collection)', 'sections.style-collection.item_per_row_mobile', 'newchick', 2, 4, 'items'],
  ['Featured collection: 4 to 6', 'sections.featured-collection.item_per_row', 'hydro', 4, 6, 'items'],
  ['Featured collection: 4 to 6 (newchick)', 'sections.featured-collection.item_per_row', 'newchick', 4, 6, 'items'],
  ['Limit product: 45 to 50', 'sections.collection_list.limit_product', 'hydro', 45, 50, 'products'],
  ['Limit product: 45 to 50 (newchick)', 'sections.collection_list.limit_product', 'newchick', 45, 50, 'products'],
  ['Slider product items per row: 4 to 6', 'sections.slider-product.blocks[].item_per_row', 'hydro', 4, 6, 'items'],
  ['Slider product items per row: 4 to 6 (newchick)', 'sections.slider-product.blocks[].item_per_row', 'newchick', 4, 6, 'items'],
  ['Change slides every: 1 to 12 seconds', 'sections.head-image.change_slides_every', 'hydro', 1, 12, 's'],
  ['Image opacity: 0 to 100 percent', 'sections.head-image.opacity_image', 'newchick', 0, 100, '%'],
  ['Search suggestion change time: 1 to 5 seconds', 'settings.element.search.time_change_suggestion', 'hydro', 1, 5, 's'],
  ['Shipping range from: 0 to 100 days', 'settings.product.setting_shipping.time_shipping.from', 'newchick', 0, 100, 'days'],
  ['Shipping range to: 0 to 100 days', 'settings.product.setting_shipping.time_shipping.to', 'newchick', 0, 100, 'days'],
  ['Font sizes: 8 to 80 px (product)', 'settings.typography.font_size_product', 'hydro', 8, 80, 'px'],
  ['Font sizes: 8 to 80 px (price)', 'settings.typography.font_size_price', 'newchick', 8, 80, 'px'],
  ['Font sizes: 8 to 80 px (compare-at price)', 'settings.typography.font_size_compare_at_price', 'hydro', 8, 80, 'px'],
  ['Font sizes: 8 to 80 px (sale tag)', 'settings.typography.font_size_sale_tag', 'newchick', 8, 80, 'px'],
  ['Font sizes: 8 to 80 px (cart button text)', 'settings.typography.font_size_cart_button_text', 'hydro', 8, 80, 'px'],
];

describe('spec §5 ranges', () => {
  it.each(RANGES)('%s', (_text, path, theme, min, max, unit) => {
    const s = num(path);
    expect(rangeOf(s, theme)).toEqual({ min, max });
    expect(s.unit).toBe(unit);
    // The derived validator enforces exactly these boundaries.
    expect(issuesAt(theme, path, min)).toEqual([]);
    expect(issuesAt(theme, path, max)).toEqual([]);
    expect(issuesAt(theme, path, min - 1)).toEqual([`must be between ${min} and ${max}`]);
    expect(issuesAt(theme, path, max + 1)).toEqual([`must be between ${min} and ${max}`]);
  });

  it('Rich-text sizes: 10, 12, 14, 16, 18, 20, 24, 30, 32, 36 px', () => {
    expect([...RICHTEXT_SIZES]).toEqual([10, 12, 14, 16, 18, 20, 24, 30, 32, 36]);
    const rt = settingAt('settings.product.topMessage');
    expect(rt?.kind === 'richtext' && [...rt.sizes]).toEqual([10, 12, 14, 16, 18, 20, 24, 30, 32, 36]);
  });

  it('Search type: icon or input', () => {
    expect(optionsAt('settings.element.search.type_search_in_mobile')).toEqual(['icon', 'input']);
    expect(issuesAt('hydro', 'settings.element.search.type_search_in_mobile', 'bar')).toEqual(['must be one of: icon, input']);
  });

  /** [spec text, path, max, add allowed below max] */
  const LIMITS: [string, string, number][] = [
    ['Product tabs: at most 5 blocks', 'settings.product.tabs-detail', 5],
    ['Thank-you steps: add hidden at 4 or more', 'settings.thankpage.steps.settings.blocks', 4],
    ['Delivery policies: add hidden at 3 or more', 'settings.thankpage.delivery_policies.settings.blocks', 3],
    ['Description tabs: add disabled at 3 or more', 'settings.product.setting_description', 3],
    ['Flash-deal detail collections: add offered only with fewer than 10 blocks', 'sections.flash_deals.blocks', 10],
  ];
  it.each(LIMITS)('%s', (_text, path, max) => {
    const s = blocksAt(path);
    expect(s.max).toBe(max);
    expect(canAddBlock(s, max - 1)).toBe(true);
    expect(canAddBlock(s, max)).toBe(false);
    const list = Array.from({ length: max }, () => structuredClone(s.newBlock));
    expect(issuesAt('newchick', path, list)).toEqual([]);
    expect(issuesAt('newchick', path, [...list, structuredClone(s.newBlock)])).toEqual([`at most ${max} blocks`]);
  });

  it('at the product-tab limit the UI says "n/5 blocks used. Delete to add more."', () => {
    expect(blocksAt('settings.product.tabs-detail').limitMessage).toBe(true);
    expect(blockLimitMessage(5, 5)).toBe('5/5 blocks used. Delete to add more.');
  });

  it('The description tab cannot be deleted', () => {
    const s = blocksAt('settings.product.setting_description');
    expect(canDeleteBlock(s, 0)).toBe(false);
    expect(canDeleteBlock(s, 1)).toBe(true);
    expect(canDeleteBlock(blocksAt('settings.product.tabs-detail'), 0)).toBe(true);
  });

  it('Step time is numeric; units days, hours, minutes (numeric text is cast to a number)', () => {
    const path = 'settings.thankpage.steps.settings.blocks[].time';
    expect(num(path).kind).toBe('number');
    expect(optionsAt('settings.thankpage.steps.settings.blocks[].unit')).toEqual(['days', 'hours', 'minutes']);
    expect(issuesAt('hydro', path, '3')).toEqual([]);
    expect(issuesAt('hydro', path, 'three')).toEqual(['Invalid number.']);
  });

  it('Time and goal amount inputs are cast to numbers', () => {
    const { config } = configWith('hydro', 'settings.cart_goal.goalAmount', '75.5');
    const r = parseThemeConfig(config, 'hydro');
    expect(r.ok && r.config.settings.cart_goal.goalAmount).toBe(75.5);
    expect(issuesAt('hydro', 'settings.cart_goal.goalAmount', 'lots')).toEqual(['Invalid number.']);
  });

  /** [spec text, select path, options] */
  const SELECTS: [string, string, (string | number)[]][] = [
    ['Sale style: amount or percent', 'settings.product.layout.sale_type', ['amount', 'percent']],
    ['Variant style: button or dropdown', 'settings.product.layout.variant_style', ['button', 'dropdown']],
    ['Description position: right or below', 'settings.product.position_tab_detail', ['right', 'below']],
    ['Checkout step layout: 1 cart page, 2 checkout page, 3 mini cart', 'settings.product.checkoutStepLayout', [1, 2, 3]],
    ['Slide position: left, center, right', 'sections.head-image.content.desktop[].position', ['left', 'center', 'right']],
    ['Collection list align: left or center', 'sections.collection_list.align', ['left', 'center']],
    ['Image with text position: left or right', 'sections.image_with_text.blocks[].position', ['left', 'right']],
    ['Flash deal type: count-down or collection', 'sections.flash_deals.blocks[].type', ['count-down', 'collection']],
  ];
  it.each(SELECTS)('%s', (_text, path, options) => {
    expect(optionsAt(path)).toEqual(options);
  });

  it('checkout step layout labels', () => {
    const s = settingAt('settings.product.checkoutStepLayout');
    expect(s?.kind === 'select' && s.options.map((o) => o.label)).toEqual(['Cart page', 'Checkout page', 'Mini cart']);
  });

  it('Rules "Required." and "Invalid number." are the validator messages', () => {
    expect(issuesAt('hydro', 'settings.typography.font_size_price', 'big')).toEqual(['Invalid number.']);
    // The complete-config schema (what fillDefaults produces) says "Required." for a value that is missing.
    const c = fillDefaults({}, 'hydro') as unknown as { settings: { typography: Obj } };
    delete c.settings.typography.font_size_price;
    const r = themeConfigSchema('hydro').safeParse(c);
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'settings.typography.font_size_price: Required.',
    ]);
    // parseThemeConfig fills it with the default first.
    expect(parseThemeConfig(c, 'hydro').ok).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------- §9 defaults
/** [spec text, declaration path, theme, expected default] */
const DEFAULTS: [string, string, ThemeType, unknown][] = [
  ['Defaults: opacity 50', 'sections.head-image.opacity_image', 'hydro', 50],
  ['slides change every 4 s', 'sections.head-image.change_slides_every', 'newchick', 4],
  ['Checkout countdown 10 minutes', 'settings.checkout.time', 'hydro', { day: 0, hour: 0, min: 10, getTime: 0 }],
  ['flash-deal count-down 5 days', 'sections.flash_deals.blocks[].time', 'newchick', { day: 5, hour: 0, min: 0, getTime: 0 }],
  ['logo size desktop 50 (header)', 'pages.fixed.header.settings.size_logo.desktop', 'hydro', 50],
  ['logo size mobile 32 (header)', 'pages.fixed.header.settings.size_logo.mobile', 'newchick', 32],
  ['logo size desktop 50 (footer)', 'pages.fixed.footer.settings.size_logo.desktop', 'newchick', 50],
  ['logo size mobile 32 (footer)', 'pages.fixed.footer.settings.size_logo.mobile', 'newchick', 32],
  ['checkout button colour #0082E5', 'settings.colors.color_checkout_button', 'hydro', '#0082E5'],
  ['checkout button colour #0082E5 (newchick)', 'settings.colors.color_checkout_button', 'newchick', '#0082E5'],
  ['Slide button text "Shop Now Test"', 'sections.head-image.content.desktop[].buttonLabel.title', 'hydro', 'Shop Now Test'],
  ['linking to the home route', 'sections.head-image.content.desktop[].urlButton', 'hydro', { name: 'home', params: { slug: '' } }],
  ['slide position center', 'sections.head-image.content.desktop[].position', 'newchick', 'center'],
  ['New custom step: "Custom step"', 'settings.thankpage.steps.settings.blocks[].name', 'hydro', 'Custom step'],
  ['New custom step: 1 day (time)', 'settings.thankpage.steps.settings.blocks[].time', 'hydro', 1],
  ['New custom step: 1 day (unit)', 'settings.thankpage.steps.settings.blocks[].unit', 'hydro', 'days'],
  ['new policy name "Delivery policy"', 'settings.thankpage.delivery_policies.settings.blocks[].name', 'hydro', 'Delivery policy'],
  ['Footer new info: title "High-quality Goods"', 'pages.fixed.footer.settings.infoWithIcon[].title', 'newchick', 'High-quality Goods'],
  [
    'sub-title "Enjoy top quality items for less"',
    'pages.fixed.footer.settings.infoWithIcon[].subTitle',
    'newchick',
    'Enjoy top quality items for less',
  ],
  ['New payment icon starts empty', 'pages.fixed.footer.settings.iconPayments[].value', 'newchick', ''],
  ['Featured collection defaults: 4 per row', 'sections.featured-collection.item_per_row', 'hydro', 4],
  ['Featured collection defaults: 18 products', 'sections.featured-collection.limit_product', 'hydro', 18],
  ['Collection list defaults: 3 per row', 'sections.collection_list.item_per_row', 'newchick', 3],
  ['Collection list defaults: 2 on mobile', 'sections.collection_list.item_per_row_mobile', 'newchick', 2],
  ['Product defaults: productRating on', 'settings.product.productRating', 'hydro', true],
  ['hideReviewSizes false', 'settings.product.hideReviewSizes', 'hydro', false],
  ['hideHurryBox false', 'settings.product.hideHurryBox', 'newchick', false],
  ['hideGuaranteed false', 'settings.product.hideGuaranteed', 'hydro', false],
  // Issue 31 item 2 overrides spec §9's "pairs": the theme's unit is a default only where the merchant sets it.
  ['itemNameLeftInStock empty (issue 31)', 'settings.product.itemNameLeftInStock', 'hydro', ''],
  ['unitName empty (issue 31)', 'settings.product.unitName', 'newchick', ''],
  ['color_watch Square', 'settings.product.color_watch', 'hydro', 'Square'],
  ['default tab "Tab new"', 'settings.product.tabs-detail[].heading', 'hydro', 'Tab new'],
  ['description tab heading "Heading"', 'settings.product.setting_description[].heading', 'newchick', 'Heading'],
];

/** The value a config filled with defaults holds at a path (block fields: the field's declared default). */
function defaultAt(theme: ThemeType, declPath: string): unknown {
  if (declPath.includes('[]')) {
    const s = settingAt(declPath);
    if (!s || s.kind === 'group' || s.kind === 'blocks') throw new Error(`no leaf at ${declPath}`);
    return s.themeDefaults?.[theme] ?? s.default;
  }
  const { sectionType, path } = configPath(declPath);
  // A section given only its type is filled with the declared defaults (spec §4 fill-in).
  let cur: unknown = fillDefaults(sectionType ? { pages: { homepage: { sections: [{ type: sectionType }] } } } : {}, theme);
  for (const p of path.split('.')) cur = (cur as Obj)[p];
  return cur;
}

describe('spec §9 defaults', () => {
  it.each(DEFAULTS)('%s', (_text, path, theme, expected) => {
    expect(defaultAt(theme, path)).toEqual(expected);
  });

  it('head-image slides 6 s where that section is added', () => {
    expect(newSection('head-image', 'hydro').settings.change_slides_every).toBe(6);
    expect(newSection('head-image', 'newchick').settings.change_slides_every).toBe(6);
  });

  it('new slides carry the default content (Shop Now Test, home, center)', () => {
    const slides = blocksAt('sections.head-image.content.desktop');
    expect(slides.newBlock).toMatchObject({ buttonLabel: { title: 'Shop Now Test' }, urlButton: { name: 'home' }, position: 'center' });
  });

  it('product tab maximum 5; new tab "Tab new"', () => {
    const tabs = blocksAt('settings.product.tabs-detail');
    expect(tabs.max).toBe(5);
    expect(tabs.newBlock).toMatchObject({ heading: 'Tab new' });
  });

  it('Thank-you steps default: Order Placed, Order Processing (1 day), Packaging & Quality Control (1 day), Shipped', () => {
    const steps = fillDefaults({}, 'hydro').settings.thankpage.steps.settings.blocks;
    expect(steps.map((s) => s.name)).toEqual(['Order Placed', 'Order Processing', 'Packaging & Quality Control', 'Shipped']);
    expect(steps[1]).toMatchObject({ time: 1, unit: 'days' });
    expect(steps[2]).toMatchObject({ time: 1, unit: 'days' });
  });

  it('Thank-you custom steps are inserted at position 3, before the last steps (§4)', () => {
    const s = blocksAt('settings.thankpage.steps.settings.blocks');
    const three = fillDefaults({}, 'hydro').settings.thankpage.steps.settings.blocks.slice(0, 3);
    const next = addBlock(s, three as never) as { name: string }[];
    expect(next.map((b) => b.name)).toEqual(['Order Placed', 'Order Processing', 'Custom step', 'Packaging & Quality Control']);
  });

  it('Delivery policy defaults: production time and shipping time, computed (issue 31 item 1 overrides "7-10 days")', () => {
    const list = fillDefaults({}, 'newchick').settings.thankpage.delivery_policies.settings.blocks;
    expect(list.map((b) => b.name)).toEqual(['Production time', 'Shipping time']);
    expect(list[0]!.content).toContain('{production_days} days');
    expect(list[1]!.content).toContain('{shipping_days} days');
    // A config saved with the spec's fixed texts is migrated to the computed ones.
    const old = fillDefaults(
      {
        settings: {
          thankpage: {
            delivery_policies: {
              settings: {
                isShowPage: true,
                blocks: [
                  { name: 'Production time', content: '<p>7-10 days</p>' },
                  { name: 'Shipping time', content: '<p>10-20 business days</p>' },
                ],
              },
            },
          },
          product: { unitName: 'pairs' },
        },
      },
      'newchick',
    );
    expect(old.settings.thankpage.delivery_policies.settings.blocks.map((b) => b.content)).toEqual([
      '<p>{production_days} days</p>',
      '<p>{shipping_days} days</p>',
    ]);
    expect(old.settings.product.unitName).toBe('');
  });

  it('Subscribe popup default offers 15% off', () => {
    const sub = fillDefaults({}, 'newchick').settings.popup.subscribe;
    expect(`${sub.title} ${sub.content}`).toContain('15% off');
  });

  /** The 16 families of §9, as the spec lists them. */
  const SPEC_FAMILIES = [
    'Alata',
    'Mulish',
    'Poppins',
    'Open Sans',
    'Abril Fatface',
    'Quicksand',
    'Aclonica',
    'Quintessential',
    'Radley',
    'Rancho',
    'Rokkitt',
    'Share',
    'Sevillana',
    'Assistant',
    'Roboto',
    'Be Vietnam Pro',
  ];
  const fontIssues = (family: string) =>
    issuesAt('hydro', 'settings.typography.type_base_family', {
      font: family,
      style: '400 Regular',
      url: '',
      key: fontKey(family, '400 Regular'),
    });

  it.each(SPEC_FAMILIES)('Default font families of §9: a config using %s validates', (family) => {
    expect(fontIssues(family)).toEqual([]);
  });

  it('a family outside the 16 of §9 is refused by the validator', () => {
    const refused = (family: string) => {
      const { config } = configWith('hydro', 'settings.typography.type_base_family', {
        font: family,
        style: '400 Regular',
        url: '',
        key: '',
      });
      const r = parseThemeConfig(config, 'hydro');
      return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
    };
    expect(refused('Comic Sans MS')).toEqual(['settings.typography.type_base_family.font: must be one of the offered font families']);
    // Near misses of offered names are not offered either.
    expect(refused('Share Tech')).toHaveLength(1);
    expect(refused('open sans')).toHaveLength(1);
  });

  it('Weights named from 100 Thin to 950 Extra Black: style names at both ends, and nothing past them', () => {
    expect(fontStyleName(100)).toBe('100 Thin');
    expect(fontStyleName(950, true)).toBe('950 Extra Black Italic');
    expect(() => fontStyleName(50)).toThrow('unknown font weight 50');
    expect(() => fontStyleName(1000)).toThrow('unknown font weight 1000');
    expect(parseFontStyle('100 Thin')).toEqual({ weight: 100, italic: false });
    expect(parseFontStyle('950 Extra Black Italic')).toEqual({ weight: 950, italic: true });
    // A weight past either end is not one of §9's, so it reads as the regular weight.
    expect(parseFontStyle('050 Hairline')).toEqual({ weight: 400, italic: false });
    expect(parseFontStyle('999 Ultra Italic')).toEqual({ weight: 400, italic: true });
    expect(fontKey('Poppins', '950 Extra Black Italic')).toBe('Poppins:950italic');
  });
});
