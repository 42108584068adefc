/**
 * The settings groups of a theme config (spec theme-editor §3 "Theme config: settings (...)"), declared once.
 * Ranges come from spec §5 and defaults from spec §9; where the spec names no default, the value is ours and
 * chosen so that the FASHION (newchick) and DEFAULT (hydro) themes look clearly different.
 */
import { fontKey } from './fonts.js';
import {
  blocks,
  checkbox,
  color,
  countdown,
  type Fields,
  type FontValue,
  font,
  group,
  image,
  link,
  number,
  pageRef,
  richtext,
  select,
  type ThemeType,
  text,
} from './vocabulary.js';

/** The pages of the editor's page selector and of the preview (spec §2). */
export const PREVIEW_PAGES = ['home', 'product', 'collections', 'cart', 'checkout', 'order', 'category'] as const;
export type PreviewPage = (typeof PREVIEW_PAGES)[number];
/** Labels of the page selector (spec §2). */
export const PREVIEW_PAGE_LABELS: Record<PreviewPage, string> = {
  home: 'Home page',
  product: 'Product page',
  collections: 'Collections',
  cart: 'Cart',
  checkout: 'Checkout',
  order: 'Thank you page',
  category: 'Category',
};

const fontValue = (family: string, style = '400 Regular'): FontValue => ({ font: family, style, url: '', key: fontKey(family, style) });
const px = { min: 8, max: 80, step: 1, unit: 'px' } as const;
const richtextSize = (label: string, def: string) => richtext({ label, default: def });

// ----------------------------------------------------------------------------------------------- colours
const colorsFields = {
  color_top_bar_background: color({ label: 'Top bar background', default: '#111111', themeDefaults: { newchick: '#F3E9E2' } }),
  color_announcement_bar_background: color({
    label: 'Announcement bar background',
    default: '#0F4C81',
    themeDefaults: { newchick: '#000000' },
  }),
  color_announcement_bar_text: color({ label: 'Announcement bar text', default: '#FFFFFF' }),
  color_cart_button: color({ label: 'Add to cart button', default: '#0F4C81', themeDefaults: { newchick: '#000000' } }),
  color_cart_button_label: color({ label: 'Add to cart button label', default: '#FFFFFF' }),
  color_buyNow_button: color({ label: 'Buy now button', default: '#F2A541', themeDefaults: { newchick: '#E4405F' } }),
  color_byNow_button_label: color({ label: 'Buy now button label', default: '#FFFFFF' }),
  color_upsell_border: color({ label: 'Upsell border', default: '#D0D5DD' }),
  color_upsell_background: color({ label: 'Upsell background', default: '#FFFFFF' }),
  color_upsell_border_active: color({ label: 'Upsell border (selected)', default: '#0F4C81', themeDefaults: { newchick: '#E4405F' } }),
  color_upsell_background_active: color({
    label: 'Upsell background (selected)',
    default: '#EEF4FA',
    themeDefaults: { newchick: '#FDEEF1' },
  }),
  color_upsell_background_tag: color({ label: 'Upsell tag background', default: '#0F4C81', themeDefaults: { newchick: '#E4405F' } }),
  color_upsell_text_tag: color({ label: 'Upsell tag text', default: '#FFFFFF' }),
  footer_background: color({ label: 'Footer background', default: '#0B2239', themeDefaults: { newchick: '#F7F3F0' } }),
  color_footer_text: color({ label: 'Footer text', default: '#E6EDF5', themeDefaults: { newchick: '#222222' } }),
  color_title_product: color({ label: 'Product title', default: '#1D2939', themeDefaults: { newchick: '#222222' } }),
  color_product_icon: color({ label: 'Product icons', default: '#0F4C81', themeDefaults: { newchick: '#222222' } }),
  color_price: color({ label: 'Price', default: '#1D2939', themeDefaults: { newchick: '#E4405F' } }),
  color_compare_at_price: color({ label: 'Compare-at price', default: '#98A2B3', themeDefaults: { newchick: '#999999' } }),
  color_sale_price: color({ label: 'Sale price', default: '#D92D20', themes: ['hydro'] }),
  color_checkout_button: color({ label: 'Checkout button', default: '#0082E5' }),
} as const satisfies Fields;

