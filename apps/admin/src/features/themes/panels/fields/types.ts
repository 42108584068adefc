import type { Fields, Setting } from '@backroom/theme';
import type { ComponentType } from 'react';
import type { SettingPath } from '../context';

/** Props of every field component: its declaration, its path (relative to the panel value) and its value. */
export interface FieldProps<S extends Setting = Setting> {
  setting: S;
  path: SettingPath;
  value: unknown;
  /** The object holding this setting (its siblings), for settings that read a sibling (`collectionFrom`). */
  scope?: Record<string, unknown>;
  /** False when the setting is shown but not editable in this theme (spec §3 `editableIn`). */
  disabled?: boolean;
}

/**
 * The component that renders a record of settings (Field.tsx's `FieldList`), handed to the block list by Field.tsx
 * so that fields/ never imports Field.tsx back (no import cycle, issue 15).
 */
export type FieldListComponent = ComponentType<{ fields: Fields; value: unknown; path: SettingPath }>;
