import { Random } from './random.js';

/** The drawing used for a product's picture (see images.ts). */
export type ShapeKind =
  | 'dress'
  | 'tee'
  | 'sweater'
  | 'jacket'
  | 'jeans'
  | 'shoe'
  | 'bag'
  | 'hat'
  | 'glasses'
  | 'scarf'
  | 'belt'
  | 'mug'
  | 'plate'
  | 'lamp'
  | 'pillow'
  | 'vase'
  | 'plant'
  | 'candle'
  | 'towel';

/** How a category's variants are built. */
type VariantPlan = 'apparel' | 'shoes' | 'single' | 'colors' | 'sizes-sml' | 'sizes-cushion';

interface CategoryDef {
  handle: string;
  title: string;
  description: string;
  kind: ShapeKind;
  productType: string;
  /** Price range of the base variant, in cents. */
  price: [number, number];
  plan: VariantPlan;
  products: readonly (string | readonly [string, ShapeKind])[];
}

/** A demo shop's static definition: handle, name, timezone and the category collections of its catalog. */
export interface DemoShopDef {
  handle: 'demo' | 'demo-home';
  name: string;
  timezone: string;
  vendor: string;
  skuPrefix: string;
  /** Share of the total `--orders` this shop receives. */
  orderShare: number;
  categories: readonly CategoryDef[];
}

