import type { AllPermissionResponse, Scope, StaffInvitation, StaffMember } from '@backroom/contracts';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Menu,
  Modal,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconDots, IconLogout, IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../lib/api';
import { type ShopDates, useShopDates } from '../../lib/dates';
import { useSubmit } from '../../lib/use-submit';
import { useSessionUser } from '../../shell/hooks';
import { shownScopeCount, useAllPermissions, useStaffMutations, useStaffs } from './api';
import { ScopePicker } from './ScopePicker';
import { AddStaffForm, type AddStaffValues, canManageMember, EditStaffForm, type Me, roleOf } from './staff-form';

/** The dialogs' close button needs a name for screen readers. */
const CLOSE = { 'aria-label': 'Close' };

const fullName = (m: Pick<StaffMember, 'firstName' | 'lastName' | 'email'>) => `${m.firstName} ${m.lastName}`.trim() || m.email;

/** A last sign-in as 'Never' or e.g. 'Jan 5, 2026, 3:04 PM' (the browser's timezone). */
function formatSignIn(iso: string | null, dates: ShopDates): string {
  return iso ? dates.dateTime(iso) : 'Never';
}

/** A confirmation dialog for a destructive action: title, text, and a red confirm button that shows progress. */
function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>{title}</Text>} centered radius="lg" closeButtonProps={CLOSE}>
      <Stack gap="lg">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The add-staff dialog: names, e-mail, optional password (empty = invitation e-mail), admin flag (owner only), scopes. */
/**
 * The role part of the add-staff and edit-permissions forms: the Admin checkbox (only the owner grants it) and, for
 * non-admins, the scopes grouped as in the menu (spec §6).
 */
function RoleFields(props: {
  canGrantAdmin: boolean;
  adminInput: ReturnType<ReturnType<typeof useForm>['getInputProps']>;
  isStoreAdmin: boolean;
  groups: AllPermissionResponse['groups'];
  scopes: Scope[];
  onScopesChange: (scopes: Scope[]) => void;
  error: ReactNode;
}) {
  return (
    <>
      {props.canGrantAdmin && (
        <Checkbox label="Admin" description="Admins have every permission and can manage staff." {...props.adminInput} />
      )}
      {!props.isStoreAdmin && (
        <ScopePicker groups={props.groups} value={props.scopes} onChange={props.onScopesChange} error={props.error} />
      )}
    </>
  );
}

