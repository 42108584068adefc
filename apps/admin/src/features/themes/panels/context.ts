import type { ThemeType } from '@backroom/theme';
import { createContext, useContext } from 'react';

/** A settings path relative to the panel's `value` (or `section`) object; numbers index block lists. */
export type SettingPath = readonly (string | number)[];

/**
 * Reports one edit: the path of the changed setting relative to the panel's value and its new value there (a
 * whole array for a block add, remove or reorder). The editor shell applies it, records undo and posts the
 * preview (issue 9 item 3).
 */
export type PanelChange = (path: (string | number)[], value: unknown) => void;

/** What every field of a panel reads: the theme, the viewer (spec §6) and the stable change callback. */
export interface PanelContextValue {
  themeType: ThemeType;
  isProviderStaff: boolean;
  /** Stable for the panel's life: fields never re-render because the shell passed a new `onChange`. */
  emit: PanelChange;
}

export const PanelContext = createContext<PanelContextValue | null>(null);

/** The panel context; throws when a field is rendered outside a panel. */
export function usePanel(): PanelContextValue {
  const ctx = useContext(PanelContext);
  if (!ctx) throw new Error('a settings field must be rendered inside a panel');
  return ctx;
}

/** A path as one string (memo comparisons and DOM ids): `settings.blocks.2.title`. */
export const pathKey = (path: SettingPath): string => path.join('.');

/** A DOM id for the input of a path (labels and error messages point at it). */
export const fieldId = (path: SettingPath): string => `theme-setting-${pathKey(path).replace(/[^a-zA-Z0-9_-]/g, '_')}`;
