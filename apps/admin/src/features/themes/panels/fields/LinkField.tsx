import { ALL_COLLECTIONS_SLUG, type LinkSetting, type LinkValue } from '@backroom/theme';
import { Select, Stack } from '@mantine/core';
import { fieldId, usePanel } from '../context';
import { CollectionSelect } from './RefField';
import type { FieldProps } from './types';

const TARGETS = [
  { value: 'home', label: 'Home page' },
  { value: 'category', label: 'Collection' },
];
/** The special choice of the collection picker that means every collection (spec §3 "a special slug means all collections"). */
export const ALL_COLLECTIONS_OPTION = { value: ALL_COLLECTIONS_SLUG, label: 'All collections' };

/**
 * A link setting (spec §3 "Link value"): the home page, or a collection by its handle in `params.slug`, where the
 * special slug `all` means all collections. The whole `{name, params: {slug}}` value is reported on each change.
 */
export function LinkField({ setting, path, value, disabled }: FieldProps<LinkSetting>) {
  const { emit } = usePanel();
  const link: LinkValue = {
    name: (value as LinkValue | undefined)?.name === 'category' ? 'category' : 'home',
    params: { slug: (value as LinkValue | undefined)?.params?.slug ?? '' },
  };
  const id = fieldId(path);
  return (
    <Stack gap="xs">
      <Select
        id={`${id}-target`}
        label={setting.label}
        description={setting.info}
        disabled={disabled}
        data={TARGETS}
        value={link.name}
        allowDeselect={false}
        onChange={(v) => {
          if (v === link.name) return;
          emit(
            [...path],
            v === 'category' ? { name: 'category', params: { slug: ALL_COLLECTIONS_SLUG } } : { name: 'home', params: { slug: '' } },
          );
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {link.name === 'category' && (
        <CollectionSelect
          id={`${id}-collection`}
          label={`${setting.label}: collection`}
          disabled={disabled}
          value={link.params.slug}
          extra={[ALL_COLLECTIONS_OPTION]}
          onChange={(slug) => emit([...path], { name: 'category', params: { slug: slug || ALL_COLLECTIONS_SLUG } })}
        />
      )}
    </Stack>
  );
}
