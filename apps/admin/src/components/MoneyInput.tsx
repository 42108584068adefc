import { currencySymbol, DEFAULT_MONEY_LOCALE, formatMoneyInput, majorToCents, parseMoneyInput } from '@backroom/contracts';
import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useCurrentStore } from '../shell/hooks';
import { type FieldNumber, useTypedValue } from './typed-input';

/** Props of MoneyInput: Mantine TextInput's look (label, description, size, width…) with a money value. */
export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** The amount in MAJOR units (19.5 = nineteen fifty, as the admin API answers money), or empty. */
  value?: FieldNumber;
  /**
   * Called with every new reading of the field: the amount in major units, `null` when the field is emptied
   * (a `nullable` field; a required one reports NaN), or NaN while the text is refused (its message shows under
   * the field, and NaN makes the form's zod rule refuse the save).
   */
  onChange: (amountMajor: number | null) => void;
  /** ISO 4217 code of the money (its sign is shown before the amount; also accepted in the text). */
  currency: string;
  /** Locale the amount is read and written in (default en-US: `1,299.50`). */
  locale?: string;
  /** An empty field means "none" (compare-at price, cost per item); otherwise empty is refused. */
  nullable?: boolean;
  /** Negative amounts are accepted. */
  allowNegative?: boolean;
}

/**
 * The one money field of the admin (issue 30 item 3; STYLE.md "one money input for every field"): price,
 * compare-at price, cost per item, discount amounts, payout amounts, shipping rates, ad spend, bundle and offer
 * prices. What it shows is what is saved, however the text got there (typing, paste, drop, autofill, a script's
 * fill: `useTypedValue`); the text is read by contracts' `parseMoneyInput` (`1,299.50`, `1299.5`, `$1,299.50`;
 * `19,50` in a decimal-comma locale) and anything it refuses shows its message and is never saved as 0. The
 * currency's sign (contracts' `currencySymbol`) is shown at the left; on blur the amount is written back as
 * `1,299.50`.
 */
export function MoneyInput({
  value,
  onChange,
  currency,
  locale = DEFAULT_MONEY_LOCALE,
  nullable,
  allowNegative,
  error,
  onBlur,
  ...rest
}: MoneyInputProps) {
  const field = useTypedValue({
    value,
    parse: (text) => {
      const r = parseMoneyInput(text, currency, locale, { allowNegative });
      if (!r.ok) return r;
      if (r.value === null) return nullable ? r : { ok: false, message: `Enter an amount like ${formatMoneyInput(129950, locale)}` };
      return { ok: true, value: r.value / 100 };
    },
    format: (major) => formatMoneyInput(majorToCents(major), locale),
    emit: onChange,
    onBlur,
  });
  const message = field.message ?? (error ? (field.pendingMessage ?? error) : null);
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection={<Text size="xs">{currencySymbol(currency, locale)}</Text>}
      {...rest}
      {...field.handlers}
      error={message || undefined}
    />
  );
}

/** The ISO 4217 code of the chosen shop's money (its store summary), USD until it is known (spec §9 default). */
export function useShopCurrency(): string {
  return useCurrentStore()?.currency || 'USD';
}
