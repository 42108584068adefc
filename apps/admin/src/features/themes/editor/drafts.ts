import type { ThemeConfig } from '@backroom/theme';
import { del, get, set } from 'idb-keyval';
import type { History } from '../../../lib/history';
import { isDirty } from '../../../lib/history';
import type { BaseVersion } from './store';

/**
 * The draft AND its undo history kept in IndexedDB (issue 9 item 6 "kept locally and offered back after a crash or
 * reload"), with idb-keyval. One record per store and theme; written a moment after each change (and when the tab
 * is hidden), removed when the draft is saved or discarded. Configs in the history share their unchanged parts;
 * IndexedDB's structured clone keeps that sharing, so a 200-step history costs little more than one config.
 */
export interface StoredDraft {
  v: 1;
  themeId: string;
  base: BaseVersion;
  history: History<ThemeConfig>;
  /** When the draft was last written (epoch ms). */
  updatedAt: number;
}

const key = (storeId: string, themeId: string) => `backroom:theme-draft:${storeId}:${themeId}`;

/** The kept draft of a theme, or null (none, unreadable, or nothing unsaved in it). */
export async function loadDraft(storeId: string, themeId: string): Promise<StoredDraft | null> {
  try {
    const d = (await get(key(storeId, themeId))) as StoredDraft | undefined;
    if (d?.v !== 1 || d.themeId !== themeId || !d.history?.entries?.length || !isDirty(d.history)) return null;
    return d;
  } catch {
    return null;
  }
}

/** Writes the draft (failures — private mode, quota — are ignored: the draft is a safety net). */
export async function writeDraft(storeId: string, draft: StoredDraft): Promise<void> {
  try {
    await set(key(storeId, draft.themeId), draft);
  } catch {
    // Nothing to do: the editor keeps working without the safety net.
  }
}

/** Forgets the kept draft of a theme. */
export async function clearDraft(storeId: string, themeId: string): Promise<void> {
  try {
    await del(key(storeId, themeId));
  } catch {
    // ignore
  }
}
