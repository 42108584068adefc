import { COLLECTIONS_PAGE_SIZE, type CollectionSummary } from '@backroom/contracts';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCategory, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { collectionListOptions } from './api';
import { CollectionEditor } from './CollectionEditor';

/** The type badge of a collection: Manual or Automated. */
function TypeBadge({ type }: { type: CollectionSummary['type'] }) {
  return (
    <Badge variant="light" color={type === 'automated' ? 'violet' : 'gray'} radius="sm" tt="none" fw={600}>
      {type === 'automated' ? 'Automated' : 'Manual'}
    </Badge>
  );
}

/**
 * `website.collections` (`/admin/collections`, scope `products`; issue 13 item 3): the store's collections A→Z
 * (title, type Manual/Automated, products, handle), 20 a page, searchable by title or handle. "Create collection"
 * and a title open the collection editor (CollectionEditor: manual collections ordered by dragging, automated
 * ones by Shopify's rules with all/any). The list, its loading, error, empty state and pages are the shared ListTable.
 */
export default function CollectionsScreen() {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const list = useQuery(collectionListOptions({ page, search }));
  const data = list.data;
  // A shop without any collection shows only the empty state (no search box to search nothing).
  const emptyStore = !!data && data.total === 0 && !search;
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Collections
          </Title>
          <Text c="dimmed" size="sm">
            Group products by hand, or let conditions keep a collection up to date as products change.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          Create collection
        </Button>
      </Group>
      {!emptyStore && (
        <TextInput
          aria-label="Search collections"
          placeholder="Search collections"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          maw={420}
        />
      )}
      <ListTable
        label="Collections"
        noun="collections"
        query={list}
        rows={data?.collections}
        rowKey={(c) => c.id}
        minWidth={520}
        columns={[
          {
            header: 'Title',
            cell: (c) => (
              <Anchor component="button" type="button" fw={600} size="sm" c="inherit" onClick={() => setEditing(c.id)}>
                {c.title}
              </Anchor>
            ),
          },
          { header: 'Type', cell: (c) => <TypeBadge type={c.type} /> },
          { header: 'Products', numeric: true, cell: (c) => c.productsCount },
          {
            header: 'Address',
            cell: (c) => (
              <Text size="sm" c="dimmed" ff="monospace">
                /collections/{c.handle}
              </Text>
            ),
          },
        ]}
        empty={
          search
            ? { icon: <IconSearch size={28} />, title: `No collection matches “${search}”`, text: 'Try another title or handle.' }
            : {
                icon: <IconCategory size={28} />,
                title: 'Group your products into collections',
                text: 'Collections make products easier to find: “Staff picks” you order by hand, or “Under $30” kept current by a price condition.',
              }
        }
        paging={{ total: data?.total ?? 0, pageSize: COLLECTIONS_PAGE_SIZE, page, onChange: setPage }}
      />
      {editing && <CollectionEditor id={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
