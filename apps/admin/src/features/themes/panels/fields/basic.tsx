import type { CheckboxSetting, ColorSetting, NumberSetting, SelectSetting, TextSetting } from '@backroom/theme';
import { rangeOf } from '@backroom/theme';
import { Checkbox, ColorInput, Group, NumberInput, Select, Slider, Textarea, TextInput } from '@mantine/core';
import { fieldId, usePanel } from '../context';
import { useLocalValue } from '../use-local-value';
import { settingError } from '../validate';
import type { FieldProps } from './types';

/**
 * A text setting (spec §3): one line (`plain`), or a textarea for `multiline`, `html` (merchant HTML, sanitised on
 * render) and `js` (custom script), the last two in a monospace font. Every keystroke is reported.
 */
export function TextField({ setting, path, value, disabled }: FieldProps<TextSetting>) {
  const { emit, themeType } = usePanel();
  const [local, setLocal] = useLocalValue(typeof value === 'string' ? value : '');
  const error = settingError(setting, value, themeType);
  const onChange = (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setLocal(e.currentTarget.value);
    emit([...path], e.currentTarget.value);
  };
  const common = {
    id: fieldId(path),
    label: setting.label,
    description: setting.info,
    placeholder: setting.placeholder,
    value: local,
    error,
    disabled,
  };
  if (!setting.format || setting.format === 'plain') return <TextInput {...common} onChange={onChange} />;
  const code = setting.format === 'html' || setting.format === 'js';
  return (
    <Textarea
      {...common}
      onChange={onChange}
      autosize
      minRows={3}
      maxRows={14}
      spellCheck={!code}
      styles={code ? { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } } : undefined}
    />
  );
}

/** "From 2 to 8 items" under a number input (spec §5 ranges), or undefined without a range. */
function rangeText(min: number | undefined, max: number | undefined, unit: string | undefined): string | undefined {
  const u = unit ? ` ${unit}` : '';
  if (min !== undefined && max !== undefined) return `From ${min} to ${max}${u}`;
  if (min !== undefined) return `At least ${min}${u}`;
  if (max !== undefined) return `At most ${max}${u}`;
  return undefined;
}

/**
 * A number setting with its range, step and unit (spec §5): the input casts to a number ("Invalid number." while
 * it holds none, and nothing is reported then), out-of-range values are reported and flagged inline with the
 * server's rule; a slider beside it when the range is small (opacity, seconds, items per row).
 */
export function NumberField({ setting, path, value, disabled }: FieldProps<NumberSetting>) {
  const { emit, themeType } = usePanel();
  const { min, max } = rangeOf(setting, themeType);
  const [local, setLocal] = useLocalValue<number | string>(typeof value === 'number' ? value : typeof value === 'string' ? value : '');
  const error = settingError(setting, local, themeType);
  const onChange = (v: number | string) => {
    setLocal(v);
    if (typeof v === 'number' && Number.isFinite(v)) emit([...path], v);
  };
  const step = setting.step ?? 1;
  const slider = min !== undefined && max !== undefined && (max - min) / step <= 100;
  const description = [setting.info, rangeText(min, max, setting.unit)].filter(Boolean).join(' · ') || undefined;
  const input = (
    <NumberInput
      id={fieldId(path)}
      label={setting.label}
      description={description}
      value={local}
      onChange={onChange}
      step={step}
      min={min}
      max={max}
      clampBehavior="none"
      allowDecimal={!Number.isInteger(step)}
      decimalScale={Number.isInteger(step) ? undefined : 2}
      rightSection={setting.unit && setting.unit.length <= 7 ? setting.unit : undefined}
      rightSectionWidth={setting.unit ? 64 : undefined}
      rightSectionPointerEvents="none"
      error={error}
      disabled={disabled}
      w={slider ? 150 : undefined}
      styles={{ description: { whiteSpace: 'nowrap' } }}
    />
  );
  if (!slider) return input;
  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      {input}
      <Slider
        aria-label={`${setting.label} slider`}
        thumbLabel={setting.label}
        flex={1}
        mt={44}
        min={min}
        max={max}
        step={step}
        value={typeof local === 'number' ? Math.min(max, Math.max(min, local)) : min}
        onChange={onChange}
        disabled={disabled}
        label={(v) => `${v}${setting.unit ? ` ${setting.unit}` : ''}`}
      />
    </Group>
  );
}

/** A checkbox setting (spec §3); disabled where the theme does not allow editing it (`editableIn`). */
export function CheckboxField({ setting, path, value, disabled }: FieldProps<CheckboxSetting>) {
  const { emit } = usePanel();
  return (
    <Checkbox
      id={fieldId(path)}
      label={setting.label}
      description={disabled ? `${setting.info ? `${setting.info} · ` : ''}Not editable in this theme` : setting.info}
      checked={value === true}
      onChange={(e) => emit([...path], e.currentTarget.checked)}
      disabled={disabled}
    />
  );
}

/** A select of the declared options (spec §5: sale style, variant style, checkout step layout…); numbers stay numbers. */
export function SelectField({ setting, path, value, disabled }: FieldProps<SelectSetting>) {
  const { emit, themeType } = usePanel();
  const data = setting.options.map((o) => ({ value: String(o.value), label: o.label }));
  const error = settingError(setting, value, themeType);
  return (
    <Select
      id={fieldId(path)}
      label={setting.label}
      description={setting.info}
      data={data}
      value={value === undefined || value === null ? null : String(value)}
      onChange={(v) => {
        const opt = setting.options.find((o) => String(o.value) === v);
        if (opt) emit([...path], opt.value);
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      error={error}
      disabled={disabled}
    />
  );
}

/**
 * A colour setting: Mantine's colour picker with its hex input. A value is reported once it is a valid colour
 * (the server's rule, e.g. #0082E5); until then the input says what is wrong.
 */
export function ColorField({ setting, path, value, disabled }: FieldProps<ColorSetting>) {
  const { emit, themeType } = usePanel();
  const [local, setLocal] = useLocalValue(typeof value === 'string' ? value : '');
  const error = settingError(setting, local, themeType);
  return (
    <ColorInput
      id={fieldId(path)}
      label={setting.label}
      description={setting.info}
      format="hex"
      value={local}
      onChange={(v) => {
        setLocal(v);
        if (!settingError(setting, v, themeType)) emit([...path], v);
      }}
      withEyeDropper={false}
      error={error}
      disabled={disabled}
      popoverProps={{ withinPortal: true }}
    />
  );
}
