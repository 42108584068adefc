import { FIXED_AREAS, type Fields, SECTIONS, SETTINGS_GROUPS, type SectionDef, type SettingsGroupId } from '@backroom/theme';
import { useCallback, useMemo } from 'react';
import { GenericPanel } from './GenericPanel';
import { current } from './history';
import { getIn, type Path } from './paths';
import { areaPath, useEditor, useEditorStore } from './store';

/**
 * The bridges between the editor's store and the settings panels (issue 9 item 3): each host subscribes to ONE part
 * of the draft (a section, an area, a settings group), so typing re-renders only that panel, and turns the panel's
 * `onChange(path, value)` (relative to the part) into one editor edit.
 */

/** The panel of the home-page section `sectionKey`; panel paths are relative to the section object. */
export function SectionPanelHost({ sectionKey }: { sectionKey: string }) {
  const store = useEditorStore();
  const theme = useEditor((s) => s.theme);
  const section = useEditor((s) => current(s.history).pages.homepage.sections.find((x) => x.key === sectionKey));
  const onChange = useCallback((path: Path, value: unknown) => store.getState().editSection(sectionKey, path, value), [store, sectionKey]);
  if (!section) return null;
  const def = (SECTIONS as Record<string, SectionDef>)[section.type];
  if (!def) return null;
  return (
    <GenericPanel
      fields={def.settings}
      value={section.settings as Record<string, unknown>}
      theme={theme}
      prefix={['settings']}
      onChange={onChange}
    />
  );
}

/** The header or footer panel of the theme's variant. */
export function AreaPanelHost({ area }: { area: 'header' | 'footer' }) {
  const store = useEditorStore();
  const theme = useEditor((s) => s.theme);
  const path = useMemo(() => areaPath(area, theme), [area, theme]);
  const value = useEditor((s) => getIn(current(s.history), areaPath(area, s.theme))) as Record<string, unknown>;
  const onChange = useCallback((rel: Path, v: unknown) => store.getState().edit([...path, ...rel], v), [store, path]);
  return <GenericPanel fields={FIXED_AREAS[area][theme].fields} value={value} theme={theme} prefix={[]} onChange={onChange} />;
}

/** A Setting-tab group's panel. */
export function SettingsGroupPanelHost({ group }: { group: SettingsGroupId }) {
  const store = useEditorStore();
  const theme = useEditor((s) => s.theme);
  const value = useEditor((s) => (current(s.history).settings as Record<string, unknown>)[group]) as Record<string, unknown>;
  const onChange = useCallback((rel: Path, v: unknown) => store.getState().edit(['settings', group, ...rel], v), [store, group]);
  return <GenericPanel fields={SETTINGS_GROUPS[group].fields as Fields} value={value} theme={theme} prefix={[]} onChange={onChange} />;
}
