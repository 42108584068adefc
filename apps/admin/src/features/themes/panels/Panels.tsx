import { FIXED_AREAS, type Fields, SECTIONS, SETTINGS_GROUPS, type SettingsGroupId, type ThemeType } from '@backroom/theme';
import { Anchor, Stack, Text } from '@mantine/core';
import { memo, type ReactNode, useMemo, useRef } from 'react';
import { routePath } from '../../../routes';
import { type PanelChange, PanelContext } from './context';
import { FieldList } from './Field';

/** Link text to the menus screen in the header and footer panels (spec §2 "Edit Menu"). */
export const EDIT_MENU_TEXT = 'Edit Menu';
/** Link text to the product widgets in the product settings panel (spec §2 "A Product Widget link"). */
export const PRODUCT_WIDGET_TEXT = 'Product Widget';

function PanelRoot(props: { themeType: ThemeType; isProviderStaff: boolean; onChange: PanelChange; children: ReactNode }) {
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const ctx = useMemo(
    () => ({
      themeType: props.themeType,
      isProviderStaff: props.isProviderStaff,
      emit: (path: (string | number)[], value: unknown) => onChange.current(path, value),
    }),
    [props.themeType, props.isProviderStaff],
  );
  return <PanelContext.Provider value={ctx}>{props.children}</PanelContext.Provider>;
}

/** Props of SectionPanel. */
export interface SectionPanelProps {
  themeType: ThemeType;
  /** The home-page section `{type, key, index, settings}` as it is in the draft config. */
  section: { type: string; key: string; settings: unknown };
  /** Called with the path relative to `section` (always starting with 'settings') and the new value there. */
  onChange: PanelChange;
  /** Provider staff also see the full settings (spec §6). */
  isProviderStaff: boolean;
}

/**
 * The settings panel of one home-page section (spec §2 panels: slideshow/hero, collection list, feature content,
 * image with text, product review, featured collection, flash deals, two-collection section, slider product),
 * generated from `SECTIONS[type].settings`. Paths are relative to `section`: `['settings', 'heading']`,
 * `['settings', 'blocks', 2, 'title']`, `['settings', 'blocks']` with the whole array for add/remove/reorder.
 * The shell renders the back arrow and "Remove Section" around it.
 */
export const SectionPanel = memo(function SectionPanel({ themeType, section, onChange, isProviderStaff }: SectionPanelProps) {
  const def = (SECTIONS as Record<string, { label: string; settings: Fields }>)[section.type];
  return (
    <PanelRoot themeType={themeType} isProviderStaff={isProviderStaff} onChange={onChange}>
      {def ? (
        <FieldList fields={def.settings} value={section.settings} path={SETTINGS_PATH} />
      ) : (
        <Text size="sm" c="dimmed">
          This section type ({section.type}) has no settings the editor knows.
        </Text>
      )}
    </PanelRoot>
  );
});
const SETTINGS_PATH = ['settings'] as const;
const ROOT_PATH = [] as const;

/** Props of AreaPanel. */
export interface AreaPanelProps {
  themeType: ThemeType;
  area: 'header' | 'footer';
  /**
   * The area's settings object, found at `FIXED_AREAS[area][themeType].path` in the config: header →
   * `pages.fixed.header.settings`; footer → `pages.fixed.footer.settings` (newchick) or `…footer.block_config` (hydro).
   */
  value: unknown;
  /** Called with the path relative to `value` and the new value there. */
  onChange: PanelChange;
  isProviderStaff: boolean;
}

/** The header or footer panel in the theme's variant (spec §2 "header (two variants), footer (two variants)") with "Edit Menu". */
export const AreaPanel = memo(function AreaPanel({ themeType, area, value, onChange, isProviderStaff }: AreaPanelProps) {
  const variant = FIXED_AREAS[area][themeType];
  return (
    <PanelRoot themeType={themeType} isProviderStaff={isProviderStaff} onChange={onChange}>
      <Stack gap="md">
        <Anchor href={routePath('website.menus')} size="sm">
          {EDIT_MENU_TEXT}
        </Anchor>
        <FieldList fields={variant.fields} value={value} path={ROOT_PATH} />
      </Stack>
    </PanelRoot>
  );
});

/** Props of SettingsGroupPanel. */
export interface SettingsGroupPanelProps {
  themeType: ThemeType;
  /** The settings group id, the key under `config.settings` (colors, typography, product, cart, thankpage…). */
  group: SettingsGroupId;
  /** `config.settings[group]`. */
  value: unknown;
  /** Called with the path relative to `value` and the new value there. */
  onChange: PanelChange;
  isProviderStaff: boolean;
}

/**
 * A Setting-tab group panel (spec §2: colours, typography, style, element, currency, popups, product page settings
 * in its two variants, collection/category banner, cart and cart goal/upsell, checkout, thank-you page), generated
 * from `SETTINGS_GROUPS[group].fields`. The product panel links to the product widgets (spec §2).
 */
export const SettingsGroupPanel = memo(function SettingsGroupPanel({
  themeType,
  group,
  value,
  onChange,
  isProviderStaff,
}: SettingsGroupPanelProps) {
  const def = SETTINGS_GROUPS[group];
  return (
    <PanelRoot themeType={themeType} isProviderStaff={isProviderStaff} onChange={onChange}>
      <Stack gap="md">
        {group === 'product' && (
          <Anchor href={routePath('website.apps.widgets.list')} size="sm">
            {PRODUCT_WIDGET_TEXT}
          </Anchor>
        )}
        {def ? (
          <FieldList fields={def.fields as Fields} value={value} path={ROOT_PATH} />
        ) : (
          <Text size="sm" c="dimmed">
            Unknown settings group {group}.
          </Text>
        )}
      </Stack>
    </PanelRoot>
  );
});