export const DEMO_SHOPS: readonly DemoShopDef[] = [
  {
    handle: 'demo',
    name: 'Demo Fashion',
    timezone: 'America/Los_Angeles',
    vendor: 'Backroom Apparel',
    skuPrefix: 'DF',
    orderShare: 0.62,
    categories: [
      {
        handle: 'dresses',
        title: 'Dresses',
        description: 'Easy dresses for every day and the evenings out.',
        kind: 'dress',
        productType: 'Dress',
        price: [4900, 12900],
        plan: 'apparel',
        products: [
          'Linen Wrap Dress',
          'Floral Midi Dress',
          'Satin Slip Dress',
          'Tiered Maxi Dress',
          'Knit Sweater Dress',
          'Polka Dot Tea Dress',
          'Cotton Shirt Dress',
          'Pleated Party Dress',
        ],
      },
      {
        handle: 'tops-tees',
        title: 'Tops & Tees',
        description: 'Tees, blouses and shirts in soft natural fibres.',
        kind: 'tee',
        productType: 'Top',
        price: [1900, 6900],
        plan: 'apparel',
        products: [
          'Organic Cotton Tee',
          'Striped Breton Top',
          'Ribbed Tank Top',
          'Oversized Pocket Tee',
          'Silk Camisole',
          'Puff Sleeve Blouse',
          'Linen Button Shirt',
          'Cropped Graphic Tee',
        ],
      },
      {
        handle: 'knitwear',
        title: 'Knitwear',
        description: 'Warm layers knitted from merino, cashmere and cotton.',
        kind: 'sweater',
        productType: 'Sweater',
        price: [5900, 14900],
        plan: 'apparel',
        products: [
          'Merino Crew Sweater',
          'Cable Knit Cardigan',
          'Chunky Roll Neck',
          'Cashmere V-Neck',
          'Mohair Blend Jumper',
          'Fisherman Sweater',
          'Cropped Knit Vest',
          'Waffle Knit Hoodie',
        ],
      },
      {
        handle: 'outerwear',
        title: 'Outerwear',
        description: 'Coats and jackets for wind, rain and city evenings.',
        kind: 'jacket',
        productType: 'Jacket',
        price: [8900, 24900],
        plan: 'apparel',
        products: [
          'Classic Trench Coat',
          'Quilted Puffer Jacket',
          'Wool Car Coat',
          'Denim Trucker Jacket',
          'Waxed Field Jacket',
          'Teddy Fleece Jacket',
          'Lightweight Rain Shell',
          'Tailored Blazer',
        ],
      },
      {
        handle: 'denim',
        title: 'Denim',
        description: 'Jeans, skirts and shorts cut from rigid and stretch denim.',
        kind: 'jeans',
        productType: 'Jeans',
        price: [5900, 11900],
        plan: 'apparel',
        products: [
          'High Rise Straight Jeans',
          'Relaxed Mom Jeans',
          'Slim Selvedge Jeans',
          'Wide Leg Jeans',
          'Denim Mini Skirt',
          'Bootcut Jeans',
          'Frayed Denim Shorts',
          'Carpenter Jeans',
        ],
      },
      {
        handle: 'shoes',
        title: 'Shoes',
        description: 'Sneakers, boots and flats made to walk in.',
        kind: 'shoe',
        productType: 'Shoes',
        price: [5900, 16900],
        plan: 'shoes',
        products: [
          'Leather Court Sneakers',
          'Suede Chelsea Boots',
          'Canvas Low Tops',
          'Strappy Block Heels',
          'Leather Penny Loafers',
          'Running Trainers',
          'Espadrille Flats',
          'Hiking Boots',
        ],
      },
      {
        handle: 'bags',
        title: 'Bags',
        description: 'Totes, crossbodies and backpacks for everything you carry.',
        kind: 'bag',
        productType: 'Bag',
        price: [3900, 18900],
        plan: 'colors',
        products: [
          'Leather Tote Bag',
          'Mini Crossbody Bag',
          'Canvas Weekender',
          'Woven Straw Bag',
          'Everyday Backpack',
          'Quilted Shoulder Bag',
          'Suede Bucket Bag',
          'Nylon Belt Bag',
        ],
      },
      {
        handle: 'accessories',
        title: 'Accessories',
        description: 'Hats, scarves, belts and sunglasses to finish the look.',
        kind: 'hat',
        productType: 'Accessory',
        price: [1900, 8900],
        plan: 'single',
        products: [
          ['Wool Fedora Hat', 'hat'],
          ['Classic Sunglasses', 'glasses'],
          ['Silk Neck Scarf', 'scarf'],
          ['Leather Belt', 'belt'],
          ['Ribbed Knit Beanie', 'hat'],
          ['Cotton Bucket Hat', 'hat'],
          ['Cat-Eye Sunglasses', 'glasses'],
          ['Cashmere Scarf', 'scarf'],
        ],
      },
    ],
  },
  {
    handle: 'demo-home',
    name: 'Demo Home',
    timezone: 'Asia/Kolkata',
    vendor: 'Backroom Home',
    skuPrefix: 'DH',
    orderShare: 0.38,
    categories: [
      {
        handle: 'mugs-cups',
        title: 'Mugs & Cups',
        description: 'Stoneware, enamel and glass for the first coffee of the day.',
        kind: 'mug',
        productType: 'Mug',
        price: [1200, 3900],
        plan: 'colors',
        products: [
          'Stoneware Coffee Mug',
          'Speckled Latte Mug',
          'Enamel Camp Mug',
          'Double Wall Glass Cup',
          'Espresso Cup Set',
          'Tall Tea Mug',
          'Matte Black Mug',
          'Ceramic Travel Cup',
        ],
      },
      {
        handle: 'tableware',
        title: 'Tableware',
        description: 'Plates, bowls and boards for everyday meals and long dinners.',
        kind: 'plate',
        productType: 'Tableware',
        price: [1800, 8900],
        plan: 'single',
        products: [
          'Reactive Glaze Dinner Plate',
          'Linen Edge Side Plate',
          'Oval Serving Platter',
          'Pasta Bowl Set',
          'Olive Wood Board',
          'Porcelain Dessert Plates',
          'Hammered Salad Bowl',
          'Terracotta Tapas Dishes',
        ],
      },
      {
        handle: 'lighting',
        title: 'Lighting',
        description: 'Lamps and shades that make a room feel warm.',
        kind: 'lamp',
        productType: 'Lamp',
        price: [3900, 22900],
        plan: 'single',
        products: [
          'Rattan Pendant Shade',
          'Brass Table Lamp',
          'Paper Lantern',
          'Ceramic Bedside Lamp',
          'Arc Floor Lamp',
          'Mushroom Lamp',
          'Glass Globe Pendant',
          'Cordless Table Lamp',
        ],
      },
      {
        handle: 'cushions-throws',
        title: 'Cushions & Throws',
        description: 'Linen, boucle and wool to sink into.',
        kind: 'pillow',
        productType: 'Textile',
        price: [2900, 11900],
        plan: 'sizes-cushion',
        products: [
          'Washed Linen Cushion',
          'Boucle Cushion',
          'Chunky Knit Throw',
          'Velvet Lumbar Cushion',
          'Waffle Cotton Throw',
          'Tufted Outdoor Cushion',
          'Wool Check Blanket',
          'Embroidered Cushion',
        ],
      },
      {
        handle: 'vases-decor',
        title: 'Vases & Decor',
        description: 'Vases, mirrors and objects to style a shelf.',
        kind: 'vase',
        productType: 'Decor',
        price: [1900, 14900],
        plan: 'single',
        products: [
          'Ribbed Glass Vase',
          'Stoneware Bud Vase',
          'Oversized Floor Vase',
          'Sculptural Bookends',
          'Round Wall Vase',
          'Dried Pampas Vase',
          'Marble Amphora',
          'Woven Wall Vase',
        ],
      },
      {
        handle: 'plants-planters',
        title: 'Plants & Planters',
        description: 'Easy-going plants and the pots to hold them.',
        kind: 'plant',
        productType: 'Plant',
        price: [1500, 12900],
        plan: 'sizes-sml',
        products: [
          'Monstera in Pot',
          'Snake Plant',
          'Fiddle Leaf Fig',
          'Hanging Pothos',
          'Terracotta Planter',
          'Self-Watering Pot',
          'Potted Olive Tree',
          'Cactus Trio',
        ],
      },
      {
        handle: 'candles',
        title: 'Candles & Scents',
        description: 'Hand-poured candles and diffusers in quiet scents.',
        kind: 'candle',
        productType: 'Candle',
        price: [1400, 5900],
        plan: 'sizes-sml',
        products: [
          'Fig Leaf Candle',
          'Sea Salt Candle',
          'Amber & Oud Candle',
          'Taper Candle Set',
          'Cedar Reed Candle',
          'Beeswax Pillar Candle',
          'Travel Tin Candle',
          'Linen Scented Candle',
        ],
      },
      {
        handle: 'bath',
        title: 'Bath',
        description: 'Towels, robes and bath linen in Turkish cotton.',
        kind: 'towel',
        productType: 'Bath',
        price: [1900, 9900],
        plan: 'colors',
        products: [
          'Turkish Cotton Towel',
          'Waffle Bath Towel',
          'Cotton Bath Mat',
          'Hand Towel Set',
          'Striped Beach Towel',
          'Bamboo Bath Sheet',
          'Linen Guest Towels',
          'Hammam Towel',
        ],
      },
    ],
  },
];

