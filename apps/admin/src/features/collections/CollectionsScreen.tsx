import { COLLECTIONS_PAGE_SIZE, type CollectionSummary } from '@backroom/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconCategory, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
 * ones by Shopify's rules with all/any).
 */
export default function CollectionsScreen() {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const list = useQuery(collectionListOptions({ page, search }));
  const data = list.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / COLLECTIONS_PAGE_SIZE));
  const empty = !!data && total === 0 && !search;
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
      {list.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The collections could not be loaded">
          {list.error.message}
        </Alert>
      )}
      {empty ? (
        <Card padding="xl">
          <Stack align="center" ta="center" gap="sm" py="lg">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
              <IconCategory size={28} />
            </ThemeIcon>
            <Title order={2} size="h3">
              Group your products into collections
            </Title>
            <Text c="dimmed" maw={460}>
              Collections make products easier to find: “Staff picks” you order by hand, or “Under $30” kept current by a price condition.
            </Text>
          </Stack>
        </Card>
      ) : (
        <>
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
          {list.isPending ? (
            <Skeleton h={180} radius="lg" />
          ) : (
            <Card padding={0}>
              <Table.ScrollContainer minWidth={520} type="native">
                <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Collections" aria-busy={list.isFetching}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Title</Table.Th>
                      <Table.Th>Type</Table.Th>
                      <Table.Th ta="right">Products</Table.Th>
                      <Table.Th>Address</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(data?.collections ?? []).map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>
                          <Anchor component="button" type="button" fw={600} size="sm" c="inherit" onClick={() => setEditing(c.id)}>
                            {c.title}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <TypeBadge type={c.type} />
                        </Table.Td>
                        <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {c.productsCount}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c="dimmed" ff="monospace">
                            /collections/{c.handle}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )}
          {data && total === 0 && <Text c="dimmed">No collection matches “{search}”.</Text>}
          {pages > 1 && (
            <Group justify="flex-end">
              <Pagination
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                total={pages}
                value={page}
                onChange={setPage}
              />
            </Group>
          )}
        </>
      )}
      {editing && <CollectionEditor id={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
