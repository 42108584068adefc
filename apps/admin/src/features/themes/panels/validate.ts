import { fieldsSchema, type Setting, type ThemeType } from '@backroom/theme';
import type { z } from 'zod';

const cache = new WeakMap<Setting, Partial<Record<ThemeType, z.ZodType>>>();

function schemaOf(setting: Setting, theme: ThemeType): z.ZodType {
  let byTheme = cache.get(setting);
  if (!byTheme) {
    byTheme = {};
    cache.set(setting, byTheme);
  }
  byTheme[theme] ??= fieldsSchema({ v: setting }, theme);
  return byTheme[theme];
}

/** "must be between 2 and 8" → "Must be between 2 and 8."; the spec's own texts ("Invalid number.") stay as they are. */
function sentence(message: string): string {
  const m = message.trim();
  const s = m.charAt(0).toUpperCase() + m.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/**
 * The inline message for one setting's value, or null when it is valid: the same zod rules the server runs on save
 * (spec §5 ranges, "Invalid number.", "Required."), derived from the one declaration in `@backroom/theme`.
 * Only the first issue is returned. Groups and block lists are judged field by field where they are shown.
 */
export function settingError(setting: Setting, value: unknown, theme: ThemeType): string | null {
  if (setting.kind === 'group' || setting.kind === 'blocks') return null;
  const r = schemaOf(setting, theme).safeParse({ v: value });
  if (r.success) return null;
  const issue = r.error.issues[0];
  return issue ? sentence(issue.message) : null;
}
