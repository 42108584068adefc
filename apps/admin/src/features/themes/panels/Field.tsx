import { editableIn, type Fields, type Setting, visibleTo } from '@backroom/theme';
import { Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { memo } from 'react';
import { pathKey, type SettingPath, usePanel } from './context';
import { BlocksField } from './fields/BlocksField';
import { CheckboxField, ColorField, NumberField, SelectField, TextField } from './fields/basic';
import { CountdownField } from './fields/CountdownField';
import { FontField } from './fields/FontField';
import { ImageField } from './fields/ImageField';
import { LinkField } from './fields/LinkField';
import { RefField } from './fields/RefField';
import { RichTextField } from './fields/RichTextField';
import type { FieldProps } from './fields/types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** ONE field component per setting kind of the vocabulary (STYLE.md "One declaration, many readers"). */
function FieldView(props: FieldProps) {
  const { themeType, isProviderStaff } = usePanel();
  const { setting } = props;
  const disabled = !editableIn(setting, themeType);
  switch (setting.kind) {
    case 'text':
      return <TextField {...props} setting={setting} disabled={disabled} />;
    case 'richtext':
      return <RichTextField {...props} setting={setting} disabled={disabled} />;
    case 'number':
      return <NumberField {...props} setting={setting} disabled={disabled} />;
    case 'checkbox':
      return <CheckboxField {...props} setting={setting} disabled={disabled} />;
    case 'select':
      return <SelectField {...props} setting={setting} disabled={disabled} />;
    case 'color':
      return <ColorField {...props} setting={setting} disabled={disabled} />;
    case 'image':
      return <ImageField {...props} setting={setting} disabled={disabled} />;
    case 'link':
      return <LinkField {...props} setting={setting} disabled={disabled} />;
    case 'collection':
    case 'product':
    case 'page':
    case 'menu':
      return <RefField {...props} setting={setting} disabled={disabled} />;
    case 'font':
      return <FontField {...props} setting={setting} disabled={disabled} />;
    case 'countdown':
      return <CountdownField {...props} setting={setting} disabled={disabled} />;
    case 'group': {
      // A group holding nothing but one group (thank-you `steps.settings`) shows once, under the outer label;
      const only = Object.entries(setting.fields);
      // A group around one setting (product `trust_badge.src.value`) shows just that setting.
      if (only.length === 1 && only[0]) {
        const [k, inner] = only[0];
        const v = isObj(props.value) ? props.value[k] : undefined;
        const shown = inner.kind === 'group' ? { ...inner, label: setting.label } : inner;
        return visibleTo(inner, themeType, isProviderStaff) ? <FieldView setting={shown} path={[...props.path, k]} value={v} /> : null;
      }
      return (
        <Fieldset
          legend={setting.label}
          variant="unstyled"
          styles={{
            legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)', marginBottom: 8 },
            root: { borderLeft: '2px solid var(--mantine-color-gray-3)', paddingLeft: 12 },
          }}
        >
          {setting.info && (
            <Text size="xs" c="dimmed" mb={8}>
              {setting.info}
            </Text>
          )}
          <FieldList fields={setting.fields} value={props.value} path={props.path} />
        </Fieldset>
      );
    }
    case 'blocks':
      return <BlocksField {...props} setting={setting} FieldList={FieldList} />;
  }
}

/**
 * One setting, memoised: it re-renders only when its own value (by identity), declaration or path changes, so
 * typing in one field re-renders that field alone (issue 9 item 7: keystroke → painted preview p95 ≤ 33 ms). The
 * shell must update the config immutably along the edited path (unchanged siblings keep their identity).
 */
export const Field = memo(
  FieldView,
  (a, b) => a.setting === b.setting && a.value === b.value && a.scope === b.scope && pathKey(a.path) === pathKey(b.path),
);

/**
 * The fields of a record of settings at `path` (relative to the panel value), in declaration order, leaving out
 * those of the other theme and, for viewers who are not provider staff, the `staffOnly` ones (spec §6).
 */
export function FieldList({ fields, value, path }: { fields: Fields; value: unknown; path: SettingPath }) {
  const { themeType, isProviderStaff } = usePanel();
  const obj = isObj(value) ? value : {};
  const out: ReactNode[] = [];
  let colours: ReactNode[] = [];
  const flush = () => {
    // Consecutive colours sit two to a row (a slide's desktop/mobile colours, the colour settings).
    if (colours.length === 1) out.push(colours[0]);
    else if (colours.length > 1)
      out.push(
        <SimpleGrid key={`colours-${out.length}`} cols={2} spacing="sm" verticalSpacing="md">
          {colours}
        </SimpleGrid>,
      );
    colours = [];
  };
  for (const [key, setting] of Object.entries(fields) as [string, Setting][]) {
    if (!visibleTo(setting, themeType, isProviderStaff)) continue;
    const field = (
      <Field
        key={key}
        setting={setting}
        path={[...path, key]}
        value={obj[key]}
        scope={setting.kind === 'product' && setting.collectionFrom ? obj : undefined}
      />
    );
    if (setting.kind === 'color') colours.push(field);
    else {
      flush();
      out.push(field);
    }
  }
  flush();
  return <Stack gap="md">{out}</Stack>;
}
