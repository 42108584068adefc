import { ALL_COLLECTIONS_SLUG, EDITOR_CONSTANTS, type LinkValue, type RefSetting } from '@backroom/theme';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldId, usePanel } from '../context';
import { type LookupOption, menusOptions, pagesOptions, searchOptions } from '../lookups';
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

type Option = LookupOption;

/** The collection handle a link points to, when it is a collection link with a slug other than "all" (spec §4). */
export function linkedCollection(link: unknown): string | null {
  const l = link as Partial<LinkValue> | undefined;
  const slug = l?.params?.slug;
  return l?.name === 'category' && typeof slug === 'string' && slug !== '' && slug !== ALL_COLLECTIONS_SLUG ? slug : null;
}

const SEARCH_TEXTS = {
  collection: { placeholder: 'Search collections', nothing: 'No collection found' },
  product: { placeholder: 'Search products', nothing: 'No product found' },
} as const;

/**
 * A searchable picker of collections (value: handle) or of the products of one collection (value: `_id`; `scope`
 * is the collection's handle, spec §7 "collection slug and search text"): it searches when opened and 300 ms after
 * typing stops. The current value's title comes from a search of its own (the handle for a collection, the
 * collection's first page for a product) and the value is flagged when that search listed every match and none is
 * it. `extra` options come first and are never flagged (the link picker's "All collections").
 */
function SearchSelect(props: {
  kind: 'collection' | 'product';
  scope?: string;
  id: string;
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  extra?: Option[];
  disabled?: boolean;
}) {
  const { kind, value } = props;
  const scope = props.scope ?? '';
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const extra = props.extra ?? [];
  const isExtra = extra.some((o) => o.value === value);
  const resolve = useQuery({ ...searchOptions(kind, scope, kind === 'collection' ? value : ''), enabled: !!value && !isExtra });
  const current = resolve.data?.options.find((o) => o.value === value);
  const broken = !!value && !isExtra && resolve.isSuccess && !current && resolve.data.total <= resolve.data.options.length;
  const selected: Option | undefined = isExtra
    ? extra.find((o) => o.value === value)
    : value
      ? (current ?? { value, label: value })
      : undefined;
  // The input shows the chosen option's label: that is not a search the merchant typed.
  const [debounced] = useDebouncedValue(search === selected?.label ? '' : search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useQuery({ ...searchOptions(kind, scope, debounced), enabled: opened });
  const options: Option[] = [];
  const seen = new Set<string>();
  for (const o of [...extra, ...(selected && !isExtra ? [selected] : []), ...(list.data?.options ?? [])]) {
    if (!seen.has(o.value)) {
      seen.add(o.value);
      options.push(o);
    }
  }
  const texts = SEARCH_TEXTS[kind];
  return (
    <Select
      id={props.id}
      label={props.label}
      description={props.description}
      placeholder={texts.placeholder}
      searchable
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      data={options}
      value={value || null}
      onChange={(v) => props.onChange(v ?? '')}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={list.isFetching ? 'Searching…' : texts.nothing}
      clearable
      error={broken ? BROKEN_TEXTS[kind] : undefined}
      disabled={props.disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The collection picker (value: handle), with `extra` options first; see `SearchSelect`. */
export function CollectionSelect(props: Omit<Parameters<typeof SearchSelect>[0], 'kind' | 'scope'>) {
  return <SearchSelect {...props} kind="collection" />;
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
    return <SearchSelect {...common} kind="product" scope={collection} />;
  }
  return <ListSelect {...common} kind={setting.kind} />;
}
