import { appliesTo, type Fields, type Setting, type ThemeType } from '@backroom/theme';
import { Checkbox, ColorInput, Fieldset, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { memo } from 'react';
import type { Path } from './paths';

/**
 * A plain settings form walked from a declaration, used until the generated panels of `panels/` are on main
 * (then the editor renders those). Text, rich text (as HTML), number, checkbox, select and colour settings are
 * editable; groups nest; block lists show each block's fields.
 */
export const GenericPanel = memo(function GenericPanel({
  fields,
  value,
  theme,
  prefix,
  onChange,
}: {
  fields: Fields;
  value: Record<string, unknown>;
  theme: ThemeType;
  prefix: Path;
  onChange: (path: Path, value: unknown) => void;
}) {
  return (
    <Stack gap="sm">
      {Object.entries(fields).map(([k, s]) =>
        appliesTo(s, theme) ? (
          <GenericField key={k} setting={s} value={value?.[k]} theme={theme} path={[...prefix, k]} onChange={onChange} />
        ) : null,
      )}
    </Stack>
  );
});

const GenericField = memo(function GenericField({
  setting: s,
  value,
  theme,
  path,
  onChange,
}: {
  setting: Setting;
  value: unknown;
  theme: ThemeType;
  path: Path;
  onChange: (path: Path, value: unknown) => void;
}) {
  switch (s.kind) {
    case 'text':
    case 'collection':
    case 'product':
    case 'page':
    case 'menu':
    case 'image':
      return s.kind === 'text' && s.format && s.format !== 'plain' ? (
        <Textarea
          label={s.label}
          autosize
          minRows={2}
          value={String(value ?? '')}
          onChange={(e) => onChange(path, e.currentTarget.value)}
        />
      ) : (
        <TextInput label={s.label} value={String(value ?? '')} onChange={(e) => onChange(path, e.currentTarget.value)} />
      );
    case 'richtext':
      return (
        <Textarea
          label={s.label}
          autosize
          minRows={2}
          value={String(value ?? '')}
          onChange={(e) => onChange(path, e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          label={s.label}
          value={typeof value === 'number' ? value : ''}
          min={s.min}
          max={s.max}
          suffix={s.unit && s.unit.length <= 2 ? ` ${s.unit}` : undefined}
          onChange={(v) => typeof v === 'number' && onChange(path, v)}
        />
      );
    case 'checkbox':
      return <Checkbox label={s.label} checked={value === true} onChange={(e) => onChange(path, e.currentTarget.checked)} />;
    case 'select':
      return (
        <Select
          label={s.label}
          data={s.options.map((o) => ({ value: String(o.value), label: o.label }))}
          value={value === undefined ? null : String(value)}
          allowDeselect={false}
          onChange={(v) => {
            const opt = s.options.find((o) => String(o.value) === v);
            if (opt) onChange(path, opt.value);
          }}
        />
      );
    case 'color':
      return <ColorInput label={s.label} value={String(value ?? '')} onChange={(v) => onChange(path, v)} />;
    case 'group':
      return (
        <Fieldset legend={s.label} variant="filled" p="sm">
          <GenericPanel
            fields={s.fields}
            value={(value ?? {}) as Record<string, unknown>}
            theme={theme}
            prefix={path}
            onChange={onChange}
          />
        </Fieldset>
      );
    case 'blocks': {
      const list = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
      return (
        <Fieldset legend={`${s.label} (${list.length})`} variant="filled" p="sm">
          <Stack gap="sm">
            {list.map((b, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; their position is their identity here.
              <Fieldset key={i} legend={`${s.itemLabel} ${i + 1}`} p="sm">
                <GenericPanel fields={s.block} value={b} theme={theme} prefix={[...path, i]} onChange={onChange} />
              </Fieldset>
            ))}
          </Stack>
        </Fieldset>
      );
    }
    default:
      return (
        <Text size="sm" c="dimmed">
          {s.label}
        </Text>
      );
  }
});
