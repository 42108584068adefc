/**
 * The ten home-page section types (spec theme-editor §2 "Section type identifiers", §3 section settings,
 * §5 ranges, §9 defaults), declared once. Every type renders in both themes; `addable` lists the themes whose
 * add-section picker offers it (spec §2 "Addable sections").
 */
import {
  blocks,
  type CountdownValue,
  checkbox,
  collectionRef,
  color,
  countdown,
  countdownEnd,
  type Fields,
  group,
  image,
  type LinkValue,
  link,
  number,
  productRef,
  richtext,
  select,
  type ThemeType,
  text,
} from './vocabulary.js';

/** Section type identifiers (spec §2). */
export const SECTION_TYPES = [
  'flash_deals',
  'featured-collection',
  'product_with_collection',
  'style-collection',
  'collection_list',
  'image_with_text',
  'head-image',
  'product-review',
  'feature-content',
  'slider-product',
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

const home: LinkValue = { name: 'home', params: { slug: '' } };
const allCollections: LinkValue = { name: 'category', params: { slug: 'all' } };
const align = select({
  label: 'Alignment',
  default: 'left',
  options: [
    { value: 'left', label: 'Left' },
    { value: 'center', label: 'Center' },
  ],
});

/** A slide's text line: content and a colour per device (spec §3 Slide heading/subHeading). */
const slideText = (label: string, content: string) =>
  group({
    label,
    fields: {
      content: text({ label: 'Text', default: content }),
      colorDesktop: color({ label: 'Colour (desktop)', default: '#FFFFFF' }),
      colorMobile: color({ label: 'Colour (mobile)', default: '#FFFFFF' }),
    },
  });

const slideFields = {
  image: image({ label: 'Image', default: '/theme-assets/slide-1.svg' }),
  media: image({ label: 'Media (mobile image)' }),
  heading: slideText('Heading', 'New season'),
  subHeading: slideText('Sub-heading', 'Fresh styles for every day'),
  buttonLabel: group({
    label: 'Button',
    fields: {
      title: text({ label: 'Label', default: 'Shop Now Test' }),
      color: color({ label: 'Text colour', default: '#FFFFFF' }),
      background: color({ label: 'Background', default: '#000000' }),
    },
  }),
  urlButton: link({ label: 'Button link', default: home }),
  position: select({
    label: 'Content position',
    default: 'center',
    options: [
      { value: 'left', label: 'Left' },
      { value: 'center', label: 'Center' },
      { value: 'right', label: 'Right' },
    ],
  }),
} as const satisfies Fields;

const newSlide = {
  image: '/theme-assets/slide-1.svg',
  media: '',
  heading: { content: 'New season', colorDesktop: '#FFFFFF', colorMobile: '#FFFFFF' },
  subHeading: { content: 'Fresh styles for every day', colorDesktop: '#FFFFFF', colorMobile: '#FFFFFF' },
  buttonLabel: { title: 'Shop Now Test', color: '#FFFFFF', background: '#000000' },
  urlButton: home,
  position: 'center' as const,
};

const slides = (label: string) => blocks({ label, itemLabel: 'Slide', block: slideFields, default: [newSlide], newBlock: newSlide });

/** Desktop items per row of a slider (spec §5: 2 to 6; 2 to 8 for newchick). One declaration for every slider. */
const sliderItemsPerRow = (defaultValue: number) =>
  number({ label: 'Items per row (desktop)', default: defaultValue, min: 2, max: 6, themeRanges: { newchick: { max: 8 } }, unit: 'items' });
/** Mobile items per row of a slider (spec §5: 2 to 4; §9 default 2). */
const sliderItemsPerRowMobile = () => number({ label: 'Items per row (mobile)', default: 2, min: 2, max: 4, unit: 'items' });

/** Collection-list settings (spec §3 "Collection list settings"; §5 2–6 per row, 2–8 newchick, mobile 2–4, limit 45–50). */
const collectionListFields = {
  heading: text({ label: 'Heading', default: 'Shop by collection' }),
  item_per_row: sliderItemsPerRow(3),
  item_per_row_mobile: sliderItemsPerRowMobile(),
  blocks: blocks({
    label: 'Collections',
    itemLabel: 'Collection',
    block: {
      image: image({ label: 'Image' }),
      title: text({ label: 'Title', default: 'Collection' }),
      url: link({ label: 'Link', default: allCollections }),
    },
    default: [],
    newBlock: { image: '', title: 'Collection', url: allCollections },
  }),
  collection: collectionRef({ label: 'Collection' }),
  align,
  limit_product: number({ label: 'Limit products', default: 50, min: 45, max: 50, unit: 'products' }),
  buttonLabel: text({ label: 'Button label', default: 'View all' }),
  isTextLink: checkbox({ label: 'Show button as a text link', default: false }),
  show_sale_banners: checkbox({ label: 'Show sale banners', default: false }),
} as const satisfies Fields;

/**
 * Featured-collection settings (spec §3; §5 4–6 per row; §9 4 per row, 18 products). Spec §5's limit range
 * (45–50) cannot hold §9's default of 18 products, so the featured collection takes 1–50 with default 18, and the
 * 45–50 range applies to the collection list.
 */
const featuredCollectionFields = {
  heading: text({ label: 'Heading', default: 'Featured collection' }),
  collection: collectionRef({ label: 'Collection' }),
  item_per_row: number({ label: 'Items per row', default: 4, min: 4, max: 6, unit: 'items' }),
  limit_product: number({ label: 'Limit products', default: 18, min: 1, max: 50, unit: 'products' }),
  buttonLabel: text({ label: 'Button label', default: 'View all' }),
  isTextLink: checkbox({ label: 'Show button as a text link', default: false }),
  align,
} as const satisfies Fields;

const FLASH_DEAL_COUNTDOWN = { day: 5, hour: 0, min: 0, getTime: 0 };

/** One section type: its label, settings, the themes that may add it, and the settings of a newly added one. */
export interface SectionDef<F extends Fields = Fields> {
  type: SectionType;
  label: string;
  /** Themes whose add-section picker offers this type (spec §2). */
  addable: readonly ThemeType[];
  /** Whether sections may be added above/below it (spec §2: not next to slider-product). */
  allowNeighbours: boolean;
  settings: F;
  /** Setting values that differ when the section is newly added (spec §9 head image: 6 s when added). */
  addDefaults?: Partial<Record<keyof F, unknown>>;
}
const s = <const F extends Fields, const T extends SectionType>(o: SectionDef<F> & { type: T }): SectionDef<F> & { type: T } => o;

/** Every section type, keyed by its identifier (spec §2/§3). */
export const SECTIONS = {
  'head-image': s({
    type: 'head-image',
    label: 'Head Image',
    addable: ['newchick', 'hydro'],
    allowNeighbours: true,
    settings: {
      change_slides_every: number({ label: 'Change slides every', default: 4, min: 1, max: 12, unit: 's' }),
      opacity_image: number({ label: 'Image opacity', default: 50, min: 0, max: 100, unit: '%' }),
      show_content: checkbox({ label: 'Show content', default: true }),
      text_animation: checkbox({ label: 'Text animation', default: true }),
      content: group({ label: 'Slides', fields: { desktop: slides('Desktop slides'), mobile: slides('Mobile slides') } }),
    },
    addDefaults: { change_slides_every: 6 },
  }),
  collection_list: s({
    type: 'collection_list',
    label: 'Collection List',
    addable: ['newchick', 'hydro'],
    allowNeighbours: true,
    settings: collectionListFields,
  }),
  'featured-collection': s({
    type: 'featured-collection',
    label: 'Featured Collection',
    addable: ['newchick', 'hydro'],
    allowNeighbours: true,
    settings: featuredCollectionFields,
  }),
  'feature-content': s({
    type: 'feature-content',
    label: 'Feature content',
    addable: ['hydro'],
    allowNeighbours: true,
    settings: {
      heading: text({ label: 'Heading', default: 'Why shop with us' }),
      blocks: blocks({
        label: 'Features',
        itemLabel: 'Feature',
        block: {
          image: image({ label: 'Image' }),
          heading: text({ label: 'Heading', default: 'Feature' }),
          content: richtext({ label: 'Content', default: '<p>Describe what makes your store special.</p>' }),
        },
        default: [
          { image: '/theme-assets/icon-shipping.svg', heading: 'Free shipping', content: '<p>On every order over $50.</p>' },
          { image: '/theme-assets/icon-quality.svg', heading: 'Quality checked', content: '<p>Every item inspected before it ships.</p>' },
          { image: '/theme-assets/icon-support.svg', heading: 'Easy returns', content: '<p>30 days to change your mind.</p>' },
        ],
        newBlock: { image: '', heading: 'Feature', content: '<p>Describe what makes your store special.</p>' },
      }),
    },
  }),
  image_with_text: s({
    type: 'image_with_text',
    label: 'Image with text',
    addable: ['hydro'],
    allowNeighbours: true,
    settings: {
      blocks: blocks({
        label: 'Rows',
        itemLabel: 'Image with text',
        block: {
          position: select({
            label: 'Image position',
            default: 'left',
            options: [
              { value: 'left', label: 'Left' },
              { value: 'right', label: 'Right' },
            ],
          }),
          image: image({ label: 'Image', default: '/theme-assets/image-with-text.svg' }),
          heading: text({ label: 'Heading', default: 'Image with text' }),
          show_button: checkbox({ label: 'Show button', default: true }),
          content: richtext({ label: 'Content', default: '<p>Pair text with an image to tell your story.</p>' }),
          button_label: text({ label: 'Button label', default: 'Shop Now' }),
          url_button: link({ label: 'Button link', default: allCollections }),
        },
        default: [
          {
            position: 'left',
            image: '/theme-assets/image-with-text.svg',
            heading: 'Image with text',
            show_button: true,
            content: '<p>Pair text with an image to tell your story.</p>',
            button_label: 'Shop Now',
            url_button: allCollections,
          },
        ],
        newBlock: {
          position: 'left',
          image: '/theme-assets/image-with-text.svg',
          heading: 'Image with text',
          show_button: true,
          content: '<p>Pair text with an image to tell your story.</p>',
          button_label: 'Shop Now',
          url_button: allCollections,
        },
      }),
    },
  }),
  'product-review': s({
    type: 'product-review',
    label: 'Product review',
    addable: ['hydro'],
    allowNeighbours: true,
    settings: {
      heading: text({ label: 'Heading', default: 'What our customers say' }),
      body_html: text({ label: 'Reviews (HTML)', default: '', format: 'html' }),
    },
  }),
  'style-collection': s({
    type: 'style-collection',
    label: 'Style Collection',
    addable: ['newchick'],
    allowNeighbours: true,
    settings: {
      heading: text({ label: 'Heading', default: 'Shop the look' }),
      item_per_row: sliderItemsPerRow(4),
      item_per_row_mobile: sliderItemsPerRowMobile(),
      blocks: blocks({
        label: 'Styles',
        itemLabel: 'Style',
        block: {
          image: image({ label: 'Image' }),
          title: text({ label: 'Title', default: 'Style' }),
          url: link({ label: 'Link', default: allCollections }),
        },
        default: [],
        newBlock: { image: '', title: 'Style', url: allCollections },
      }),
    },
  }),
  product_with_collection: s({
    type: 'product_with_collection',
    label: 'Product With Collection',
    addable: ['newchick'],
    allowNeighbours: true,
    settings: {
      start_collection_list: group({ label: 'Start collection list', fields: collectionListFields }),
      featured_collection: group({ label: 'Featured collection', fields: featuredCollectionFields }),
      end_collection_list: group({ label: 'End collection list', fields: collectionListFields }),
    },
  }),
  flash_deals: s({
    type: 'flash_deals',
    label: 'Flash Deals',
    addable: ['newchick'],
    allowNeighbours: true,
    settings: {
      heading: text({ label: 'Heading', default: 'Flash Deals' }),
      // Issue 31 item 3: what shoppers see once a count-down deal's stored end time has passed.
      ended: select({
        label: 'When a deal has ended',
        default: 'label',
        options: [
          { value: 'label', label: 'Show it as "Ended"' },
          { value: 'hide', label: 'Hide it' },
        ],
      }),
      blocks: blocks({
        label: 'Deals',
        itemLabel: 'Deal',
        max: 10,
        block: {
          title: text({ label: 'Title', default: 'Flash deal' }),
          type: select({
            label: 'Type',
            default: 'count-down',
            options: [
              { value: 'count-down', label: 'Count-down' },
              { value: 'collection', label: 'Collection' },
            ],
          }),
          url: link({ label: 'Link', default: allCollections }),
          image: image({ label: 'Image', default: '/theme-assets/flash-deal.svg' }),
          time: countdown({ label: 'Ends in', default: FLASH_DEAL_COUNTDOWN }),
          product: productRef({ label: 'Product', collectionFrom: 'url', info: 'A product of the linked collection' }),
        },
        default: [],
        newBlock: {
          title: 'Flash deal',
          type: 'count-down',
          url: allCollections,
          image: '/theme-assets/flash-deal.svg',
          time: FLASH_DEAL_COUNTDOWN,
          product: '',
        },
      }),
    },
  }),
  'slider-product': s({
    type: 'slider-product',
    label: 'Slider Product',
    addable: [],
    allowNeighbours: false,
    settings: {
      blocks: blocks({
        label: 'Sliders',
        itemLabel: 'Slider',
        block: {
          heading: text({ label: 'Heading', default: 'Best sellers' }),
          item_per_row: number({ label: 'Items per row', default: 4, min: 4, max: 6, unit: 'items' }),
          collection: collectionRef({ label: 'Collection' }),
        },
        default: [{ heading: 'Best sellers', item_per_row: 4, collection: '' }],
        newBlock: { heading: 'Best sellers', item_per_row: 4, collection: '' },
      }),
    },
  }),
} as const satisfies { [T in SectionType]: { type: T; label: string; settings: Fields } };

/**
 * Gives every count-down flash deal without a stored end (`getTime` 0: a default, or a config saved before the
 * editor stamped ends) the end `savedAt + offsets`, `savedAt` being when that config version was saved (epoch ms):
 * the storefront then counts down to one stored moment for every shopper and visit, never restarting per visit
 * (spec §4 "A count-down time is stored as an end timestamp"; issue 31 item 3). Mutates and returns `config`.
 */
export function anchorCountdowns<C>(config: C, savedAt: number): C {
  const home = (config as { pages?: { homepage?: { sections?: unknown[] } } }).pages?.homepage;
  for (const sec of Array.isArray(home?.sections) ? home.sections : []) {
    const x = sec as { type?: string; settings?: { blocks?: { time?: CountdownValue }[] } };
    if (x.type !== 'flash_deals' || !Array.isArray(x.settings?.blocks)) continue;
    for (const b of x.settings.blocks) if (b.time && !(b.time.getTime > 0)) b.time = { ...b.time, getTime: countdownEnd(b.time, savedAt) };
  }
  return config;
}

/** The section types a theme's add-section picker offers (spec §2 "Addable sections"), derived from `addable`. */
export const ADDABLE_SECTIONS: Record<ThemeType, SectionType[]> = {
  newchick: SECTION_TYPES.filter((t) => (SECTIONS[t].addable as readonly ThemeType[]).includes('newchick')),
  hydro: SECTION_TYPES.filter((t) => (SECTIONS[t].addable as readonly ThemeType[]).includes('hydro')),
};
