import { HttpError } from './errors.js';

/**
 * A URL handle from a title (pages, menus; Shopify's "handleize"): lower-case ASCII letters, digits and single
 * hyphens, accents dropped, at most `max` characters ('Über uns & Kontakt!' → 'uber-uns-kontakt'); `fallback` when
 * nothing is left (a title in another script).
 */
export function handleize(title: string, fallback: string, max = 200): string {
  const h = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
  return h || fallback;
}

/** The first of `base`, `base-2`, `base-3`, … not in `taken`. */
export function firstFreeHandle(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/** True when a database error is a unique-constraint violation (SQLSTATE 23505), on PGlite and node-postgres. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** 400 naming `body.handle` when a handle is already used by another row of the shop (pages, menus). */
export const handleTaken = (handle: string, what: string) =>
  new HttpError(400, 'BAD_REQUEST', [`body.handle: '${handle}' is already used by another ${what}`]);
