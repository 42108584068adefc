import { CustomStoreBody } from '@backroom/contracts';
import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBuildingStore } from '@tabler/icons-react';
import { ListTable } from '../../components/ListTable';
import { useShopDates } from '../../lib/dates';
import { readAccount } from '../../lib/session';
import { useSubmit } from '../../lib/use-submit';
import { useStores } from '../../shell/hooks';
import { useCreateCustomStore, useCustomStores } from './api';

interface Values {
  name: string;
  templateStoreId: string;
  ownerEmail: string;
}

/**
 * Custom Store (route website.custom-store; spec §2 "An extra 'Custom Store' item is added for one whitelisted
 * e-mail"; issue 18 item 7): the provider builds a shop for a client from one of their shops as a template — its
 * themes and their settings, pages, menus, collections and products are copied into the new shop in one step —
 * and hands it to its owner by an e-mail invitation (they become the owner when they accept). Below, the shops
 * created this way and whether their owner has joined. The route, menu item and API open only for that e-mail.
 */
export default function CustomStoreScreen() {
  const dates = useShopDates();
  const list = useCustomStores();
  const stores = useStores();
  const create = useCreateCustomStore();
  const { submitted, busy, handleSubmit } = useSubmit();
  const form = useForm<Values>({
    initialValues: { name: '', templateStoreId: readAccount().storeId ?? '', ownerEmail: '' },
    validate: schemaResolver(CustomStoreBody, { sync: true }),
    validateInputOnChange: submitted,
  });
  const rows = list.data?.customStores;
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <div>
        <Title order={1}>Custom Store</Title>
        <Text c="dimmed" size="sm">
          Build a shop for a client from one of your shops, then hand it over: its owner gets an e-mail invitation.
        </Text>
      </div>
      <Card component="section" aria-labelledby="new-custom-store">
        <form
          aria-label="Create a shop"
          noValidate
          onSubmit={handleSubmit(form, async (values) => {
            await create.mutateAsync(values);
            form.setValues({ name: '', ownerEmail: '' });
          })}
        >
          <Stack>
            <Title order={2} size="h4" id="new-custom-store">
              Create a shop
            </Title>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput label="Shop name" placeholder="Client Boutique" withAsterisk miw={220} {...form.getInputProps('name')} />
              <Select
                label="Template shop"
                description="Themes, pages, menus, collections and products are copied from it."
                data={(stores.data?.stores ?? []).map((s) => ({ value: s.id, label: s.name }))}
                allowDeselect={false}
                searchable
                withAsterisk
                miw={220}
                {...form.getInputProps('templateStoreId')}
              />
              <TextInput
                label="Owner's e-mail"
                type="email"
                placeholder="owner@client.com"
                withAsterisk
                miw={220}
                {...form.getInputProps('ownerEmail')}
              />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={busy} leftSection={<IconBuildingStore size={16} aria-hidden />}>
                Create shop and invite owner
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <ListTable
        label="Shops created with Custom Store"
        noun="shops"
        query={list}
        rows={rows}
        rowKey={(s) => s.storeId}
        minWidth={720}
        empty={{
          icon: <IconBuildingStore size={40} aria-hidden />,
          title: 'No shop built yet',
          text: 'The shops you create for clients are listed here with their owner.',
        }}
        columns={[
          {
            header: 'Shop',
            cell: (s) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {s.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.handle}
                </Text>
              </Stack>
            ),
          },
          { header: 'Template', cell: (s) => s.templateName ?? 'Deleted shop' },
          { header: 'Owner', cell: (s) => s.ownerEmail },
          {
            header: 'Status',
            cell: (s) =>
              s.ownerJoined ? (
                <Badge variant="light" color="green">
                  Owner joined
                </Badge>
              ) : (
                <Badge variant="light" color="blue">
                  Invitation sent
                </Badge>
              ),
          },
          { header: 'Created', cell: (s) => dates.date(s.createdAt) },
        ]}
      />
    </Stack>
  );
}
