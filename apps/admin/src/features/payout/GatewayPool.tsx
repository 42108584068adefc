import { type GatewayGroup, GroupBody, type PaymentProxy, PROXY_PAGE_SIZE, PROXY_PROVIDERS, ProxyBody } from '@backroom/contracts';
import { Button, Card, Divider, Group, PasswordInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { type ListColumn, ListTable } from '../../components/ListTable';
import { useSubmit } from '../../lib/use-submit';
import {
  useDirectProxies,
  useGatewayMutations,
  useGroupMembers,
  useGroups,
  usePoolStores,
  useRemainGroupProxies,
  useRemainProxies,
  useStoreGroups,
} from './api';
import { PayoutHistory } from './PayoutHistory';

/** A group's name rules (the server's `GroupBody`: required, at most 100 characters). */
const GroupName = GroupBody.pick({ name: true });
const label = (s: string) => (s === 'paypal' ? 'PayPal' : s[0]!.toUpperCase() + s.slice(1));

/** Adds a gateway account to the pool: provider, display name, account id, credentials (kept encrypted). */
function AddGateway() {
  const { createProxy } = useGatewayMutations();
  const { submitted, handleSubmit } = useSubmit();
  const form = useForm({
    initialValues: {
      provider: 'stripe' as (typeof PROXY_PROVIDERS)[number],
      displayName: '',
      accountId: '',
      credentials: '',
      status: 'active' as const,
    },
    validate: schemaResolver(ProxyBody, { sync: true }),
    validateInputOnChange: submitted,
  });
  const submit = handleSubmit(form, async (v) => {
    await createProxy.mutateAsync(v);
    form.reset();
  });
  return (
    <form onSubmit={submit} aria-label="Add a gateway to the pool" noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select label="Provider" w={130} data={[...PROXY_PROVIDERS]} allowDeselect={false} {...form.getInputProps('provider')} />
        <TextInput label="Display name" w={180} {...form.getInputProps('displayName')} />
        <TextInput label="Account id" w={180} {...form.getInputProps('accountId')} />
        <PasswordInput label="Credentials" w={180} autoComplete="off" {...form.getInputProps('credentials')} />
        <Button type="submit" mt={25} variant="light" loading={createProxy.isPending}>
          Add to pool
        </Button>
      </Group>
    </form>
  );
}

/** One shop's gateways and groups as provider staff edit them, and its payout requests to move. */
function ShopGateways({ shop }: { shop: { id: string; name: string } }) {
  const direct = useDirectProxies(shop.id, 1);
  const [remainPage, setRemainPage] = useState(1);
  const remain = useRemainProxies(shop.id, remainPage);
  const groups = useGroups(1, true);
  const storeGroups = useStoreGroups(shop.id);
  const { saveStoreProxies, storeGroup } = useGatewayMutations();
  const ids = (direct.data?.proxies ?? []).map((p) => p.id);
  const [groupId, setGroupId] = useState<string | null>(null);
  const remainPages = Math.ceil((remain.data?.total ?? 0) / 10);
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Gateways of {shop.name}
      </Title>
      <Table aria-label={`Gateways of ${shop.name}`}>
        <Table.Tbody>
          {(direct.data?.proxies ?? []).map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{p.displayName}</Table.Td>
              <Table.Td>{p.provider}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() =>
                    saveStoreProxies.mutate({
                      storeId: shop.id,
                      proxyIds: ids.filter((i) => i !== p.id),
                      message: `${p.displayName} taken from ${shop.name}`,
                    })
                  }
                >
                  Remove {p.displayName}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
          {direct.data?.total === 0 && (
            <Table.Tr>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  No gateway assigned directly.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={600}>
        Available in the pool
      </Text>
      <Table aria-label="Available gateways">
        <Table.Tbody>
          {(remain.data?.proxies ?? []).map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{p.displayName}</Table.Td>
              <Table.Td>
                {p.provider} · {p.accountId}
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() =>
                    saveStoreProxies.mutate({
                      storeId: shop.id,
                      proxyIds: [...ids, p.id],
                      message: `${p.displayName} assigned to ${shop.name}`,
                    })
                  }
                >
                  Assign {p.displayName}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {remainPages > 1 && (
        <Group gap="xs">
          <Button size="compact-xs" variant="default" disabled={remainPage <= 1} onClick={() => setRemainPage(remainPage - 1)}>
            Previous
          </Button>
          <Button size="compact-xs" variant="default" disabled={remainPage >= remainPages} onClick={() => setRemainPage(remainPage + 1)}>
            Next
          </Button>
        </Group>
      )}
      <Group align="flex-end" gap="sm">
        <Select
          label="Gateway group"
          placeholder="Choose a group"
          w={220}
          data={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.proxyCount})` }))}
          value={groupId}
          onChange={setGroupId}
        />
        <Button
          variant="light"
          disabled={!groupId}
          onClick={() => {
            const group = groups.data?.groups.find((g) => g.id === groupId);
            if (group) storeGroup.mutate({ storeId: shop.id, group, shopName: shop.name, add: true });
          }}
        >
          Assign group
        </Button>
      </Group>
      {(storeGroups.data?.groups ?? []).map((g) => (
        <Group key={g.id} gap="xs">
          <Text size="sm">Group {g.name}</Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => storeGroup.mutate({ storeId: shop.id, group: g, shopName: shop.name, add: false })}
          >
            Remove group {g.name}
          </Button>
        </Group>
      ))}
      <PayoutHistory key={shop.id} storeId={shop.id} provider />
    </Stack>
  );
}

/** Creates a gateway group (`POST …/proxy/group {name}`; the name's rules and messages are the contract's). */
function CreateGroup({ onCreated }: { onCreated: (g: GatewayGroup) => void }) {
  const { createGroup } = useGatewayMutations();
  const { submitted, setSubmitted, handleSubmit } = useSubmit();
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(GroupName, { sync: true }),
    validateInputOnChange: submitted,
  });
  const submit = handleSubmit(form, async (v) => {
    onCreated(await createGroup.mutateAsync(v.name));
    form.reset();
    setSubmitted(false);
  });
  return (
    <form onSubmit={submit} aria-label="Create a gateway group" noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput label="New group" w={220} {...form.getInputProps('name')} />
        <Button type="submit" mt={25} variant="light" loading={createGroup.isPending}>
          Create group
        </Button>
      </Group>
    </form>
  );
}

/** A group's name, saved with its members unchanged (`POST …/proxy/group/{id}`). */
function RenameGroup({ group }: { group: GatewayGroup }) {
  const { saveGroup } = useGatewayMutations();
  const { submitted, handleSubmit } = useSubmit();
  const form = useForm({
    initialValues: { name: group.name },
    validate: schemaResolver(GroupName, { sync: true }),
    validateInputOnChange: submitted,
  });
  const submit = handleSubmit(form, async (v) => {
    await saveGroup.mutateAsync({ group, rename: v.name });
  });
  return (
    <form onSubmit={submit} aria-label={`Rename group ${group.name}`} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput label="Group name" w={220} {...form.getInputProps('name')} />
        <Button
          type="submit"
          mt={25}
          variant="default"
          loading={saveGroup.isPending && saveGroup.variables && 'rename' in saveGroup.variables}
        >
          Save name
        </Button>
      </Group>
    </form>
  );
}

/**
 * One gateway group as provider staff edit it (issue 10 item 3, spec §7 "Proxies and gateway groups"): its name, its
 * gateways (`list-proxies-groups?groupId=`, pages of 10) each with Remove, and the pool gateways not in it
 * (`remain-group-proxies`, pages of 10) each with Add. Every change is `POST group/{id}` with the whole new list.
 */
function GroupEditor({ group }: { group: GatewayGroup }) {
  const [memberPage, setMemberPage] = useState(1);
  const [restPage, setRestPage] = useState(1);
  const members = useGroupMembers(group.id, memberPage);
  const rest = useRemainGroupProxies(group.id, restPage);
  const { saveGroup } = useGatewayMutations();
  const busy = (id: string) =>
    saveGroup.isPending &&
    !!saveGroup.variables &&
    (('add' in saveGroup.variables && saveGroup.variables.add.id === id) ||
      ('remove' in saveGroup.variables && saveGroup.variables.remove.id === id));
  const gateway: ListColumn<PaymentProxy>[] = [
    { header: 'Gateway', cell: (p) => p.displayName, td: { fw: 500 } },
    { header: 'Provider', cell: (p) => `${label(p.provider)} · ${p.accountId}` },
    { header: 'Status', cell: (p) => label(p.status) },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby={`group-${group.id}`}>
      <Title order={4} size="h5" id={`group-${group.id}`}>
        Group {group.name}
      </Title>
      <RenameGroup key={group.name} group={group} />
      <ListTable
        label={`Gateways in ${group.name}`}
        noun="gateways of the group"
        query={members}
        rows={members.data?.proxies}
        rowKey={(p) => p.id}
        minWidth={520}
        columns={[
          ...gateway,
          {
            header: 'Remove',
            numeric: true,
            cell: (p) => (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                loading={busy(p.id)}
                onClick={() => saveGroup.mutate({ group, remove: p })}
              >
                Remove {p.displayName}
              </Button>
            ),
          },
        ]}
        empty={{ icon: <IconCreditCard size={24} />, title: 'No gateway in this group', text: 'Add gateways from the pool below.' }}
        paging={{ total: members.data?.total ?? 0, pageSize: PROXY_PAGE_SIZE, page: memberPage, onChange: setMemberPage }}
      />
      <Text size="sm" fw={600}>
        Not in {group.name}
      </Text>
      <ListTable
        label={`Gateways not in ${group.name}`}
        noun="gateways of the pool"
        query={rest}
        rows={rest.data?.proxies}
        rowKey={(p) => p.id}
        minWidth={520}
        columns={[
          ...gateway,
          {
            header: 'Add',
            numeric: true,
            cell: (p) => (
              <Button size="compact-xs" variant="light" loading={busy(p.id)} onClick={() => saveGroup.mutate({ group, add: p })}>
                Add {p.displayName}
              </Button>
            ),
          },
        ]}
        empty={{ icon: <IconCreditCard size={24} />, title: 'Every gateway is in this group', text: 'Add gateways to the pool above.' }}
        paging={{ total: rest.data?.total ?? 0, pageSize: PROXY_PAGE_SIZE, page: restPage, onChange: setRestPage }}
      />
    </Stack>
  );
}

/** The gateway groups (`list-groups`, pages of 10) with a group's editor below; a new group opens in the editor. */
function GatewayGroups() {
  const [page, setPage] = useState(1);
  const groups = useGroups(page, true);
  const [openId, setOpenId] = useState<string | null>(null);
  const [created, setCreated] = useState<GatewayGroup | null>(null);
  const open = groups.data?.groups.find((g) => g.id === openId) ?? (created?.id === openId ? created : null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="gateway-groups">
      <Title order={3} size="h5" id="gateway-groups">
        Gateway groups
      </Title>
      <CreateGroup
        onCreated={(g) => {
          setCreated(g);
          setOpenId(g.id);
        }}
      />
      <ListTable
        label="Gateway groups"
        noun="gateway groups"
        query={groups}
        rows={groups.data?.groups}
        rowKey={(g) => g.id}
        minWidth={480}
        columns={[
          { header: 'Group', cell: (g) => g.name, td: { fw: 500 } },
          { header: 'Gateways', cell: (g) => g.proxyCount, numeric: true },
          { header: 'Shops', cell: (g) => g.storeCount, numeric: true },
          {
            header: 'Edit',
            numeric: true,
            cell: (g) => (
              <Button
                size="compact-xs"
                variant={g.id === openId ? 'filled' : 'default'}
                aria-pressed={g.id === openId}
                onClick={() => setOpenId(g.id === openId ? null : g.id)}
              >
                Edit {g.name}
              </Button>
            ),
          },
        ]}
        empty={{ icon: <IconCreditCard size={24} />, title: 'No gateway group yet', text: 'Create a group, then add gateways to it.' }}
        paging={{ total: groups.data?.total ?? 0, pageSize: PROXY_PAGE_SIZE, page, onChange: setPage }}
      />
      {open && <GroupEditor key={open.id} group={open} />}
    </Stack>
  );
}

/**
 * The provider staff's gateway pool (issue 10 "Concepts" and item 3; DESIGN.md provider staff): add gateway accounts,
 * create gateway groups and edit their gateways, find a shop, assign it gateways and groups, and approve, pay or
 * reject its payout requests.
 */
export function GatewayPool() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const stores = usePoolStores(debounced, true);
  const [shop, setShop] = useState<{ id: string; name: string } | null>(null);
  return (
    <Card component="section" aria-labelledby="gateway-pool">
      <Stack gap="md">
        <Title order={2} size="h4" id="gateway-pool">
          Gateway pool (provider staff)
        </Title>
        <AddGateway />
        <Divider />
        <GatewayGroups />
        <Divider />
        <TextInput
          label="Find a shop"
          placeholder="Name or handle"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={300}
        />
        <Group gap="xs">
          {(stores.data?.stores ?? []).map((s) => (
            <Button key={s.id} size="xs" variant={shop?.id === s.id ? 'filled' : 'default'} onClick={() => setShop(s)}>
              {s.name} ({s.proxyCount})
            </Button>
          ))}
        </Group>
        {shop && <ShopGateways shop={shop} />}
      </Stack>
    </Card>
  );
}
