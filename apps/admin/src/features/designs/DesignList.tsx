import type { DesignSummary } from '@backroom/contracts';
import type { DesignKind } from '@backroom/design';
import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBook, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { useShopDates } from '../../lib/dates';
import { type RouteName, routePath } from '../../routes';
import { DESIGNS_PAGE_SIZE, designListOptions, useCreateDesign } from './api';

const ROUTE_OF: Record<DesignKind, RouteName> = { print_hub: 'print-hub-editor', book: 'book-editor', book2: 'book2-editor' };
const NOUN: Record<DesignKind, string> = { print_hub: 'product designs', book: 'books', book2: 'photo books' };

/**
 * What an editor route shows without `?design=` (issue 19: none of the editors shows a "coming" screen): the shop's
 * designs of that kind, last edited first, each opening the editor; books can start a new design here (a print-hub
 * design starts from a base product in the catalogue).
 */
export function DesignList({ kind, title }: { kind: DesignKind; title: string }) {
  const dates = useShopDates();
  const [page, setPage] = useState(1);
  const list = useQuery(designListOptions(kind, page));
  const create = useCreateDesign();
  const navigate = useNavigate();
  const route = ROUTE_OF[kind];
  const open = (id: string) => void navigate({ to: routePath(route), search: { design: id } });
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Stack gap={2}>
            <Anchor component={Link} to={routePath('website.catalog')} size="sm">
              <Group gap={4}>
                <IconArrowLeft size={14} aria-hidden /> Catalog
              </Group>
            </Anchor>
            <Title order={1} size="h2">
              {title}
            </Title>
          </Stack>
          {kind === 'print_hub' ? (
            <Button component={Link} to={routePath('website.catalog')} leftSection={<IconPlus size={16} aria-hidden />}>
              New design from the catalog
            </Button>
          ) : (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              loading={create.isPending}
              onClick={async () => {
                const d = await create
                  .mutateAsync({ kind, title: kind === 'book' ? 'Untitled book' : 'Untitled photo book' })
                  .catch(() => null);
                if (d) open(d.id);
              }}
            >
              {kind === 'book' ? 'New book' : 'New photo book'}
            </Button>
          )}
        </Group>
        <ListTable<DesignSummary>
          label={title}
          noun={NOUN[kind]}
          query={list}
          rows={list.data?.designs}
          rowKey={(d) => d.id}
          minWidth={480}
          columns={[
            {
              header: 'Title',
              cell: (d) => (
                <Anchor
                  href={`${routePath(route)}?design=${d.id}`}
                  fw={600}
                  onClick={(e) => {
                    e.preventDefault();
                    open(d.id);
                  }}
                >
                  {d.title}
                </Anchor>
              ),
            },
            { header: 'Status', cell: (d) => (d.productId ? 'Saved as product' : 'Draft') },
            { header: 'Last edited', cell: (d) => dates.dateTime(d.updatedAt) },
          ]}
          empty={{
            icon: <IconBook size={20} aria-hidden />,
            title: `No ${NOUN[kind]} yet`,
            text: (
              <Text size="sm">
                {kind === 'print_hub' ? 'Open the catalog and press Design on a base product.' : 'Start one with the button above.'}
              </Text>
            ),
          }}
          paging={{ total: list.data?.total ?? 0, pageSize: DESIGNS_PAGE_SIZE, page, onChange: setPage }}
        />
      </Stack>
    </Container>
  );
}
