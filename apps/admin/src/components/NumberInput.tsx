import { DEFAULT_MONEY_LOCALE, formatNumberInput, parseNumberInput } from '@backroom/contracts';
import { Text, TextInput, type TextInputProps } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { type FieldNumber, numberOf, useTypedValue } from './typed-input';

/** Props of NumberInput: Mantine TextInput's look plus the number rules Mantine's NumberInput named the same way. */
export interface NumberInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'prefix'> {
  /** The number, or empty. */
  value?: FieldNumber;
  /**
   * Called with every new reading: the number; '' when the field is emptied (a field that is not `nullable`
   * reports NaN instead, as it does while the text is refused — its message shows under the field and NaN makes the
   * form's zod rule refuse the save).
   */
  onChange: (value: number | '') => void;
  /** Locale the number is read and written in (default en-US). */
  locale?: string;
  /** Whole numbers only (quantities, stock, limits); default true. */
  allowDecimal?: boolean;
  /** Most decimals accepted when decimals are allowed (default: any). */
  decimalScale?: number;
  /**
   * Inclusive bounds of ArrowUp / ArrowDown; a typed figure outside them is kept as typed and refused by the form's
   * contract, with its message (never clamped behind the merchant's back).
   */
  min?: number;
  max?: number;
  /** What ArrowUp / ArrowDown add or take (default 1). */
  step?: number;
  /** An empty field is accepted (reported as ''); default true, as Mantine's NumberInput. */
  nullable?: boolean;
  /** Text shown before / after the number (e.g. '$', ' %', ' px'). */
  prefix?: ReactNode;
  suffix?: ReactNode;
  /** Accepted for compatibility with Mantine's NumberInput; this field has no stepper buttons. */
  hideControls?: boolean;
}

/**
 * The one number field of the admin (issue 30 item 3: "the same for every numeric field" — quantity, stock,
 * weight, limits): the guarantees of MoneyInput (what it shows is what is saved, whatever way the text got there;
 * `useTypedValue`) with contracts' `parseNumberInput` (`1,200`, `2.5`; a decimal comma in a locale that writes
 * one). A drop-in for Mantine's NumberInput in the admin's forms (`{...form.getInputProps(path)}` works), without
 * its silent conversions: Mantine answers a string for `19.50` or `3.0` (trailing zeros), which forms read as 0.
 */
export function NumberInput({
  value,
  onChange,
  locale = DEFAULT_MONEY_LOCALE,
  allowDecimal = true,
  decimalScale,
  min,
  max,
  step = 1,
  nullable = true,
  prefix,
  suffix,
  hideControls: _hideControls,
  error,
  onBlur,
  onKeyDown,
  ...rest
}: NumberInputProps) {
  const decimals = allowDecimal ? (decimalScale ?? 20) : 0;
  const field = useTypedValue({
    value,
    parse: (text) => {
      // bounds are the contract's to check (its message under the field, issue 30 item 5); a negative number is read
      const r = parseNumberInput(text, locale, { decimals });
      if (r.ok && r.value === null && !nullable) return { ok: false, message: 'Enter a number' };
      return r;
    },
    format: (n) => formatNumberInput(n, locale, decimals),
    emit: (n) => onChange(n === null ? '' : n),
    onBlur,
  });
  const message = field.message ?? (error ? (field.pendingMessage ?? error) : null);
  const stepBy = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    const now = numberOf(value) ?? 0;
    let next = now + (e.key === 'ArrowUp' ? step : -step);
    if (min !== undefined) next = Math.max(min, next);
    if (max !== undefined) next = Math.min(max, next);
    e.preventDefault();
    field.handlers.onChange({ currentTarget: { value: formatNumberInput(next, locale, decimals) } } as never);
  };
  return (
    <TextInput
      inputMode={decimals ? 'decimal' : 'numeric'}
      autoComplete="off"
      leftSection={typeof prefix === 'string' ? <Text size="xs">{prefix.trim()}</Text> : prefix}
      rightSection={typeof suffix === 'string' ? <Text size="xs">{suffix.trim()}</Text> : suffix}
      {...rest}
      {...field.handlers}
      onKeyDown={stepBy}
      error={message || undefined}
    />
  );
}
