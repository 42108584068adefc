import { ALL_COLLECTIONS_SLUG, EDITOR_CONSTANTS, type LinkValue, type RefSetting } from '@backroom/theme';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldId, usePanel } from '../context';
import { collectionsOptions, menusOptions, pagesOptions, productsOptions } from '../lookups';
import type { FieldProps } from './types';

/** Search debounce of the pickers, ms (spec §7 "Collection search runs on open and after a 300 ms debounce on typing", §9). */
export const SEARCH_DEBOUNCE_MS = EDITOR_CONSTANTS.searchDebounceMs;

/** Inline texts of references that no longer resolve (issue 9 item 6 "broken … references flagged inline"). */
export const BROKEN_TEXTS = {
  collection: 'This collection no longer exists.',
  product: 'This product is no longer in the linked collection.',
  page: 'This page no longer exists or is not published.',
  menu: 'This menu no longer exists.',
} as const;

interface Option {
  value: string;
  label: string;
}

/** The collection handle a link points to, when it is a collection link with a slug other than "all" (spec §4). */
export function linkedCollection(link: unknown): string | null {
  const l = link as Partial<LinkValue> | undefined;
  const slug = l?.params?.slug;
  return l?.name === 'category' && typeof slug === 'string' && slug !== '' && slug !== ALL_COLLECTIONS_SLUG ? slug : null;
}

/**
 * The collection picker: searches `GET /api/themes/lookups/collections` when opened and 300 ms after typing stops;
 * the current handle is resolved by its own search and flagged when no collection has it. `extra` options come
 * first (the link picker's "All collections").
 */
export function CollectionSelect(props: {
  id: string;
  label: string;
  description?: string;
  value: string;
  onChange: (handle: string) => void;
  extra?: Option[];
  disabled?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const extra = props.extra ?? [];
  const isExtra = extra.some((o) => o.value === props.value);
  const resolve = useQuery({ ...collectionsOptions(props.value), enabled: !!props.value && !isExtra });
  const current = resolve.data?.collections.find((c) => c.handle === props.value);
  // Broken only when every match of the search was listed and none has the handle.
  const broken = !!props.value && !isExtra && resolve.isSuccess && !current && resolve.data.total <= resolve.data.collections.length;
  const options: Option[] = [...extra];
  const seen = new Set(options.map((o) => o.value));
  const push = (o: Option) => {
    if (!seen.has(o.value)) {
      seen.add(o.value);
      options.push(o);
    }
  };
  const selected: Option | undefined = isExtra
    ? extra.find((o) => o.value === props.value)
    : props.value
      ? { value: props.value, label: current ? current.title : props.value }
      : undefined;
  // The input shows the chosen option's label: that is not a search the merchant typed.
  const [debounced] = useDebouncedValue(search === selected?.label ? '' : search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useQuery({ ...collectionsOptions(debounced), enabled: opened });
  if (selected && !isExtra) push(selected);
  for (const c of list.data?.collections ?? []) push({ value: c.handle, label: c.title });
  return (
    <Select
      id={props.id}
      label={props.label}
      description={props.description}
      placeholder="Search collections"
      searchable
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      data={options}
      value={props.value || null}
      onChange={(v) => props.onChange(v ?? '')}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={list.isFetching ? 'Searching…' : 'No collection found'}
      clearable
      error={broken ? BROKEN_TEXTS.collection : undefined}
      disabled={props.disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * The product picker: products of the linked collection (`collection`, spec §7 "collection slug and search text"),
 * searched 300 ms after typing stops. The value is the product `_id`; a product not in the collection is flagged.
 */
function ProductSelect(props: {
  id: string;
  label: string;
  description?: string;
  collection: string;
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const first = useQuery({ ...productsOptions(props.collection, ''), enabled: !!props.value });
  const found = first.data?.products.find((p) => p._id === props.value);
  const label = found ? found.title : props.value;
  const [debounced] = useDebouncedValue(search === label ? '' : search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useQuery({ ...productsOptions(props.collection, debounced), enabled: opened });
  // Broken only when the whole collection was listed (one page) and the product is not in it.
  const broken = !!props.value && first.isSuccess && !found && (first.data?.total ?? 0) <= (first.data?.products.length ?? 0);
  const options: Option[] = [];
  const seen = new Set<string>();
  if (props.value) {
    seen.add(props.value);
    options.push({ value: props.value, label });
  }
  for (const p of list.data?.products ?? []) {
    if (!seen.has(p._id)) {
      seen.add(p._id);
      options.push({ value: p._id, label: p.title });
    }
  }
  return (
    <Select
      id={props.id}
      label={props.label}
      description={props.description}
      placeholder="Search products"
      searchable
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      data={options}
      value={props.value || null}
      onChange={(v) => props.onChange(v ?? '')}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={list.isFetching ? 'Searching…' : 'No product found'}
      clearable
      error={broken ? BROKEN_TEXTS.product : undefined}
      disabled={props.disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A page or menu picker: the whole (small) list is loaded once and filtered as the merchant types. */
function ListSelect(props: {
  id: string;
  label: string;
  description?: string;
  kind: 'page' | 'menu';
  value: string;
  onChange: (handle: string) => void;
  disabled?: boolean;
}) {
  const pages = useQuery({ ...pagesOptions(), enabled: props.kind === 'page' });
  const menus = useQuery({ ...menusOptions(), enabled: props.kind === 'menu' });
  const q = props.kind === 'page' ? pages : menus;
  const items: Option[] =
    props.kind === 'page'
      ? (pages.data?.pages ?? []).map((p) => ({ value: p.handle, label: p.title }))
      : (menus.data?.menus ?? []).map((m) => ({ value: m.handle, label: m.title }));
  const known = items.some((o) => o.value === props.value);
  const broken = !!props.value && q.isSuccess && !known;
  const data = broken ? [{ value: props.value, label: props.value }, ...items] : items;
  return (
    <Select
      id={props.id}
      label={props.label}
      description={props.description}
      placeholder={props.kind === 'page' ? 'Choose a page' : 'Choose a menu'}
      searchable
      data={data}
      value={props.value || null}
      onChange={(v) => props.onChange(v ?? '')}
      nothingFoundMessage={props.kind === 'page' ? 'No published page found' : 'No menu found'}
      clearable
      error={broken ? BROKEN_TEXTS[props.kind] : undefined}
      disabled={props.disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * A reference setting (spec §3 Lookups): collection (handle), product (`_id`), page (handle) or menu (handle).
 * A product setting with `collectionFrom` is shown only while that sibling link points to a collection with a slug
 * and lists that collection's products (spec §4 flash-deal product picker).
 */
export function RefField({ setting, path, value, scope, disabled }: FieldProps<RefSetting>) {
  const { emit } = usePanel();
  const v = typeof value === 'string' ? value : '';
  const onChange = (next: string) => emit([...path], next);
  const common = { id: fieldId(path), label: setting.label, description: setting.info, value: v, onChange, disabled };
  if (setting.kind === 'collection') return <CollectionSelect {...common} />;
  if (setting.kind === 'product') {
    const collection = setting.collectionFrom ? linkedCollection(scope?.[setting.collectionFrom]) : '';
    if (collection === null) return null;
    return <ProductSelect {...common} collection={collection} />;
  }
  return <ListSelect {...common} kind={setting.kind} />;
}