// ----------------------------------------------------------------------------------------------- typography
const typographyFields = {
  type_header_family: font({
    label: 'Heading font',
    default: fontValue('Poppins', '600 Semi Bold'),
    themeDefaults: { newchick: fontValue('Alata') },
  }),
  type_base_family: font({ label: 'Body font', default: fontValue('Open Sans'), themeDefaults: { newchick: fontValue('Mulish') } }),
  type_product_description_family: font({
    label: 'Product description font',
    default: fontValue('Open Sans'),
    themeDefaults: { newchick: fontValue('Mulish') },
  }),
  type_button_base_family: font({
    label: 'Button font',
    default: fontValue('Poppins', '500 Medium'),
    themeDefaults: { newchick: fontValue('Alata') },
  }),
  font_size_product: number({ label: 'Product title size', default: 14, ...px, themeDefaults: { newchick: 13 } }),
  font_size_price: number({ label: 'Price size', default: 16, ...px }),
  font_size_compare_at_price: number({ label: 'Compare-at price size', default: 14, ...px, themeDefaults: { newchick: 12 } }),
  font_size_sale_tag: number({ label: 'Sale tag size', default: 12, ...px }),
  font_size_cart_button_text: number({ label: 'Cart button text size', default: 16, ...px }),
} as const satisfies Fields;

// ----------------------------------------------------------------------------------------------- cart
const cartFields = {
  trust_badge: group({
    label: 'Trust badge',
    fields: {
      show_trust_badge_image: checkbox({ label: 'Show trust badge', default: true }),
      src: image({ label: 'Trust badge image', default: '/theme-assets/trust-badge.svg' }),
    },
  }),
  cart_upsell: group({
    label: 'Cart upsell',
    themes: ['newchick'],
    fields: {
      isShowMotivational: checkbox({ label: 'Show motivational message', default: true }),
      motivationalMessage: text({ label: 'Motivational message', default: 'Complete your look with these picks' }),
      isShowCartUpsell: checkbox({ label: 'Show cart upsell', default: true }),
      cartUpsellMessage: text({ label: 'Cart upsell message', default: 'You may also like' }),
      buttonLabel: text({ label: 'Button label', default: 'Add' }),
      url: link({ label: 'Upsell products from', default: { name: 'category', params: { slug: 'all' } } }),
    },
  }),
} as const satisfies Fields;

const cartGoalFields = {
  isShow: checkbox({ label: 'Show cart goal', default: true }),
  motivationalMessage: text({ label: 'Motivational message', default: 'Spend {amount} more to get FREE shipping' }),
  goalAmount: number({
    label: 'Goal amount',
    default: 50,
    min: 0,
    step: 0.01,
    unit: 'store currency',
    info: 'In the store currency (major unit)',
  }),
  goalReached: text({ label: 'Goal reached message', default: 'Congratulations! You get FREE shipping', themes: ['newchick'] }),
} as const satisfies Fields;

// ----------------------------------------------------------------------------------------------- element
const elementFields = {
  menu_basic: checkbox({ label: 'Basic menu', default: false, themeDefaults: { newchick: true } }),
  show_title_product_in_mobile: checkbox({ label: 'Show product title on mobile', default: true }),
  search: group({
    label: 'Search',
    fields: {
      type_search_in_mobile: select({
        label: 'Search on mobile',
        default: 'icon',
        themeDefaults: { newchick: 'input' },
        options: [
          { value: 'icon', label: 'Icon' },
          { value: 'input', label: 'Input' },
        ],
      }),
      suggestion_list: blocks({
        label: 'Search suggestions',
        itemLabel: 'Suggestion',
        block: { value: text({ label: 'Suggestion', default: '' }) },
        default: [{ value: 'Dresses' }, { value: 'Sneakers' }, { value: 'Bags' }],
        newBlock: { value: '' },
      }),
      time_change_suggestion: number({ label: 'Change suggestion every', default: 3, min: 1, max: 5, unit: 's' }),
    },
  }),
} as const satisfies Fields;

const currencyFields = {
  enabled_currency: checkbox({ label: 'Enable currency selector', default: false }),
} as const satisfies Fields;

// ----------------------------------------------------------------------------------------------- product
const TAB_NEW = 'Tab new';
const policyInfo = (label: string) =>
  group({
    label,
    fields: {
      display: select({
        label: 'Show',
        default: 'page',
        options: [
          { value: 'page', label: 'A page' },
          { value: 'html', label: 'Custom content' },
        ],
      }),
      content: richtextSize('Content', ''),
      page_detail: pageRef({ label: 'Page' }),
    },
  });

