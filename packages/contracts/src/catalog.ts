import { z } from 'zod';

/** One rejected row of a CSV import: its 1-based line number in the file and why. */
export const ImportRejection = z.object({ row: z.number().int(), handle: z.string().nullable(), reason: z.string() });
/** POST /api/products/import answer. Counts are products (grouped by Handle), rejections are rows. */
export const ImportReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  variants: z.number().int(),
  images: z.number().int(),
  rejected: z.array(ImportRejection),
});
export type ImportReport = z.infer<typeof ImportReport>;

/** GET /api/products/count answer and query. */
export const ProductsCountResponse = z.object({ count: z.number().int(), variants: z.number().int(), collections: z.number().int() });