/** Colour names and their swatch hex, used for variant options and the drawings. */
export const PALETTE: Readonly<Record<string, string>> = {
  Black: '#2b2b2e',
  White: '#f1efe9',
  Navy: '#27385c',
  Sand: '#d8c3a0',
  Olive: '#6f7449',
  Rust: '#b5552f',
  Sage: '#9cae92',
  Blush: '#e3a7a0',
  Sky: '#8fb6d9',
  Mustard: '#d9a93a',
  Terracotta: '#c4704f',
  Plum: '#6d3b5b',
  Forest: '#2f5b45',
  Charcoal: '#4a4d52',
  Cream: '#efe4cd',
  Denim: '#4b6a93',
};

/** Background patterns drawn over a product's shape. */
export type PatternKind = 'plain' | 'stripes' | 'dots' | 'checks';

/** One generated variant; prices in cents. */
export interface DemoVariant {
  position: number;
  sku: string;
  option1: string;
  option2: string | null;
  priceCents: number;
  compareAtPriceCents: number | null;
  inventoryQty: number;
  grams: number;
}

/** One generated product with its variants, pictures (paths under demo/assets) and collections. */
export interface DemoProduct {
  handle: string;
  title: string;
  bodyHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  optionNames: string[];
  kind: ShapeKind;
  color: string;
  pattern: PatternKind;
  variants: DemoVariant[];
  /** Paths relative to demo/assets, e.g. products/demo/linen-wrap-dress-1.svg. */
  images: string[];
  /** Handle of its category collection. */
  category: string;
  /** Popularity weight used by the order generator (Zipf-like). */
  popularity: number;
  /** Days before the seed time the product was created (0..150). */
  ageDays: number;
  onSale: boolean;
}

/** One generated collection; `products` are product handles in display order. */
export interface DemoCollection {
  handle: string;
  title: string;
  description: string;
  image: string;
  products: string[];
}

