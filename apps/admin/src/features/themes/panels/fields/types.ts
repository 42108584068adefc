import type { Setting } from '@backroom/theme';
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
