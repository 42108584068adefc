import { Button, Group, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Props of {@link ListHeader}. */
export interface ListHeaderProps {
  /** The screen's heading (h2), e.g. 'Orders'. */
  title: string;
  /** What the list holds in all, e.g. '12 customers'; absent while loading or when the screen shows no count. */
  count?: string;
  /** The Export button: disabled while there is nothing to export, spinning while the file is made. */
  exporting: { disabled: boolean; loading: boolean; onClick: () => void };
}

/**
 * The heading row of an admin list with a CSV export (issue 12 items 3–4: orders, customers): the title (h2) on the
 * left; on the right the count and an "Export" button that saves every row the search and filters select (not just
 * the page on screen).
 */
export function ListHeader({ title, count, exporting }: ListHeaderProps) {
  return (
    <Group justify="space-between">
      <Title order={2}>{title}</Title>
      <Group gap="sm">
        {count && (
          <Text size="sm" c="dimmed">
            {count}
          </Text>
        )}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={exporting.disabled}
          loading={exporting.loading}
          onClick={exporting.onClick}
        >
          Export
        </Button>
      </Group>
    </Group>
  );
}

/** Props of {@link ListSearch}. */
export interface ListSearchProps {
  /** Accessible name of the search box, e.g. 'Search orders'. */
  label: string;
  placeholder: string;
  /** The search box's text and its change (`useListAddress` debounces it into the address). */
  text: string;
  onText: (text: string) => void;
}

/**
 * The search box of an admin list (orders, customers, pages, personalised products): a magnifier, no visible label
 * (its `label` is the accessible name). Alone above a list it is at most 420 px wide; in {@link ListFilters} it grows
 * from 240 px.
 */
export function ListSearch({ label, placeholder, text, onText, inBar }: ListSearchProps & { inBar?: boolean }) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => onText(e.currentTarget.value)}
      {...(inBar ? { style: { flex: '1 1 240px' } } : { maw: 420 })}
    />
  );
}

/** Props of {@link ListFilters}. */
export interface ListFiltersProps extends ListSearchProps {
  /** The filters after the search box (selects, number and date inputs with visible labels). */
  children?: ReactNode;
}

/**
 * The filter bar of an admin list inside its card (orders, customers): the search box, growing from 240 px, then the
 * filters, wrapping on narrow screens with their labels aligned at the bottom.
 */
export function ListFilters({ children, ...search }: ListFiltersProps) {
  return (
    <Group p="sm" gap="sm" align="flex-end" wrap="wrap">
      <ListSearch {...search} inBar />
      {children}
    </Group>
  );
}

/** Props of {@link DateRangeInputs}. */
export interface DateRangeInputsProps {
  /** Visible labels of the two inputs, e.g. ['From', 'To'] or ['Created from', 'Created to']. */
  labels: [string, string];
  /** The days chosen (YYYY-MM-DD, the shop's calendar days), absent when open. */
  from?: string;
  to?: string;
  /** A change of either end (an emptied input → undefined). */
  onChange: (range: { from?: string; to?: string }) => void;
}

/**
 * Two date inputs for a created-between filter, 150 px each (140 px under 576 px, so both stay on one line at 360 px
 * even beside a scrollbar); each end bounds the other's picker.
 */
export function DateRangeInputs({ labels, from, to, onChange }: DateRangeInputsProps) {
  return (
    <>
      <TextInput
        label={labels[0]}
        type="date"
        w={{ base: 140, xs: 150 }}
        value={from ?? ''}
        max={to}
        onChange={(e) => onChange({ from: e.currentTarget.value || undefined, to })}
      />
      <TextInput
        label={labels[1]}
        type="date"
        w={{ base: 140, xs: 150 }}
        value={to ?? ''}
        min={from}
        onChange={(e) => onChange({ from, to: e.currentTarget.value || undefined })}
      />
    </>
  );
}
