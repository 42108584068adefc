/**
 * The theme editor's settings panels (issue 9 item 3), generated from `THEME_SCHEMA` of `@backroom/theme`:
 *
 * - `SectionPanel({themeType, section, onChange, isProviderStaff})` — one home-page section; paths start with 'settings'.
 * - `AreaPanel({themeType, area: 'header'|'footer', value, onChange, isProviderStaff})` — the fixed areas.
 * - `SettingsGroupPanel({themeType, group, value, onChange, isProviderStaff})` — a Setting-tab group.
 *
 * `onChange(path, value)`: `path` is relative to the panel's `section`/`value`, `value` the new value there (a whole
 * array for a block add, remove or reorder). Each field reports its own path, so the shell can coalesce typing in
 * one field into one undo step. Fields are memoised by value identity: update the config immutably along the path.
 * The panels need a MantineProvider and a QueryClientProvider above them (lookups and uploads use React Query).
 */
export { AreaPanel, SectionPanel, SettingsGroupPanel } from './Panels';
