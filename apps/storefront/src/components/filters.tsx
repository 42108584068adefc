import type { StorefrontFilter } from '@backroom/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api';
import { navigate } from '../lib/router';
import { Money } from './ui';

/** The query parameters of the shopper's filters (issue 13 item 6), as GET /api/storefront/products reads them. */
export const FILTER_PARAMS = ['option', 'vendor', 'type', 'available', 'priceMin', 'priceMax'] as const;

/** The filter part of the page address, encoded for the products call ('' when none is chosen). */
export function filterQuery(search: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const k of FILTER_PARAMS) for (const v of search.getAll(k)) out.append(k, v);
  return out.toString();
}

/**
 * The collection page's filter bar: the filters the shop set up on its Product Options screen, in that order, each a
 * dropdown of checkboxes with the number of products per value (price: a from–to range in the shop currency). A
 * change navigates to page 1 of the same collection with the new filters in the address; "Clear filters" removes them.
 */
export function FilterBar({ handle, search }: { handle: string; search: URLSearchParams }) {
  const q = useQuery({ queryKey: ['filters', handle], queryFn: () => api.filters(handle), staleTime: 60_000 });
  const filters = q.data?.filters ?? [];
  if (!filters.length) return null;
  const go = (next: URLSearchParams) => {
    next.delete('page');
    const s = next.toString();
    navigate(`/collections/${handle}${s ? `?${s}` : ''}`, { scroll: false });
  };
  const toggle = (param: string, value: string, on: boolean) => {
    const next = new URLSearchParams(search);
    const rest = next.getAll(param).filter((v) => v !== value);
    next.delete(param);
    for (const v of on ? [...rest, value] : rest) next.append(param, v);
    go(next);
  };
  const active = FILTER_PARAMS.some((k) => search.has(k));
  return (
    <fieldset className="sf-filters">
      <legend className="sf-visually-hidden">Filters</legend>
      {filters.map((f) =>
        f.param === 'price' ? (
          <PriceFilter key={f.label} f={f} search={search} onApply={go} />
        ) : (
          <details key={f.label} className="sf-filter">
            <summary>
              {f.label}
              {search.getAll(f.param).filter((v) => f.values.some((x) => x.value === v)).length > 0 &&
                ` (${search.getAll(f.param).filter((v) => f.values.some((x) => x.value === v)).length})`}
            </summary>
            <div className="sf-filter__panel">
              {f.values.map((v) => (
                <label key={v.value}>
                  <input
                    type="checkbox"
                    checked={search.getAll(f.param).includes(v.value)}
                    onChange={(e) => toggle(f.param, v.value, e.target.checked)}
                  />{' '}
                  {v.label} <small>({v.count})</small>
                </label>
              ))}
            </div>
          </details>
        ),
      )}
      {active && (
        <button
          type="button"
          className="sf-textlink"
          onClick={() => {
            const next = new URLSearchParams(search);
            for (const k of FILTER_PARAMS) next.delete(k);
            go(next);
          }}
        >
          Clear filters
        </button>
      )}
    </fieldset>
  );
}

/** The price range filter: from/to in major units of the shop currency, sent as cents. */
function PriceFilter({ f, search, onApply }: { f: StorefrontFilter; search: URLSearchParams; onApply: (next: URLSearchParams) => void }) {
  const cents = (k: string) => (search.get(k) ? String(Number(search.get(k)) / 100) : '');
  const [from, setFrom] = useState(cents('priceMin'));
  const [to, setTo] = useState(cents('priceMax'));
  return (
    <details className="sf-filter">
      <summary>{f.label}</summary>
      <form
        className="sf-filter__panel"
        onSubmit={(e) => {
          e.preventDefault();
          const next = new URLSearchParams(search);
          next.delete('priceMin');
          next.delete('priceMax');
          if (from !== '' && Number(from) >= 0) next.set('priceMin', String(Math.round(Number(from) * 100)));
          if (to !== '' && Number(to) >= 0) next.set('priceMax', String(Math.round(Number(to) * 100)));
          onApply(next);
        }}
      >
        {f.range && (
          <small>
            <Money cents={f.range.minCents} /> – <Money cents={f.range.maxCents} />
          </small>
        )}
        <label>
          From <input inputMode="decimal" value={from} onChange={(e) => setFrom(e.target.value)} size={6} />
        </label>
        <label>
          To <input inputMode="decimal" value={to} onChange={(e) => setTo(e.target.value)} size={6} />
        </label>
        <button type="submit" className="sf-btn sf-btn--outline">
          Apply
        </button>
      </form>
    </details>
  );
}
