import { randomUUID } from 'node:crypto';
import {
  ALL_COLLECTIONS_SLUG,
  emptyConfig,
  type LinkValue,
  newSection,
  type Section,
  type SectionType,
  type ThemeConfig,
  type ThemeType,
} from '@backroom/theme';
import { asc, eq, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { collections, menus, pages } from '../../db/schema/index.js';
import { createTheme } from './service.js';

/** Theme names as the themes list shows them (spec theme-editor §1: newchick shown as FASHION, hydro as DEFAULT). */
export const DEMO_THEME_NAMES: Record<ThemeType, string> = { newchick: 'FASHION', hydro: 'DEFAULT' };

const A = '/theme-assets';
const category = (slug: string): LinkValue => ({ name: 'category', params: { slug } });
const home: LinkValue = { name: 'home', params: { slug: '' } };

interface Catalog {
  /** Category collections (not the curated ones), by title. */
  categories: { handle: string; title: string; image: string }[];
  curated: Map<string, { handle: string; title: string; image: string }>;
  /** Products of the sale (else best-sellers, else any) collection: id, title, handle. */
  dealProducts: { id: string; title: string; handle: string }[];
}

const CURATED = ['new-arrivals', 'best-sellers', 'sale'];

async function readCatalog(db: Db, storeId: string): Promise<Catalog> {
  const list = await db
    .select({ handle: collections.handle, title: collections.title, image: collections.imageSrc })
    .from(collections)
    .where(eq(collections.storeId, storeId))
    .orderBy(asc(collections.createdAt), asc(collections.handle));
  const all = list.map((c) => ({ handle: c.handle, title: c.title, image: c.image ?? '' }));
  const curated = new Map(all.filter((c) => CURATED.includes(c.handle)).map((c) => [c.handle, c]));
  const dealFrom = curated.has('sale') ? 'sale' : curated.has('best-sellers') ? 'best-sellers' : null;
  const dealProducts = await rows<{ id: string; title: string; handle: string }>(
    db,
    dealFrom
      ? sql`select p.id, p.title, p.handle from products p
            join collection_products cp on cp.product_id = p.id
            join collections c on c.id = cp.collection_id
            where c.store_id = ${storeId} and c.handle = ${dealFrom}
            order by cp.position, p.title limit 6`
      : sql`select id, title, handle from products where store_id = ${storeId} order by title limit 6`,
  );
  return { categories: all.filter((c) => !CURATED.includes(c.handle)), curated, dealProducts };
}

/** A section of `type` with default settings, then `settings` merged over them (shallow). */
function section<T extends SectionType>(type: T, theme: ThemeType, settings: Record<string, unknown>): Section {
  const s = newSection(type, theme);
  return { ...s, settings: { ...s.settings, ...settings } } as Section;
}

function slide(o: {
  image: string;
  media?: string;
  heading: string;
  sub: string;
  button: string;
  url: LinkValue;
  position?: string;
  dark?: boolean;
}) {
  const text = o.dark ? '#1D2939' : '#FFFFFF';
  return {
    image: o.image,
    media: o.media ?? '',
    heading: { content: o.heading, colorDesktop: text, colorMobile: text },
    subHeading: { content: o.sub, colorDesktop: text, colorMobile: text },
    buttonLabel: { title: o.button, color: o.dark ? '#FFFFFF' : '#111111', background: o.dark ? '#111111' : '#FFFFFF' },
    urlButton: o.url,
    position: o.position ?? 'center',
  };
}

const REVIEWS_HTML = `
<div class="reviews">
  <figure><blockquote><p>“Arrived in two days and the quality is even better than the photos. Ordering again!”</p></blockquote>
    <figcaption><strong>Maya R.</strong> · ★★★★★</figcaption></figure>
  <figure><blockquote><p>“Great fit, true to size, and returns were painless when I needed a different colour.”</p></blockquote>
    <figcaption><strong>Jordan K.</strong> · ★★★★★</figcaption></figure>
  <figure><blockquote><p>“Lovely packaging and a handwritten note. This is my go-to shop now.”</p></blockquote>
    <figcaption><strong>Priya S.</strong> · ★★★★☆</figcaption></figure>
</div>`;

/** The FASHION (newchick) demo config: slides, collection lists, flash deals, styles, featured and slider products. */
function fashionConfig(cat: Catalog, storeName: string): ThemeConfig {
  const t: ThemeType = 'newchick';
  const c = emptyConfig(t);
  const cats = cat.categories;
  const first = (i: number) => cats[i % Math.max(cats.length, 1)];
  const handleAt = (i: number) => first(i)?.handle ?? ALL_COLLECTIONS_SLUG;
  const newArrivals = cat.curated.get('new-arrivals')?.handle ?? handleAt(0);
  const bestSellers = cat.curated.get('best-sellers')?.handle ?? handleAt(1);
  const sale = cat.curated.get('sale')?.handle ?? handleAt(2);
  const listBlocks = cats.slice(0, 8).map((x) => ({ image: x.image, title: x.title, url: category(x.handle) }));

  const sections: Section[] = [
    section('head-image', t, {
      change_slides_every: 5,
      opacity_image: 20,
      content: {
        desktop: [
          slide({
            image: `${A}/slide-fashion-1.svg`,
            heading: 'The New Season Edit',
            sub: 'Fresh silhouettes for every day',
            button: 'Shop New In',
            url: category(newArrivals),
            position: 'left',
          }),
          slide({
            image: `${A}/slide-fashion-2.svg`,
            heading: 'Soft Knits, Warm Tones',
            sub: 'Layer up in cashmere and wool',
            button: 'Shop Knitwear',
            url: category(handleAt(2)),
            dark: true,
          }),
          slide({
            image: `${A}/slide-fashion-3.svg`,
            heading: 'Up to 40% Off',
            sub: 'Last chance on summer favourites',
            button: 'Shop Sale',
            url: category(sale),
            position: 'right',
          }),
        ],
        mobile: [
          slide({
            image: `${A}/slide-fashion-mobile-1.svg`,
            heading: 'The New Season Edit',
            sub: 'Fresh silhouettes',
            button: 'Shop New In',
            url: category(newArrivals),
          }),
          slide({
            image: `${A}/slide-fashion-mobile-2.svg`,
            heading: 'Soft Knits',
            sub: 'Cashmere and wool',
            button: 'Shop Knitwear',
            url: category(handleAt(2)),
            dark: true,
          }),
        ],
      },
    }),
    section('collection_list', t, {
      heading: 'Shop by Category',
      item_per_row: 4,
      item_per_row_mobile: 2,
      align: 'center',
      blocks: listBlocks,
    }),
    section('flash_deals', t, {
      heading: 'Flash Deals',
      blocks: [
        {
          title: 'Ends soon',
          type: 'count-down',
          url: category(sale),
          image: `${A}/flash-deal.svg`,
          time: { day: 5, hour: 0, min: 0, getTime: 0 },
          product: '',
        },
        ...cat.dealProducts.slice(0, 3).map((p) => ({
          title: p.title,
          type: 'collection',
          url: category(sale),
          image: `${A}/flash-deal.svg`,
          time: { day: 5, hour: 0, min: 0, getTime: 0 },
          product: p.id,
        })),
      ],
    }),
    section('style-collection', t, {
      heading: 'Shop the Look',
      item_per_row: 4,
      blocks: [1, 2, 3, 4].map((i) => ({
        image: `${A}/style-${i}.svg`,
        title: first(i - 1)?.title ?? 'Style',
        url: category(handleAt(i - 1)),
      })),
    }),
    section('product_with_collection', t, {
      start_collection_list: {
        ...newSection('collection_list', t).settings,
        heading: 'Trending Now',
        item_per_row: 3,
        blocks: cats.slice(0, 3).map((x) => ({ image: x.image, title: x.title, url: category(x.handle) })),
      },
      featured_collection: {
        ...newSection('featured-collection', t).settings,
        heading: 'Best Sellers',
        collection: bestSellers,
        item_per_row: 4,
        limit_product: 8,
      },
      end_collection_list: {
        ...newSection('collection_list', t).settings,
        heading: 'More to Explore',
        item_per_row: 3,
        blocks: cats.slice(3, 6).map((x) => ({ image: x.image, title: x.title, url: category(x.handle) })),
      },
    }),
    section('featured-collection', t, {
      heading: 'New Arrivals',
      collection: newArrivals,
      item_per_row: 5,
      limit_product: 10,
      align: 'center',
    }),
    section('slider-product', t, {
      blocks: [
        { heading: 'Best Sellers', item_per_row: 5, collection: bestSellers },
        { heading: 'On Sale', item_per_row: 5, collection: sale },
      ],
    }),
  ];
  c.pages.homepage.sections = sections.map((s, index) => ({ ...s, index }) as Section);

  const header = c.pages.fixed.header.settings;
  header.text_topbar = 'Free shipping on orders over $50 · Free returns';
  header.topbar_url = category(sale);
  header.main_menu = 'main-menu';
  // Drop-down menus (not the basic one-level menu newchick defaults to), so the nested main menu shows its levels.
  c.settings.element.menu_basic = false;
  const footer = c.pages.fixed.footer.settings!;
  footer.info = `<p><strong>${storeName}</strong> — everyday fashion, delivered. Questions? hello@example.com</p>`;
  footer.footer_menu = [{ menu: 'footer' }, { menu: 'footer-shop' }];
  c.settings.popup.subscribe.isShow = true;
  c.settings.element.search.suggestion_list = cats.slice(0, 4).map((x) => ({ value: x.title }));
  c.settings.cart.cart_upsell.url = category(bestSellers);
  c.settings.category.url = category(sale);
  c.settings.product.setting_shipping.shipping_info.page_detail = 'shipping-policy';
  c.settings.product.setting_shipping.policy_info.page_detail = 'return-policy';
  return c;
}

/** The DEFAULT (hydro) demo config: hero, collections, featured products, image with text, features, reviews. */
function defaultConfig(cat: Catalog, storeName: string): ThemeConfig {
  const t: ThemeType = 'hydro';
  const c = emptyConfig(t);
  const cats = cat.categories;
  const handleAt = (i: number) => cats[i % Math.max(cats.length, 1)]?.handle ?? ALL_COLLECTIONS_SLUG;
  const bestSellers = cat.curated.get('best-sellers')?.handle ?? handleAt(0);
  const newArrivals = cat.curated.get('new-arrivals')?.handle ?? handleAt(1);

  const sections: Section[] = [
    section('head-image', t, {
      change_slides_every: 6,
      opacity_image: 35,
      content: {
        desktop: [
          slide({
            image: `${A}/slide-home-1.svg`,
            heading: `Welcome to ${storeName}`,
            sub: 'Quality pieces, honest prices',
            button: 'Shop Now',
            url: category(ALL_COLLECTIONS_SLUG),
          }),
          slide({
            image: `${A}/slide-home-2.svg`,
            heading: 'Just Landed',
            sub: 'See what is new this week',
            button: 'Shop New Arrivals',
            url: category(newArrivals),
            position: 'left',
          }),
        ],
        mobile: [
          slide({
            image: `${A}/slide-home-mobile-1.svg`,
            heading: `Welcome to ${storeName}`,
            sub: 'Quality pieces, honest prices',
            button: 'Shop Now',
            url: category(ALL_COLLECTIONS_SLUG),
          }),
        ],
      },
    }),
    section('collection_list', t, {
      heading: 'Featured Collections',
      item_per_row: 3,
      item_per_row_mobile: 2,
      blocks: cats.slice(0, 6).map((x) => ({ image: x.image, title: x.title, url: category(x.handle) })),
    }),
    section('featured-collection', t, { heading: 'Best Sellers', collection: bestSellers, item_per_row: 4, limit_product: 8 }),
    section('image_with_text', t, {
      blocks: [
        {
          position: 'left',
          image: `${A}/image-with-text.svg`,
          heading: 'Made to Last',
          show_button: true,
          content: '<p>We pick every product for materials and craft, and test it before it reaches you.</p>',
          button_label: 'Shop the Collection',
          url_button: category(handleAt(0)),
        },
        {
          position: 'right',
          image: `${A}/slide-home-2.svg`,
          heading: 'Free Returns for 30 Days',
          show_button: false,
          content: '<p>Changed your mind? Send it back within 30 days, on us.</p>',
          button_label: 'Learn More',
          url_button: home,
        },
      ],
    }),
    section('feature-content', t, { heading: 'Why Shop With Us' }),
    section('product-review', t, { heading: 'What Our Customers Say', body_html: REVIEWS_HTML }),
    section('slider-product', t, { blocks: [{ heading: 'New Arrivals', item_per_row: 4, collection: newArrivals }] }),
  ];
  c.pages.homepage.sections = sections.map((s, index) => ({ ...s, index }) as Section);
  const header = c.pages.fixed.header.settings;
  header.main_menu = 'main-menu';
  const footer = c.pages.fixed.footer.block_config!;
  footer.address = '123 Market Street, San Francisco, CA 94103';
  footer.email = 'hello@example.com';
  footer.mobile = '+1 (415) 555-0134';
  footer.footer_menu = [{ menu: 'footer' }, { menu: 'footer-shop' }];
  c.settings.element.search.suggestion_list = cats.slice(0, 3).map((x) => ({ value: x.title }));
  return c;
}

const PAGES = [
  {
    handle: 'about-us',
    title: 'About us',
    body: '<h2>Our story</h2><p>We started as a small studio and grew with our customers. Every product is chosen for quality and value.</p>',
  },
  {
    handle: 'shipping-policy',
    title: 'Shipping policy',
    body: '<p>Orders are processed within 1–3 business days. Standard shipping takes 10–20 business days; tracked express is available at checkout.</p>',
  },
  {
    handle: 'return-policy',
    title: 'Return policy',
    body: '<p>Returns are free within 30 days of delivery. Items must be unworn and in their original packaging.</p>',
  },
  {
    handle: 'contact',
    title: 'Contact',
    body: '<p>Write to <a href="mailto:hello@example.com">hello@example.com</a>; we answer within 24 hours.</p>',
  },
] as const;

/**
 * Seeds, for one demo store, the content the themes read and both themes (issue 5 item 2): pages (About us,
 * Shipping policy, Return policy, Contact — published), menus (main-menu nested: Home, Shop ▸ three collections
 * (▸ two more under the first), the curated collections, About us and an external link; footer: About us and
 * Customer care ▸ the policies and Contact; footer-shop: All collections ▸ the categories, Curated ▸ the curated ones), and the FASHION (newchick) and DEFAULT (hydro) themes with rich
 * home pages built from the store's own collections and products (queried here; the demo generator inserts them
 * first). FASHION is published for `demo`, DEFAULT for any other demo store. Runs inside the generator's
 * transaction; idempotent for menus/pages (existing handles are kept).
 */
export async function seedDemoThemes(db: Db, store: { id: string; handle: string }): Promise<void> {
  const [{ name: storeName } = { name: store.handle }] = await rows<{ name: string }>(
    db,
    sql`select name from stores where id = ${store.id}`,
  );
  const cat = await readCatalog(db, store.id);

  await db
    .insert(pages)
    .values(PAGES.map((p) => ({ storeId: store.id, handle: p.handle, title: p.title, bodyHtml: p.body, published: true })))
    .onConflictDoNothing();
  await db
    .insert(pages)
    .values({ storeId: store.id, handle: 'size-guide', title: 'Size guide (draft)', bodyHtml: '<p>Coming soon.</p>', published: false })
    .onConflictDoNothing();

  // The main menu as a merchant would build it (issue 11 "What a merchant does"): Home, a Shop item with three
  // collections nested under it (the first with the curated ones one level deeper), the curated collections, the
  // About page and an external link. Typed items ({id, title, type, target, children}) as the menus API stores them.
  const ids = new Map(
    (await db.select({ id: collections.id, handle: collections.handle }).from(collections).where(eq(collections.storeId, store.id))).map(
      (c) => [c.handle, c.id],
    ),
  );
  const pageIds = new Map(
    (await db.select({ id: pages.id, handle: pages.handle }).from(pages).where(eq(pages.storeId, store.id))).map((p) => [p.handle, p.id]),
  );
  const about = pageIds.has('about-us') ? { id: pageIds.get('about-us')! } : undefined;
  type Item = { id: string; title: string; type: string; target: string; children: Item[] };
  const item = (title: string, type: string, target: string, children: Item[] = []): Item => ({
    id: randomUUID(),
    title,
    type,
    target,
    children,
  });
  const collectionItem = (c: { handle: string; title: string }, children: Item[] = []) =>
    ids.has(c.handle) ? [item(c.title, 'collection', ids.get(c.handle)!, children)] : [];
  const curated = [...cat.curated.values()];
  const shop = cat.categories
    .slice(0, 3)
    .flatMap((c, i) => collectionItem(c, i === 0 ? cat.categories.slice(3, 5).flatMap((x) => collectionItem(x)) : []));
  const mainItems: Item[] = [
    item('Home', 'home', ''),
    item('Shop', 'url', '/collections', shop),
    ...curated.flatMap((c) => collectionItem(c)),
    ...(about ? [item('About us', 'page', about.id)] : []),
    item('Journal', 'url', 'https://example.com/journal'),
  ];
  // The footer menus are nested too (issue 11 item 3, both themes' footers show the levels): Information holds
  // About us and a Customer care item with the policies and Contact under it; Shop holds All collections with the
  // first categories (the first with two more one level deeper) and the curated collections under it.
  const pageItem = (handle: string) => {
    const p = PAGES.find((x) => x.handle === handle);
    return p && pageIds.has(handle) ? [item(p.title, 'page', pageIds.get(handle)!)] : [];
  };
  const footerItems: Item[] = [
    ...pageItem('about-us'),
    item('Customer care', 'url', '/pages/contact', [...pageItem('shipping-policy'), ...pageItem('return-policy'), ...pageItem('contact')]),
  ];
  const footerShopItems: Item[] = [
    item('All collections', 'url', '/collections', shop),
    ...(curated.length
      ? [
          item(
            'Curated',
            'url',
            '/collections',
            curated.flatMap((c) => collectionItem(c)),
          ),
        ]
      : []),
  ];
  await db
    .insert(menus)
    .values([
      { storeId: store.id, handle: 'main-menu', title: 'Main menu', items: mainItems },
      { storeId: store.id, handle: 'footer', title: 'Information', items: footerItems },
      { storeId: store.id, handle: 'footer-shop', title: 'Shop', items: footerShopItems },
    ])
    .onConflictDoNothing();

  const existing = await rows<{ n: number }>(db, sql`select count(*) as n from themes where store_id = ${store.id}`);
  if ((existing[0]?.n ?? 0) > 0) return;
  const fashionFirst = store.handle === 'demo';
  await createTheme(db, {
    storeId: store.id,
    name: DEMO_THEME_NAMES.newchick,
    type: 'newchick',
    config: fashionConfig(cat, storeName),
    published: fashionFirst,
  });
  await createTheme(db, {
    storeId: store.id,
    name: DEMO_THEME_NAMES.hydro,
    type: 'hydro',
    config: defaultConfig(cat, storeName),
    published: !fashionFirst,
  });
}
