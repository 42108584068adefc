import type { SettingsGroupId } from '@backroom/theme';
import { useCallback, useMemo } from 'react';
import { current } from '../../../lib/history';
import { useSessionUser } from '../../../shell/hooks';
import { AreaPanel, SectionPanel, SettingsGroupPanel } from '../panels';
import { getIn, type Path } from './paths';
import { areaPath, useEditor, useEditorStore } from './store';

/**
 * The bridges between the editor's store and the generated settings panels (issue 9 item 3, `panels/`): each host
 * subscribes to ONE part of the draft (a section, an area, a settings group), so typing re-renders only that panel,
 * and turns the panel's `onChange(path, value)` (relative to the part) into one editor edit (typing in one field
 * coalesces into one undo step). Provider staff get the full settings (spec §6).
 */

/** Whether the signed-in user is provider staff (spec §6: they also see the full settings). */
const useIsProviderStaff = () => useSessionUser()?.isProviderStaff ?? false;

/** The panel of the home-page section `sectionKey`; panel paths are relative to the section object. */
export function SectionPanelHost({ sectionKey }: { sectionKey: string }) {
  const store = useEditorStore();
  const theme = useEditor((s) => s.theme);
  const staff = useIsProviderStaff();
  const section = useEditor((s) => current(s.history).pages.homepage.sections.find((x) => x.key === sectionKey));
  const onChange = useCallback((path: Path, value: unknown) => store.getState().editSection(sectionKey, path, value), [store, sectionKey]);
  if (!section) return null;
  return <SectionPanel themeType={theme} section={section} onChange={onChange} isProviderStaff={staff} />;
}

/** The header or footer panel of the theme's variant (with "Edit Menu"). */
export function AreaPanelHost({ area }: { area: 'header' | 'footer' }) {
  const store = useEditorStore();
  const theme = useEditor((s) => s.theme);
  const staff = useIsProviderStaff();
  const path = useMemo(() => areaPath(area, theme), [area, theme]);
  const value = useEditor((s) => getIn(current(s.history), path));
  const onChange = useCallback((rel: Path, v: unknown) => store.getState().edit([...path, ...rel], v), [store, path]);
  return <AreaPanel themeType={theme} area={area} value={value} onChange={onChange} isProviderStaff={staff} />;
}

/** A Setting-tab group's panel. */
export function SettingsGroupPanelHost({ group }: { group: SettingsGroupId }) {
  const store = useEditorStore();
  const theme = useEditor((s) => s.theme);
  const staff = useIsProviderStaff();
  const value = useEditor((s) => (current(s.history).settings as Record<string, unknown>)[group]);
  const onChange = useCallback((rel: Path, v: unknown) => store.getState().edit(['settings', group, ...rel], v), [store, group]);
  return <SettingsGroupPanel themeType={theme} group={group} value={value} onChange={onChange} isProviderStaff={staff} />;
}