/** A demo shop's generated catalog. */
export interface DemoCatalog {
  shop: DemoShopDef;
  products: DemoProduct[];
  collections: DemoCollection[];
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const APPAREL_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const SHOE_SIZES = ['36', '37', '38', '39', '40', '41'];

/**
 * Builds a demo shop's catalog (products, variants, images, collections). It is deliberately independent of
 * `--seed`: the pictures are committed files drawn from it (demo/assets), so it must never drift. Each category
 * becomes a collection; three curated collections (New Arrivals, Best Sellers, Sale) are added on top.
 */
export function buildCatalog(shop: DemoShopDef): DemoCatalog {
  const r = new Random(shop.handle === 'demo' ? 20240601 : 20240602);
  const colors = Object.keys(PALETTE);
  const products: DemoProduct[] = [];
  let n = 0;
  for (const cat of shop.categories) {
    for (const entry of cat.products) {
      n += 1;
      const [title, kind] = typeof entry === 'string' ? [entry, cat.kind] : entry;
      const handle = slug(title);
      const color = cat.kind === 'jeans' ? r.pick(['Denim', 'Navy', 'Black', 'Sky']) : r.pick(colors);
      const pattern = r.weighted<PatternKind>({ plain: 5, stripes: 2, dots: 1.5, checks: 1 });
      const base = Math.round(r.int(cat.price[0], cat.price[1]) / 100) * 100 - 1 + (r.chance(0.3) ? -400 : 0);
      const priceBase = Math.max(999, base);
      const onSale = r.chance(0.22);
      const compareAt = onSale ? Math.round((priceBase * (1.2 + r.float() * 0.3)) / 100) * 100 : null;
      const grams = r.int(150, 1400);
      const variants: DemoVariant[] = [];
      let optionNames: string[] = ['Title'];
      const add = (o1: string, o2: string | null, bump = 0) => {
        const pos = variants.length + 1;
        const code = [o1, o2]
          .filter(Boolean)
          .map((x) =>
            x!
              .replace(/[^A-Za-z0-9]/g, '')
              .slice(0, 4)
              .toUpperCase(),
          )
          .join('-');
        variants.push({
          position: pos,
          sku: `${shop.skuPrefix}-${String(n).padStart(3, '0')}-${code || 'STD'}`,
          option1: o1,
          option2: o2,
          priceCents: priceBase + bump,
          compareAtPriceCents: compareAt === null ? null : compareAt + bump,
          inventoryQty: r.chance(0.08) ? 0 : r.int(3, 140),
          grams,
        });
      };
      switch (cat.plan) {
        case 'apparel': {
          const second = r.chance(0.35) ? r.pick(colors.filter((c) => c !== color)) : null;
          optionNames = second ? ['Size', 'Color'] : ['Size'];
          for (const c of second ? [color, second] : [null]) for (const s of APPAREL_SIZES) add(s, c);
          break;
        }
        case 'shoes':
          optionNames = ['Size'];
          for (const s of SHOE_SIZES) add(s, null);
          break;
        case 'colors': {
          if (r.chance(0.5)) {
            optionNames = ['Color'];
            const others = colors.filter((c) => c !== color);
            add(color, null);
            add(r.pick(others), null);
            if (r.chance(0.5)) add(r.pick(others.filter((c) => !variants.some((v) => v.option1 === c))), null);
          } else add('Default Title', null);
          break;
        }
        case 'sizes-sml':
          optionNames = ['Size'];
          add('Small', null);
          add('Medium', null, Math.round(priceBase * 0.4));
          add('Large', null, Math.round(priceBase * 0.9));
          break;
        case 'sizes-cushion':
          optionNames = ['Size'];
          add('45 x 45 cm', null);
          add('50 x 50 cm', null, 600);
          break;
        default:
          add('Default Title', null);
      }
      // a Set: the 'denim' category in the colour 'Denim' would tag a product twice, which a save then dedupes (issue 30 item 5)
      const tags = [
        ...new Set([cat.title.toLowerCase(), color.toLowerCase(), ...(onSale ? ['sale'] : []), ...(r.chance(0.3) ? ['bestseller'] : [])]),
      ];
      products.push({
        handle,
        title,
        bodyHtml: `<p>${title} in ${color.toLowerCase()}. ${cat.description}</p><ul><li>Designed in our studio</li><li>Free returns within 30 days</li></ul>`,
        vendor: shop.vendor,
        productType: cat.productType,
        tags,
        optionNames,
        kind,
        color,
        pattern,
        variants,
        images: [`products/${shop.handle}/${handle}-1.svg`, `products/${shop.handle}/${handle}-2.svg`],
        category: cat.handle,
        popularity: 0,
        ageDays: r.int(0, 150),
        onSale,
      });
    }
  }
  // Zipf-like popularity over a shuffled rank so best sellers are spread over categories.
  const ranks = products.map((_, i) => i);
  for (let i = ranks.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
  }
  ranks.forEach((p, rank) => {
    products[p]!.popularity = 1 / (rank + 1) ** 0.8;
  });

  const collections: DemoCollection[] = shop.categories.map((cat) => {
    const members = products.filter((p) => p.category === cat.handle);
    return {
      handle: cat.handle,
      title: cat.title,
      description: cat.description,
      image: members[0]!.images[0]!,
      products: members.map((p) => p.handle),
    };
  });
  const newest = [...products].sort((a, b) => a.ageDays - b.ageDays).slice(0, 12);
  const best = [...products].sort((a, b) => b.popularity - a.popularity).slice(0, 12);
  const sale = products.filter((p) => p.onSale);
  collections.push(
    {
      handle: 'new-arrivals',
      title: 'New Arrivals',
      description: 'Just landed in the shop.',
      image: newest[0]!.images[0]!,
      products: newest.map((p) => p.handle),
    },
    {
      handle: 'best-sellers',
      title: 'Best Sellers',
      description: 'What everyone is buying.',
      image: best[0]!.images[0]!,
      products: best.map((p) => p.handle),
    },
  );
  if (sale.length) {
    collections.push({
      handle: 'sale',
      title: 'Sale',
      description: 'Last chance, marked down.',
      image: sale[0]!.images[0]!,
      products: sale.map((p) => p.handle),
    });
  }
  return { shop, products, collections };
}