const productFields = {
  enable_image_zoom: checkbox({ label: 'Enable image zoom', default: true }),
  productRating: checkbox({ label: 'Show product rating', default: true }),
  hideReviewSizes: checkbox({ label: 'Hide review sizes', default: false }),
  colorProductRating: color({ label: 'Rating colour', default: '#F5A623' }),
  colorByXGetY: color({ label: 'Buy X get Y colour', default: '#E4405F' }),
  isShowImageMobile: checkbox({ label: 'Show images on mobile', default: true }),
  topMessage: richtextSize('Top message', '<p><strong>Free shipping</strong> on orders over $50</p>'),
  listServices: richtextSize('Services', '<ul><li>30-day returns</li><li>Secure checkout</li></ul>'),
  messageLeftInStock: richtextSize('Left in stock message', '<p>Hurry! Only {number} {unit} left in stock</p>'),
  // Defaults only where the merchant sets them (issue 31 item 2): empty = the product's own unit, else none
  // ("Only 3 left"); the spec's "pairs" was shown on mugs and vases.
  itemNameLeftInStock: text({ label: 'Item name (left in stock)', default: '' }),
  unitName: text({ label: 'Default unit name', default: '', info: 'Used for products without a unit of their own (tag unit:NAME)' }),
  show_collection: checkbox({ label: 'Show collection', default: true }),
  tags: group({ label: 'Tags', fields: { show_tags: checkbox({ label: 'Show tags', default: true }) } }),
  hideHurryBox: checkbox({ label: 'Hide hurry box', default: false }),
  hideGuaranteed: checkbox({ label: 'Hide guaranteed box', default: false }),
  layout: group({
    label: 'Layout',
    fields: {
      variant_buttons: number({ label: 'Variant buttons shown', default: 5, min: 1, max: 20 }),
      show_price_saving: checkbox({ label: 'Show price saving', default: true }),
      special_layout_on_mobile: checkbox({ label: 'Special layout on mobile', default: false }),
      sale_type: select({
        label: 'Sale style',
        default: 'percent',
        options: [
          { value: 'amount', label: 'Amount' },
          { value: 'percent', label: 'Percent' },
        ],
      }),
      variant_style: select({
        label: 'Variant style',
        default: 'button',
        options: [
          { value: 'button', label: 'Button' },
          { value: 'dropdown', label: 'Dropdown' },
        ],
      }),
      show_title_on_top_mobile: checkbox({ label: 'Show title on top (mobile)', default: false }),
    },
  }),
  show_variant_description: checkbox({ label: 'Show variant description', default: false }),
  show_label_variant: checkbox({ label: 'Show variant label', default: true }),
  show_qty: group({
    label: 'Quantity',
    fields: {
      show_qty_box: checkbox({ label: 'Show quantity box', default: true }),
      show_qty_one_line: checkbox({ label: 'Quantity on one line', default: false }),
      show_qty_same_line_button: checkbox({ label: 'Quantity on the button line', default: false }),
    },
  }),
  position_tab_detail: select({
    label: 'Description position',
    default: 'below',
    options: [
      { value: 'right', label: 'Right' },
      { value: 'below', label: 'Below' },
    ],
  }),
  options_setting: group({
    label: 'Options',
    fields: {
      hidden_one_value: checkbox({ label: 'Hide options with one value', default: true }),
      click_select_variant: checkbox({ label: 'Select a variant on click', default: true }),
    },
  }),
  isShowDesMobile: checkbox({ label: 'Show description on mobile', default: true }),
  isShowDesDesktop: checkbox({ label: 'Show description on desktop', default: true }),
  collapse_default: checkbox({ label: 'Collapse description by default', default: false }),
  description_mobile_dropdown: checkbox({ label: 'Description as dropdown on mobile', default: true }),
  color_watch: select({
    label: 'Colour swatch',
    default: 'Square',
    options: [
      { value: 'Square', label: 'Square' },
      { value: 'Circle', label: 'Circle' },
    ],
  }),
  'tabs-detail': blocks({
    label: 'Product tabs',
    itemLabel: 'Tab',
    themes: ['hydro'],
    max: 5,
    limitMessage: true,
    atLimit: 'disable',
    block: {
      heading: text({ label: 'Heading', default: TAB_NEW }),
      id: text({ label: 'Id', default: '', staffOnly: true }),
      type: select({ label: 'Type', default: 'custom', options: [{ value: 'custom', label: 'Custom' }], staffOnly: true }),
      display: select({ label: 'Display', default: 'html', options: [{ value: 'html', label: 'HTML' }], staffOnly: true }),
      content: richtextSize('Content', ''),
      collapse_default: checkbox({ label: 'Collapsed by default', default: true }),
    },
    default: [
      {
        heading: 'Shipping',
        id: 'tab-shipping',
        type: 'custom',
        display: 'html',
        content: '<p>Orders ship within 1–3 business days.</p>',
        collapse_default: true,
      },
      {
        heading: 'Returns',
        id: 'tab-returns',
        type: 'custom',
        display: 'html',
        content: '<p>Free returns within 30 days.</p>',
        collapse_default: true,
      },
    ],
    newBlock: { heading: TAB_NEW, id: '', type: 'custom', display: 'html', content: '', collapse_default: true },
  }),
  setting_shipping: group({
    label: 'Shipping and return policy',
    themes: ['newchick'],
    fields: {
      show_shipping: checkbox({ label: 'Show shipping', default: true }),
      title: text({ label: 'Title', default: 'Shipping & Returns' }),
      shipping_info: policyInfo('Shipping information'),
      time_shipping: group({
        label: 'Shipping time',
        fields: {
          from: number({ label: 'From', default: 7, min: 0, max: 100, unit: 'days' }),
          to: number({ label: 'To', default: 15, min: 0, max: 100, unit: 'days' }),
        },
      }),
      show_policy: checkbox({ label: 'Show return policy', default: true }),
      policy_info: policyInfo('Return policy'),
    },
  }),
  trust_badge: group({
    label: 'Trust badge',
    fields: {
      show_trust_badge_image: checkbox({ label: 'Show trust badge', default: true }),
      src: group({ label: 'Image', fields: { value: image({ label: 'Trust badge image', default: '/theme-assets/trust-badge.svg' }) } }),
    },
  }),
  checkoutStepLayout: select({
    label: 'Checkout step layout',
    default: 1,
    options: [
      { value: 1, label: 'Cart page' },
      { value: 2, label: 'Checkout page' },
      { value: 3, label: 'Mini cart' },
    ],
  }),
  setting_description: blocks({
    label: 'Description tabs',
    itemLabel: 'Description tab',
    themes: ['newchick'],
    max: 3,
    fixedFirst: true,
    atLimit: 'disable',
    block: {
      heading: text({ label: 'Heading', default: 'Heading' }),
      id: text({ label: 'Id', default: '', staffOnly: true }),
      display: select({
        label: 'Display',
        default: 'html',
        options: [
          { value: 'description', label: 'Product description' },
          { value: 'html', label: 'Custom content' },
        ],
      }),
      content: richtextSize('Content', ''),
    },
    default: [{ heading: 'Description', id: 'description', display: 'description', content: '' }],
    newBlock: { heading: 'Heading', id: '', display: 'html', content: '' },
  }),
  image_detail: group({
    label: 'Image under details',
    fields: {
      isShow: checkbox({ label: 'Show image', default: false }),
      image: image({ label: 'Image' }),
      url: link({ label: 'Link' }),
    },
  }),
} as const satisfies Fields;

