import { BASE_PRODUCT_DEFS, type BaseProductDef } from './base-products.js';
import { areaOnMockup, MOCKUP_SIZE, mockupSvg } from './mockups.js';

/**
 * What the print-on-demand designs (issue 19, modules/designs) need of a base product: its print areas (mm, DPI,
 * place on the flat mockup in percent of the whole mockup), colours, sizes with their cost, book settings, and the
 * plain mockup drawing in one colour (SVG, MOCKUP_SIZE px square, no dashed area).
 */
export interface DesignBase {
  id: string;
  title: string;
  category: string;
  description: string;
  baseCostCents: number;
  sizes: { name: string; extraCents: number }[];
  colors: { name: string; hex: string }[];
  areas: {
    key: string;
    name: string;
    widthMm: number;
    heightMm: number;
    dpi: number;
    mockup: { left: number; top: number; width: number; height: number };
  }[];
  book: BaseProductDef['book'] | null;
  /** The plain mockup SVG in the colour `hex`. */
  mockupSvg(hex: string): string;
  /** Side of the mockup drawing, px. */
  mockupSize: number;
}

/** The base product `id` for the design editors and renderers, or null when the catalogue has no such item. */
export function designBaseOf(id: string): DesignBase | null {
  const d = BASE_PRODUCT_DEFS.find((x) => x.id === id);
  if (!d) return null;
  return {
    id: d.id,
    title: d.title,
    category: d.category,
    description: d.description,
    baseCostCents: d.baseCostCents,
    sizes: d.sizes,
    colors: d.colors,
    areas: d.printAreas.map((a) => ({
      key: a.key,
      name: a.name,
      widthMm: a.widthMm,
      heightMm: a.heightMm,
      dpi: a.dpi ?? 300,
      mockup: areaOnMockup(d.id, a.at),
    })),
    book: d.book ?? null,
    mockupSvg: (hex) => mockupSvg(d, hex, { markArea: false }),
    mockupSize: MOCKUP_SIZE,
  };
}
