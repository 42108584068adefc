import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { type RouteName, routePath } from '../routes';
import { useRouteSearch } from '../shell/hooks';

/** How long the search box waits after the last keystroke before the list searches, ms (spec §2 list search). */
const LIST_SEARCH_DEBOUNCE_MS = 300;

/** The address's search parameters without empty values and page 1 (so the plain address is the default list). */
function compactSearch<T extends Record<string, unknown>>(s: T): Partial<T> {
  return Object.fromEntries(Object.entries(s).filter(([k, v]) => v !== undefined && v !== '' && !(k === 'page' && v === 1))) as Partial<T>;
}

/** What {@link useListAddress} answers. */
export interface ListAddress<S> {
  /** The route's search parameters, parsed with its schema (route-search.ts). */
  search: S;
  /** Moves to page 1 with `next` merged in (or to `next.page`), replacing the history entry; empty values drop out. */
  go: (next: Partial<S>) => void;
  /** The search box's text, and its change: after {@link LIST_SEARCH_DEBOUNCE_MS} ms without typing the address follows. */
  text: string;
  setText: (text: string) => void;
}

/**
 * The address of an admin list screen (issue 15: orders, customers, pages, personalised products, discounts): every
 * filter, the search and the page live in the address, read with the route's `validateSearch` schema, so a filtered
 * list can be shared and reloaded. A typed search reaches the address 300 ms after the last keystroke (trimmed; empty
 * → absent) and goes back to page 1. `route` is the list's route (no path parameters).
 */
export function useListAddress<S extends z.ZodType<{ search?: string; page?: number }>>(
  route: RouteName,
  schema: S,
): ListAddress<z.output<S>> {
  const search = useRouteSearch(schema);
  const navigate = useNavigate();
  const [text, setText] = useState(search.search ?? '');
  const [debounced] = useDebouncedValue(text.trim(), LIST_SEARCH_DEBOUNCE_MS);
  const go = (next: Partial<z.output<S>>) =>
    void navigate({ to: routePath(route), search: compactSearch({ ...search, page: 1, ...next }) as never, replace: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text searches.
  useEffect(() => {
    if (debounced !== (search.search ?? '')) go({ search: debounced || undefined } as Partial<z.output<S>>);
  }, [debounced]);
  return { search, go, text, setText };
}
