import { Anchor, Badge, Card, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { BackLink, DetailPending, NoteTagsCard } from '../../components/DetailScreen';
import { useShopDates } from '../../lib/dates';
import { formatMoneyMajor } from '../../lib/format';
import { currencySign } from '../../lib/session';
import { routePath } from '../../routes';
import { useCustomer, useUpdateCustomer } from './api';

const label = (s: string) => s.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * Customer detail (route website.customer.detail; issue 12 item 4): amount spent (net of refunds), orders count and
 * average order, their orders (each linking to its detail), addresses, the merchant's note and tags.
 */
export default function CustomerDetailScreen() {
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const q = useCustomer(id);
  const dates = useShopDates();
  const c = q.data;
  const update = useUpdateCustomer(id);
  const back = { to: routePath('website.customer'), label: 'Customers' };
  if (!c) return <DetailPending back={back} isError={q.isError} noun="customer" />;
  const moneyMajor = (n: number) => formatMoneyMajor(n, { sign: currencySign(c.currency), code: c.currency });
  return (
    <Stack maw={1100} gap="md">
      <BackLink {...back} />
      <Stack gap={2}>
        <Title order={2}>{c.name}</Title>
        <Text size="sm" c="dimmed">
          {[c.location, `Customer since ${dates.date(c.createdAt)}`].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <Card withBorder radius="md">
        <Group gap="xl">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Amount spent
            </Text>
            <Text fw={700}>{moneyMajor(c.totalSpent)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Orders
            </Text>
            <Text fw={700}>{c.ordersCount}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Average order
            </Text>
            <Text fw={700}>{moneyMajor(c.averageOrder)}</Text>
          </Stack>
        </Group>
      </Card>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md">
            <Title order={4} mb="xs">
              Orders
            </Title>
            {c.orders.length === 0 ? (
              <Text size="sm" c="dimmed">
                No orders yet.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing="xs">
                  <Table.Tbody>
                    {c.orders.map((o) => (
                      <Table.Tr key={o.id}>
                        <Table.Td>
                          <Anchor component={Link} to={routePath('website.orders.detail', { id: o.id })} size="sm" fw={600}>
                            {o.orderName}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{dates.dateTime(o.createdAt)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" tt="none" color="gray">
                            {label(o.financialStatus)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" tt="none" color="gray">
                            {label(o.fulfillmentStatus)}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm">{moneyMajor(o.total)}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="md">
              <Title order={4} mb="xs">
                Contact information
              </Title>
              <Text size="sm">{c.email}</Text>
              {c.phone && <Text size="sm">{c.phone}</Text>}
              <Text size="sm" fw={600} mt="sm">
                Addresses
              </Text>
              {c.addresses.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No address
                </Text>
              ) : (
                c.addresses.map((a) => (
                  <Text key={`${a.address1}|${a.city}`} size="sm" style={{ whiteSpace: 'pre-line' }} mb={4}>
                    {[a.name, a.address1, `${a.zip} ${a.city}`.trim(), a.country, a.phone].filter(Boolean).join('\n')}
                  </Text>
                ))
              )}
            </Card>
            <NoteTagsCard
              key={`${c.note}|${c.tags.join(',')}`}
              note={c.note}
              tags={c.tags}
              saving={update.isPending}
              onSave={(b) => update.mutate(b)}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