// ----------------------------------------------------------------------------------------------- checkout
const checkoutFields = {
  time: countdown({ label: 'Countdown', default: { day: 0, hour: 0, min: 10, getTime: 0 } }),
  show_time_countdown: checkbox({ label: 'Show countdown', default: true, editableIn: ['newchick'] }),
  checkout_description: richtextSize('Checkout description', '<p>Your order is reserved for {time}.</p>'),
  isCustomerNote: checkbox({ label: 'Allow a customer note', default: true }),
  logo_checkout: image({ label: 'Checkout logo' }),
  customJs: text({ label: 'Custom JavaScript', default: '', format: 'js', info: 'Runs on the public storefront only', staffOnly: true }),
  customHtml: text({ label: 'Custom HTML', default: '', format: 'html', staffOnly: true }),
  step: select({
    label: 'Checkout steps',
    default: 1,
    options: [
      { value: 1, label: 'One page' },
      { value: 3, label: 'Three steps' },
    ],
  }),
} as const satisfies Fields;

// ----------------------------------------------------------------------------------------------- style, category
const styleFields = {
  maxLineDisplayProduct: number({ label: 'Product title lines (lists)', default: 2, min: 1, max: 5, unit: 'lines' }),
  maxLineDisplayProductDetailDesktop: number({ label: 'Product title lines (detail, desktop)', default: 3, min: 1, max: 5, unit: 'lines' }),
  maxLineDisplayProductDetailMobile: number({ label: 'Product title lines (detail, mobile)', default: 2, min: 1, max: 5, unit: 'lines' }),
} as const satisfies Fields;

