/**
 * Reading a document from anywhere (a request body, the database, an import): migrate, then validate.
 */
import type { z } from 'zod';
import { migrateDesignDocument, UnknownDesignVersionError } from './migrations.js';
import { type DesignDocument, DesignDocumentSchema } from './schema.js';

/** One validation problem: the dotted path inside the document ('surfaces.0.layers.2.width') and the rule broken. */
export interface DesignIssue {
  path: string;
  message: string;
}

/**
 * Migrates (migrations.ts) and validates a saved or submitted document. Answers `{ok: true, document}` with
 * defaults filled, or `{ok: false, issues}` (a version newer than ours is one issue at `schemaVersion`). Never throws.
 */
export function parseDesignDocument(raw: unknown): { ok: true; document: DesignDocument } | { ok: false; issues: DesignIssue[] } {
  let migrated: unknown;
  try {
    migrated = migrateDesignDocument(raw);
  } catch (e) {
    if (e instanceof UnknownDesignVersionError) return { ok: false, issues: [{ path: 'schemaVersion', message: e.message }] };
    throw e;
  }
  const r = DesignDocumentSchema.safeParse(migrated);
  if (r.success) return { ok: true, document: r.data };
  return { ok: false, issues: issuesOf(r.error) };
}

/** A zod error as `{path, message}` issues (path joined with dots). */
export function issuesOf(error: z.ZodError): DesignIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}
