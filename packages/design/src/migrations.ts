/**
 * Schema versions of saved design documents and the ordered migrations between them (like @backroom/theme's
 * migrations.ts: every saved document must still load after the model changes).
 *
 * Version 0 is a document without `schemaVersion`: a hand-written or imported JSON that may give its lengths in
 * inches (`unit: 'in'`; the editors show inches). Each migration takes a document of version `to - 1` and returns
 * version `to`; they run in order. A new version: bump DESIGN_SCHEMA_VERSION in schema.ts, append a migration here.
 */
import { DESIGN_LIMITS, DESIGN_SCHEMA_VERSION } from './schema.js';
import { inToMm } from './units.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface DesignMigration {
  /** The version this migration produces. */
  to: number;
  description: string;
  up(doc: Obj): Obj;
}

const SURFACE_LENGTHS = ['width', 'height', 'bleed', 'safe', 'spineWidth'] as const;
const LAYER_LENGTHS = ['x', 'y', 'width', 'height', 'curveRadius', 'strokeWidth', 'cornerRadius'] as const;
const BOOK_LENGTHS = ['pageWidth', 'pageHeight', 'paperThickness', 'coverAllowance'] as const;

function scale(o: unknown, keys: readonly string[]): void {
  if (!isObj(o)) return;
  for (const k of keys) if (typeof o[k] === 'number') o[k] = Math.round(inToMm(o[k] as number) * 1000) / 1000;
}

/** The ordered migrations; `DESIGN_MIGRATIONS[i].to === i + 1`. */
export const DESIGN_MIGRATIONS: readonly DesignMigration[] = [
  {
    to: 1,
    description: "Unversioned documents: lengths given in inches (`unit: 'in'`) become millimetres; `unit` is dropped (always mm)",
    up(doc) {
      const unit = doc.unit;
      delete doc.unit;
      if (unit !== 'in') return doc;
      for (const s of Array.isArray(doc.surfaces) ? doc.surfaces : []) {
        scale(s, SURFACE_LENGTHS);
        if (isObj(s) && Array.isArray(s.layers)) for (const l of s.layers) scale(l, LAYER_LENGTHS);
      }
      scale(doc.book, BOOK_LENGTHS);
      return doc;
    },
  },
  {
    to: 2,
    description:
      'Surfaces larger than DESIGN_LIMITS.maxSideMm (a 50 × 60 in blanket saved before the limit, issue 31 item 5) are scaled down to fit, keeping their aspect ratio, with their layers scaled alike',
    up(doc) {
      for (const s of Array.isArray(doc.surfaces) ? doc.surfaces : []) {
        if (!isObj(s) || typeof s.width !== 'number' || typeof s.height !== 'number') continue;
        const k = fitFactor(s.width, s.height);
        if (k >= 1) continue;
        for (const key of ['width', 'height', 'spineWidth'] as const) if (typeof s[key] === 'number') s[key] = (s[key] as number) * k;
        if (Array.isArray(s.layers))
          for (const l of s.layers) {
            if (!isObj(l)) continue;
            for (const key of LAYER_LENGTHS) if (typeof l[key] === 'number') l[key] = (l[key] as number) * k;
            if (typeof l.fontSize === 'number') l.fontSize = Math.max(1, l.fontSize * k);
          }
      }
      return doc;
    },
  },
];

/**
 * The factor (≤ 1) that brings a `width` × `height` mm surface within DESIGN_LIMITS.maxSideMm on both sides,
 * keeping its aspect ratio; 1 when it already fits (issue 31 item 5: blankets larger than the limit).
 */
export function fitFactor(width: number, height: number): number {
  const side = Math.max(width, height);
  return side > DESIGN_LIMITS.maxSideMm ? DESIGN_LIMITS.maxSideMm / side : 1;
}

/** Raised when a document names a schema version newer than this package knows. */
export class UnknownDesignVersionError extends Error {
  constructor(readonly version: number) {
    super(`schemaVersion: ${version} is newer than the supported ${DESIGN_SCHEMA_VERSION}`);
  }
}

/**
 * Brings a saved document to DESIGN_SCHEMA_VERSION by running, in order, every migration above its `schemaVersion`
 * (missing = 0). Returns a new object (the input is not modified) with `schemaVersion` set; a non-object yields
 * `{schemaVersion}` (which then fails validation). Throws UnknownDesignVersionError for a version above ours.
 */
export function migrateDesignDocument(saved: unknown): Obj & { schemaVersion: number } {
  const doc: Obj = isObj(saved) ? structuredClone(saved) : {};
  const from = typeof doc.schemaVersion === 'number' && Number.isInteger(doc.schemaVersion) ? doc.schemaVersion : 0;
  if (from > DESIGN_SCHEMA_VERSION) throw new UnknownDesignVersionError(from);
  let out = doc;
  for (const m of DESIGN_MIGRATIONS) if (m.to > from) out = m.up(out);
  out.schemaVersion = DESIGN_SCHEMA_VERSION;
  return out as Obj & { schemaVersion: number };
}