const categoryFields = {
  show_banner: checkbox({ label: 'Show banner', default: true }),
  show_title_button: checkbox({ label: 'Show title and button', default: true }),
  banner_desktop: image({ label: 'Banner (desktop)', default: '/theme-assets/category-banner-desktop.svg' }),
  banner_mobile: image({ label: 'Banner (mobile)', default: '/theme-assets/category-banner-mobile.svg' }),
  url: link({ label: 'Banner link', default: { name: 'category', params: { slug: 'all' } } }),
} as const satisfies Fields;

// ----------------------------------------------------------------------------------------------- popups
const popupFields = {
  discount: group({
    label: 'Discount popup',
    fields: {
      isShow: checkbox({ label: 'Show', default: false }),
      image: image({ label: 'Image', default: '/theme-assets/popup-discount.svg' }),
      title: text({ label: 'Title', default: 'Get 10% off' }),
      subTitle: text({ label: 'Sub-title', default: 'your first order' }),
      content: richtextSize('Content', '<p>Join our list for early access to new arrivals.</p>'),
      placeholder: text({ label: 'E-mail placeholder', default: 'Enter your e-mail' }),
      button: text({ label: 'Button', default: 'Get my discount' }),
    },
  }),
  welcome: group({
    label: 'Welcome popup',
    fields: {
      isShow: checkbox({ label: 'Show', default: false }),
      title: text({ label: 'Title', default: 'Welcome!' }),
      content: richtextSize('Content', '<p>Use this code at checkout.</p>'),
      code: text({ label: 'Code', default: 'WELCOME10' }),
      successTitle: text({ label: 'Success title', default: 'Code copied!' }),
      button: text({ label: 'Button', default: 'Copy code' }),
    },
  }),
  subscribe: group({
    label: 'Subscribe popup',
    fields: {
      isShow: checkbox({ label: 'Show', default: false }),
      title: text({ label: 'Title', default: 'Subscribe and get 15% off' }),
      content: richtextSize('Content', '<p>Subscribe to our newsletter and get 15% off your first order.</p>'),
      button: text({ label: 'Button', default: 'Subscribe' }),
    },
  }),
} as const satisfies Fields;

// ----------------------------------------------------------------------------------------------- thank-you page
/**
 * Default delivery policies: `{production_days}` and `{shipping_days}` are filled by the storefront from the theme's
 * order steps and shipping time (contracts' delivery.ts), so the policy always says what the dates say.
 */
export const DEFAULT_PRODUCTION_POLICY = '<p>{production_days} days</p>';
export const DEFAULT_SHIPPING_POLICY = '<p>{shipping_days} days</p>';
const stepUnit = select({
  label: 'Unit',
  default: 'days',
  options: [
    { value: 'days', label: 'Days' },
    { value: 'hours', label: 'Hours' },
    { value: 'minutes', label: 'Minutes' },
  ],
});
const thankpageFields = {
  steps: group({
    label: 'Order steps',
    fields: {
      settings: group({
        label: 'Steps',
        fields: {
          isShowPage: checkbox({ label: 'Show steps', default: true }),
          blocks: blocks({
            label: 'Steps',
            itemLabel: 'Step',
            max: 4,
            insertAt: 2,
            block: {
              name: text({ label: 'Name', default: 'Custom step' }),
              isEdit: checkbox({ label: 'Editable', default: true, staffOnly: true }),
              root: checkbox({ label: 'Built-in step', default: false, staffOnly: true }),
              unit: stepUnit,
              time: number({ label: 'Time', default: 1, min: 0, step: 1 }),
            },
            default: [
              { name: 'Order Placed', isEdit: false, root: true, unit: 'days', time: 0 },
              { name: 'Order Processing', isEdit: true, root: true, unit: 'days', time: 1 },
              { name: 'Packaging & Quality Control', isEdit: true, root: true, unit: 'days', time: 1 },
              { name: 'Shipped', isEdit: false, root: true, unit: 'days', time: 0 },
            ],
            newBlock: { name: 'Custom step', isEdit: true, root: false, unit: 'days', time: 1 },
          }),
        },
      }),
    },
  }),
  delivery_policies: group({
    label: 'Delivery policies',
    fields: {
      settings: group({
        label: 'Delivery policies',
        fields: {
          isShowPage: checkbox({ label: 'Show delivery policies', default: true }),
          blocks: blocks({
            label: 'Policies',
            itemLabel: 'Policy',
            max: 3,
            block: {
              name: text({ label: 'Name', default: 'Delivery policy' }),
              content: richtextSize('Content', ''),
            },
            default: [
              // Filled from the one delivery computation (contracts' delivery.ts, issue 31 item 1): the spec's fixed
              // "7-10 days" / "10-20 business days" contradicted the dates shown beside them.
              { name: 'Production time', content: DEFAULT_PRODUCTION_POLICY },
              { name: 'Shipping time', content: DEFAULT_SHIPPING_POLICY },
            ],
            newBlock: { name: 'Delivery policy', content: '' },
          }),
        },
      }),
    },
  }),
} as const satisfies Fields;

