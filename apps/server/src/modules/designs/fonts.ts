import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { GlobalFonts } from '@napi-rs/canvas';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { personalizeFonts } from '../../db/schema/index.js';
import type { MediaStorage } from '../media/index.js';

/**
 * Fonts for the server renderer (issue 19: "fonts embedded", the print file is what the editor showed): a text's
 * `fontFamily` is a theme family (the storefront's self-hosted @fontsource files, latin subset, by weight and
 * style) or, with `fontId`, a font the shop uploaded (personalisation fonts in the media storage). Each file is
 * registered once per process in @napi-rs/canvas under its own alias and its bytes are kept for PDF embedding.
 */

const require = createRequire(import.meta.url);

/** A font ready to draw: the canvas family alias and the file's bytes (for pdf-lib). */
export interface LoadedFont {
  alias: string;
  bytes: Uint8Array;
}

const cache = new Map<string, Promise<LoadedFont | null>>();
/** The family used when a text's font cannot be found (bundled with the storefront). */
const FALLBACK_FAMILY = 'Roboto';

/** '@fontsource' package name of a theme family ('Open Sans' → open-sans; 'Share' → share-tech). */
const slugOf = (family: string) => (family === 'Share' ? 'share-tech' : family.toLowerCase().replace(/\s+/g, '-'));

async function themeFontFile(family: string, weight: number, italic: boolean): Promise<Uint8Array | null> {
  let dir: string;
  try {
    dir = join(dirname(require.resolve(`@fontsource/${slugOf(family)}/package.json`)), 'files');
  } catch {
    return null;
  }
  const w = Math.min(900, Math.round(weight / 100) * 100);
  for (const [ww, style] of [
    [w, italic ? 'italic' : 'normal'],
    [w, 'normal'],
    [400, 'normal'],
  ] as const) {
    const bytes = await readFile(join(dir, `${slugOf(family)}-latin-${ww}-${style}.woff2`)).catch(() => null);
    if (bytes) return new Uint8Array(bytes);
  }
  return null;
}

async function streamBytes(body: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Font lookups bound to one store (its uploaded fonts) for one render. */
export interface FontSource {
  /** The font of a text layer (theme family by weight/style, or the shop's font); falls back to Roboto 400. */
  load(o: { fontFamily: string; fontId: string | null; fontWeight: number; italic: boolean }): Promise<LoadedFont>;
}

/** A FontSource for `storeId`: uploaded fonts are read from `storage` (only the store's own, by id). */
export function fontSource(db: Db, storage: MediaStorage, storeId: string): FontSource {
  const shopFonts = new Map<string, Promise<string | null>>();
  const keyOf = (fontId: string) => {
    let p = shopFonts.get(fontId);
    if (!p) {
      p = db
        .select({ key: personalizeFonts.key })
        .from(personalizeFonts)
        .where(and(eq(personalizeFonts.storeId, storeId), inArray(personalizeFonts.id, [fontId])))
        .then((r) => r[0]?.key ?? null);
      shopFonts.set(fontId, p);
    }
    return p;
  };
  const register = (cacheKey: string, read: () => Promise<Uint8Array | null>) => {
    let p = cache.get(cacheKey);
    if (!p) {
      p = read().then((bytes) => {
        if (!bytes) return null;
        const alias = `f${cache.size}_${cacheKey.replace(/[^a-z0-9]/gi, '')}`.slice(0, 60);
        GlobalFonts.register(Buffer.from(bytes), alias);
        return { alias, bytes };
      });
      cache.set(cacheKey, p);
    }
    return p;
  };
  return {
    async load(o) {
      if (o.fontId) {
        const key = await keyOf(o.fontId);
        if (key) {
          const f = await register(`shop:${key}`, async () => {
            const obj = await storage.get(key);
            return obj ? streamBytes(obj.body) : null;
          });
          if (f) return f;
        }
      }
      const f = await register(`theme:${o.fontFamily}:${o.fontWeight}:${o.italic}`, () =>
        themeFontFile(o.fontFamily, o.fontWeight, o.italic),
      );
      if (f) return f;
      const fallback = await register(`theme:${FALLBACK_FAMILY}:400:false`, () => themeFontFile(FALLBACK_FAMILY, 400, false));
      if (!fallback) throw new Error('no font available for the renderer (@fontsource/roboto missing)');
      return fallback;
    },
  };
}