function AddStaffModal({
  opened,
  onClose,
  groups,
  me,
}: {
  opened: boolean;
  onClose: () => void;
  groups: AllPermissionResponse['groups'];
  me: Me;
}) {
  const { add } = useStaffMutations();
  const { submitted, setSubmitted, handleSubmit } = useSubmit();
  const form = useForm<AddStaffValues>({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', email: '', password: '', isStoreAdmin: false, scopes: [] },
    validate: schemaResolver(AddStaffForm, { sync: true }),
    validateInputOnChange: submitted,
  });
  const close = () => {
    form.reset();
    setSubmitted(false);
    onClose();
  };
  const submit = handleSubmit(form, async (v) => {
    await add.mutateAsync({
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim(),
      password: v.password.trim() || undefined,
      isStoreAdmin: v.isStoreAdmin,
      scopes: v.isStoreAdmin ? [] : v.scopes,
    });
    close();
  });
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={650}>Add staff</Text>} size="xl" radius="lg" closeButtonProps={CLOSE}>
      <form noValidate aria-label="Add staff" onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="First name" withAsterisk autoComplete="off" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" withAsterisk autoComplete="off" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...form.getInputProps('email')} />
            <PasswordInput
              label="Password"
              description="Leave empty to e-mail an invitation to choose one. Someone who already has an account gets an invitation to accept instead."
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              {...form.getInputProps('password')}
            />
          </SimpleGrid>
          <RoleFields
            canGrantAdmin={me.isStoreOwner}
            adminInput={form.getInputProps('isStoreAdmin', { type: 'checkbox' })}
            isStoreAdmin={form.values.isStoreAdmin}
            groups={groups}
            scopes={form.values.scopes}
            onScopesChange={(s) => form.setFieldValue('scopes', s)}
            error={form.errors.scopes}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add staff
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The edit dialog of one member: their scopes, and the admin flag when the caller is the owner. */
function EditStaffModal({
  member,
  onClose,
  groups,
  me,
}: {
  member: StaffMember;
  onClose: () => void;
  groups: AllPermissionResponse['groups'];
  me: Me;
}) {
  const { update } = useStaffMutations();
  const { submitted, handleSubmit } = useSubmit();
  const form = useForm<{ scopes: Scope[]; isStoreAdmin: boolean }>({
    mode: 'controlled',
    initialValues: { scopes: member.scopes, isStoreAdmin: member.isStoreAdmin },
    validate: schemaResolver(EditStaffForm, { sync: true }),
    validateInputOnChange: submitted,
  });
  const submit = handleSubmit(form, async (v) => {
    await update.mutateAsync({
      id: member.id,
      body: me.isStoreOwner ? { scopes: v.scopes, isStoreAdmin: v.isStoreAdmin } : { scopes: v.scopes },
    });
    onClose();
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={650}>Permissions of {fullName(member)}</Text>}
      size="xl"
      radius="lg"
      closeButtonProps={CLOSE}
    >
      <form noValidate aria-label={`Permissions of ${fullName(member)}`} onSubmit={submit}>
        <Stack gap="md">
          <RoleFields
            canGrantAdmin={me.isStoreOwner}
            adminInput={form.getInputProps('isStoreAdmin', { type: 'checkbox' })}
            isStoreAdmin={form.values.isStoreAdmin}
            groups={groups}
            scopes={form.values.scopes}
            onScopesChange={(s) => form.setFieldValue('scopes', s)}
            error={form.errors.scopes}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Pending =
  | { kind: 'revoke' | 'remove'; member: StaffMember }
  | { kind: 'revokeAll' }
  | { kind: 'cancelInvitation'; invitation: StaffInvitation }
  | null;

/** Whether an invitation's validity ended before `now` (epoch ms). */
export const isExpired = (inv: Pick<StaffInvitation, 'expiresAt'>, now: number = Date.now()) => Date.parse(inv.expiresAt) <= now;

/**
 * The pending invitations of existing accounts (issue 14 item 5: they join only once they accept): e-mail, the
 * names typed, role, sent and expiry dates, and Cancel invitation. An expired one says so; adding the person again
 * re-sends it.
 */
function InvitationsCard({
  invitations,
  totalScopes,
  onCancel,
}: {
  invitations: StaffInvitation[];
  totalScopes: number;
  onCancel: (inv: StaffInvitation) => void;
}) {
  const dates = useShopDates();
  return (
    <Card padding="md">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4">
            Pending invitations
          </Title>
          <Text size="sm" c="dimmed">
            These people already have an account. They become members when they accept your invitation.
          </Text>
        </Stack>
        <Stack gap="xs" component="ul" aria-label="Pending invitations" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {invitations.map((inv) => {
            const name = fullName(inv);
            const expired = isExpired(inv);
            return (
              <Group key={inv.id} component="li" justify="space-between" wrap="wrap" gap="sm" aria-label={`Invitation of ${inv.email}`}>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {name}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {inv.email}
                  </Text>
                </Stack>
                <Group gap="sm" wrap="wrap">
                  <Badge variant="outline" color={inv.isStoreAdmin ? 'blue' : 'gray'}>
                    {inv.isStoreAdmin ? 'Admin' : `Staff · ${inv.scopes.length} of ${totalScopes || '…'}`}
                  </Badge>
                  {expired ? (
                    <Badge color="gray" variant="outline">
                      Expired
                    </Badge>
                  ) : (
                    <Badge color="blue" variant="light">
                      Pending
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    Sent {formatSignIn(inv.invitedAt, dates)} · {expired ? 'Expired' : 'Expires'} {formatSignIn(inv.expiresAt, dates)}
                  </Text>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => onCancel(inv)}
                    aria-label={`Cancel invitation of ${inv.email}`}
                  >
                    Cancel invitation
                  </Button>
                </Group>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}

/** Owner / Admin / Staff badge of a member. */
function RoleBadge({ member }: { member: Pick<StaffMember, 'isStoreOwner' | 'isStoreAdmin'> }) {
  const role = roleOf(member);
  return (
    <Badge variant={role === 'Staff' ? 'outline' : 'light'} color={role === 'Owner' ? 'brand' : role === 'Admin' ? 'blue' : 'gray'}>
      {role}
    </Badge>
  );
}

/** The actions menu of one member: Edit permissions, Sign out of this shop, Remove from store (the last two confirm). */
function MemberActions({
  member,
  onEdit,
  onAsk,
  editable,
}: {
  member: StaffMember;
  onEdit: (m: StaffMember) => void;
  onAsk: (p: Pending) => void;
  editable: boolean;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Tooltip label="Actions">
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${fullName(member)}`}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(member)} disabled={!editable}>
          Edit permissions
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => onAsk({ kind: 'revoke', member })}>
          Sign out of this shop
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onAsk({ kind: 'remove', member })}>
          Remove from store
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Member screen (route `website.member`, scope `store`; spec admin-dashboard §6, §7 "Authentication and staff"):
 * the store's staff (name, e-mail, role, permission count, last sign-in) from `GET /api/users/store-staffs`. Owners
 * and admins also get: Add staff (modal with the scopes grouped as in the menu; a person who already has an account
 * gets an invitation to accept, listed under "Pending invitations" with Cancel invitation), Edit permissions, Sign out
 * of this shop (one member or all staff; their other shops are not affected) and Remove — each destructive action
 * behind a confirmation dialog. Last sign-in and sessions are this shop's only (issue 14 item 5). The server enforces
 * the rules (nobody changes themselves or the owner; admins are managed by the owner only).
 */
export default function MemberScreen() {
  const dates = useShopDates();
  const user = useSessionUser();
  const staffs = useStaffs();
  const perms = useAllPermissions();
  const { revoke, revokeAll, remove, cancelInvitation } = useStaffMutations();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const totalScopes = perms.data?.groups.reduce((n, g) => n + g.scopes.length, 0) ?? 0;
  const me: Me = { id: user?.id ?? '', isStoreOwner: !!user?.isStoreOwner, isStoreAdmin: !!user?.isStoreAdmin };
  const canManage = !!staffs.data?.canManage;
  const narrow = useMediaQuery('(max-width: 48em)');
  const editMember = (m: StaffMember) => setEditing(m);
  const permissionText = (m: StaffMember) =>
    m.isStoreOwner || m.isStoreAdmin ? 'All' : `${shownScopeCount(m, totalScopes)} of ${totalScopes || '…'}`;

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'revokeAll') await revokeAll.mutateAsync();
      else if (pending.kind === 'revoke') await revoke.mutateAsync(pending.member.id);
      else if (pending.kind === 'cancelInvitation') await cancelInvitation.mutateAsync(pending.invitation.id);
      else await remove.mutateAsync(pending.member.id);
      setPending(null);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };
  const busy = revoke.isPending || revokeAll.isPending || remove.isPending || cancelInvitation.isPending;
  const invitations = staffs.data?.invitations ?? [];

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Member
          </Title>
          <Text c="dimmed" size="sm">
            The people who can manage this store, and what each of them can open.
          </Text>
        </Stack>
        {canManage && (
          <Group gap="sm">
            <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => setPending({ kind: 'revokeAll' })}>
              Sign out all staff
            </Button>
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)} disabled={!perms.data}>
              Add staff
            </Button>
          </Group>
        )}
      </Group>

      {staffs.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The staff list could not be loaded">
          {staffs.error.message}
        </Alert>
      )}

      {narrow ? (
        <Stack gap="sm" component="ul" aria-label="Staff" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {staffs.isPending && <Skeleton h={96} radius="lg" />}
          {staffs.data?.staffs.map((m) => (
            <Card key={m.id} component="li" padding="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar src={m.profilePicture} name={fullName(m)} color="initials" radius="xl" size={36} alt="" />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {fullName(m)}
                      {m.id === me.id ? ' (you)' : ''}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {m.email}
                    </Text>
                  </Stack>
                </Group>
                {canManage && canManageMember(me, m) && (
                  <MemberActions member={m} onEdit={editMember} onAsk={setPending} editable={!!perms.data} />
                )}
              </Group>
              <Group gap="xs" mt="sm">
                <RoleBadge member={m} />
                <Text size="xs" c="dimmed">
                  Permissions: {permissionText(m)} · Last sign-in: {formatSignIn(m.lastSignInAt, dates)}
                </Text>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Card padding={0}>
          <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label="Staff, scrollable">
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Staff">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Permissions</Table.Th>
                  <Table.Th>Last sign-in</Table.Th>
                  {canManage && (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {staffs.isPending &&
                  [0, 1, 2].map((i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={canManage ? 6 : 5}>
                        <Skeleton h={28} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                {staffs.data?.staffs.map((m) => {
                  const manageable = canManage && canManageMember(me, m);
                  return (
                    <Table.Tr key={m.id}>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Avatar src={m.profilePicture} name={fullName(m)} color="initials" radius="xl" size={32} alt="" />
                          <Text size="sm" fw={500}>
                            {fullName(m)}
                            {m.id === me.id && (
                              <Text span c="dimmed" size="sm">
                                {' '}
                                (you)
                              </Text>
                            )}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{m.email}</Text>
                      </Table.Td>
                      <Table.Td>
                        <RoleBadge member={m} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{permissionText(m)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatSignIn(m.lastSignInAt, dates)}</Text>
                        {m.activeSessions > 0 && (
                          <Text size="xs" c="dimmed">
                            {m.activeSessions} active session{m.activeSessions === 1 ? '' : 's'}
                          </Text>
                        )}
                      </Table.Td>
                      {canManage && (
                        <Table.Td ta="right">
                          {manageable && <MemberActions member={m} onEdit={editMember} onAsk={setPending} editable={!!perms.data} />}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}

      {canManage && invitations.length > 0 && (
        <InvitationsCard
          invitations={invitations}
          totalScopes={totalScopes}
          onCancel={(invitation) => setPending({ kind: 'cancelInvitation', invitation })}
        />
      )}

      {!canManage && staffs.data && (
        <Text size="sm" c="dimmed">
          Only the store owner and admins can add staff or change permissions.
        </Text>
      )}

      {perms.data && <AddStaffModal opened={adding} onClose={() => setAdding(false)} groups={perms.data.groups} me={me} />}
      {perms.data && editing && <EditStaffModal member={editing} onClose={() => setEditing(null)} groups={perms.data.groups} me={me} />}

      <ConfirmModal
        opened={pending?.kind === 'revokeAll'}
        title="Sign out all staff?"
        confirmLabel="Sign out all staff"
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        Every staff member you manage is signed out of this shop on all their devices at their next click. Their other shops are not
        affected, and you stay signed in.
      </ConfirmModal>
      <ConfirmModal
        opened={pending?.kind === 'revoke'}
        title="Sign out of this shop?"
        confirmLabel="Sign out"
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'revoke' &&
          `${fullName(pending.member)} is signed out of this shop on all their devices at their next click. Their other shops are not affected; they can sign in again.`}
      </ConfirmModal>
      <ConfirmModal
        opened={pending?.kind === 'cancelInvitation'}
        title="Cancel invitation?"
        confirmLabel="Cancel invitation"
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'cancelInvitation' && `${pending.invitation.email} can no longer accept the invitation to this shop.`}
      </ConfirmModal>
      <ConfirmModal
        opened={pending?.kind === 'remove'}
        title="Remove from store?"
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'remove' &&
          `${fullName(pending.member)} loses access to this store. Their account and other stores are not affected.`}
      </ConfirmModal>
    </Stack>
  );
}