/** One settings group: its config key, label, fields, themes and the page it previews (spec §2). */
export interface SettingsGroup<F extends Fields = Fields> {
  id: string;
  label: string;
  /** Editor entry id of spec §2 "special entries" (e.g. colors-setting), when it has one. */
  entry: string;
  /** The page the preview switches to when the group is opened (spec §2 special entries). */
  previewPage: PreviewPage;
  /** The page whose Setting tab lists this group (spec §2 table). */
  tabPage: PreviewPage;
  themes: readonly ThemeType[];
  fields: F;
}

const both = ['newchick', 'hydro'] as const;
const g = <const F extends Fields>(o: SettingsGroup<F>): SettingsGroup<F> => o;

/**
 * Every settings group of a theme config, keyed by its config key under `settings` (spec §3). The order is the
 * order of the Setting tab.
 */
export const SETTINGS_GROUPS = {
  colors: g({
    id: 'colors',
    label: 'Colors',
    entry: 'colors-setting',
    previewPage: 'product',
    tabPage: 'home',
    themes: both,
    fields: colorsFields,
  }),
  typography: g({
    id: 'typography',
    label: 'Typography',
    entry: 'typography-setting',
    previewPage: 'product',
    tabPage: 'home',
    themes: both,
    fields: typographyFields,
  }),
  style: g({
    id: 'style',
    label: 'Style',
    entry: 'style-setting',
    previewPage: 'home',
    tabPage: 'home',
    themes: both,
    fields: styleFields,
  }),
  element: g({
    id: 'element',
    label: 'Element',
    entry: 'element-setting',
    previewPage: 'home',
    tabPage: 'home',
    themes: both,
    fields: elementFields,
  }),
  currency: g({
    id: 'currency',
    label: 'Currency',
    entry: 'currency-setting',
    previewPage: 'home',
    tabPage: 'home',
    themes: both,
    fields: currencyFields,
  }),
  popup: g({
    id: 'popup',
    label: 'Popup',
    entry: 'popup-setting',
    previewPage: 'home',
    tabPage: 'home',
    themes: ['newchick'],
    fields: popupFields,
  }),
  product: g({
    id: 'product',
    label: 'Product',
    entry: 'product-separate',
    previewPage: 'product',
    tabPage: 'product',
    themes: both,
    fields: productFields,
  }),
  category: g({
    id: 'category',
    label: 'Collection',
    entry: 'category',
    previewPage: 'category',
    tabPage: 'collections',
    themes: ['newchick'],
    fields: categoryFields,
  }),
  cart: g({ id: 'cart', label: 'Cart', entry: 'cart-setting', previewPage: 'cart', tabPage: 'cart', themes: both, fields: cartFields }),
  cart_goal: g({
    id: 'cart_goal',
    label: 'Cart Goal',
    entry: 'cart-goal-setting',
    previewPage: 'cart',
    tabPage: 'cart',
    themes: both,
    fields: cartGoalFields,
  }),
  checkout: g({
    id: 'checkout',
    label: 'Checkout',
    entry: 'checkout-setting',
    previewPage: 'checkout',
    tabPage: 'checkout',
    themes: both,
    fields: checkoutFields,
  }),
  thankpage: g({
    id: 'thankpage',
    label: 'Thank You',
    entry: 'thankpage-separate',
    previewPage: 'order',
    tabPage: 'order',
    themes: both,
    fields: thankpageFields,
  }),
} as const;

export type SettingsGroupId = keyof typeof SETTINGS_GROUPS;
export const SETTINGS_GROUP_IDS = Object.keys(SETTINGS_GROUPS) as SettingsGroupId[];

/** The groups listed on a page's Setting tab for a theme (spec §2 table). */
export function groupsForPage(page: PreviewPage, theme: ThemeType): SettingsGroup[] {
  return Object.values(SETTINGS_GROUPS).filter((grp) => grp.tabPage === page && grp.themes.includes(theme)) as SettingsGroup[];
}
