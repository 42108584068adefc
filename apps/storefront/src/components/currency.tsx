import { DISPLAY_RATES } from '../lib/format';
import { useBrowserValue } from '../lib/hydration';
import { session } from '../lib/storage';
import { useShop, useThemeSelect } from '../lib/theme';

const listeners = new Set<() => void>();
let chosen: string | null = session.getItem('sf-currency');
const sub = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The currency prices are shown in: the shopper's choice when the theme enables the selector, else the store's. */
export function useDisplayCurrency(): string {
  const { boot } = useShop();
  const enabled = useThemeSelect((s) => s.config.settings.currency.enabled_currency);
  // The server (and hydration) show the store's currency; the shopper's choice of this session follows at once.
  const c = useBrowserValue(
    sub,
    () => chosen,
    () => null,
  );
  return enabled && c && DISPLAY_RATES[c] ? c : boot.shop.currency;
}

/** The currency selector of the header (theme-editor §3 Currency enabled_currency). */
export function CurrencySelect() {
  const value = useDisplayCurrency();
  return (
    <select
      className="sf-currency"
      aria-label="Currency"
      value={value}
      onChange={(e) => {
        chosen = e.target.value;
        session.setItem('sf-currency', chosen);
        for (const l of listeners) l();
      }}
    >
      {Object.keys(DISPLAY_RATES).map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
}
