import { useShopDates } from '../../lib/dates';
import '@mantine/dropzone/styles.css';
import {
  type HistoryResponse,
  LOGIN_HISTORY_PAGE_SIZE,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  type Profile,
  type RevokeResponse,
} from '@backroom/contracts';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconPhotoUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api, emitApiEvent } from '../../lib/api';
import { authKeys } from '../../lib/query-keys';
import { useSubmit } from '../../lib/use-submit';
import { useSession, useSessionUser } from '../../shell/hooks';
import { NewPasswordFields } from '../../shell/NewPasswordFields';
import { uploadProfilePicture, useHistory } from './api';
import { ChangePasswordForm, ProfileForm } from './staff-form';

/** Label of a security event type of `GET /api/auth/history/`. */
export const EVENT_LABELS: Record<HistoryResponse['items'][number]['type'], string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  password_reset_requested: 'Password reset requested',
  session_revoked: 'Signed out',
};

/** A short device description from a user agent ('Chrome on Linux'), or the raw text when unknown. */
export function describeAgent(ua: string | null): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return ua.length > 60 ? `${ua.slice(0, 57)}…` : ua;
}

/** The extra words of a revocation ('by owner@shop.test', 'after a password change'). */
function eventNote(e: HistoryResponse['items'][number]): string {
  const d = e.detail ?? {};
  const parts: string[] = [];
  if (typeof d.by === 'string') parts.push(`by ${d.by}`);
  if (d.reason === 'password_changed') parts.push('after a password change');
  if (d.reason === 'password_reset') parts.push('after a password reset');
  if (d.reason === 'refresh_token_reuse') parts.push('for your security');
  if (typeof d.count === 'number') parts.push(`(${d.count} session${d.count === 1 ? '' : 's'})`);
  return parts.join(' ');
}

function NameCard({ profile }: { profile: Pick<Profile, 'firstName' | 'lastName' | 'email' | 'profilePicture'> }) {
  const session = useSession();
  const { busy, submitted, handleSubmit } = useSubmit();
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: profile.firstName, lastName: profile.lastName },
    validate: schemaResolver(ProfileForm, { sync: true }),
    validateInputOnChange: submitted,
  });
  const submit = handleSubmit(form, async (v) => {
    await api.put<Profile>('/users', { firstName: v.firstName.trim(), lastName: v.lastName.trim() });
    emitApiEvent('api-success', ['Profile saved']);
    session.reset();
    await session.ensure();
  });
  return (
    <form noValidate aria-label="Your name" onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" value={profile.email} readOnly description="Your sign-in e-mail cannot be changed here." />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PictureCard({ name, picture }: { name: string; picture: string | null }) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const drop = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      await uploadProfilePicture(file);
      emitApiEvent('api-success', ['Profile picture saved']);
      session.reset();
      await session.ensure();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };
  const reject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setProblem(code === 'file-too-large' ? 'The picture must be at most 2 MB.' : 'Choose a PNG, JPEG, WebP or GIF picture.');
  };
  return (
    <Group align="center" gap="lg" wrap="wrap">
      <Avatar src={picture} name={name} color="initials" size={88} radius={88} alt="Your profile picture" />
      <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
        <Dropzone
          onDrop={(f) => void drop(f)}
          onReject={reject}
          maxSize={PROFILE_PICTURE_MAX_BYTES}
          accept={[...PROFILE_PICTURE_TYPES]}
          multiple={false}
          loading={busy}
          radius="md"
          p="md"
          aria-label="Upload a profile picture"
        >
          <Group gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
            <IconPhotoUp size={28} stroke={1.5} aria-hidden />
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                Drop a picture here or click to choose one
              </Text>
              <Text size="xs" c="dimmed">
                PNG, JPEG, WebP or GIF, up to 2 MB
              </Text>
            </Stack>
          </Group>
        </Dropzone>
        {problem && (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function PasswordCard() {
  const { busy, submitted, setSubmitted, handleSubmit } = useSubmit();
  const qc = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: schemaResolver(ChangePasswordForm, { sync: true }),
    validateInputOnChange: submitted,
  });
  const submit = handleSubmit(
    form,
    async (v) => {
      await api.put<RevokeResponse>(
        '/users/change-password',
        { currentPassword: v.currentPassword.trim(), newPassword: v.newPassword.trim() },
        { notifySuccess: true, silent: true },
      );
      form.reset();
      setSubmitted(false);
      await qc.invalidateQueries({ queryKey: authKeys.part('history') });
    },
    (e) => {
      // A wrong current password shows under its field; anything else (e.g. too many attempts) as a notification.
      const wrong = e.messages.find((m) => m.startsWith('currentPassword: '));
      if (wrong) form.setFieldError('currentPassword', wrong.replace('currentPassword: ', ''));
      else emitApiEvent('api-error', e.messages);
    },
  );
  return (
    <form noValidate aria-label="Change password" onSubmit={submit}>
      <Stack gap="md">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          withAsterisk
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the current password' }}
          {...form.getInputProps('currentPassword')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NewPasswordFields password={form.getInputProps('newPassword')} confirm={form.getInputProps('confirm')} />
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            Your other devices are signed out; this one stays signed in.
          </Text>
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function HistoryCard() {
  const dates = useShopDates();
  const [page, setPage] = useState(1);
  const history = useHistory(page, LOGIN_HISTORY_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / LOGIN_HISTORY_PAGE_SIZE));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label="Sign-in history, scrollable">
        <Table verticalSpacing="xs" aria-label="Sign-in history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>IP address</Table.Th>
              <Table.Th>Device</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.isPending && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Skeleton h={24} />
                </Table.Td>
              </Table.Tr>
            )}
            {history.data?.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed">
                    No sign-in activity yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {history.data?.items.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Badge
                      variant="light"
                      color={
                        e.type === 'sign_in_failed'
                          ? 'red'
                          : e.type === 'session_revoked'
                            ? 'orange'
                            : e.type === 'sign_in'
                              ? 'brand'
                              : 'gray'
                      }
                    >
                      {EVENT_LABELS[e.type]}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {eventNote(e)}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{dates.dateTime(e.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {e.ip ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={e.userAgent ?? undefined}>
                    {describeAgent(e.userAgent)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
            })}
          />
        </Group>
      )}
    </Stack>
  );
}

/**
 * Profile screen (route `website.profile`, any member; spec admin-dashboard §1 user menu "Profile", §7 `PUT /users`,
 * `PUT /users/change-password`, `GET auth/history/`): name form, picture upload (Mantine Dropzone → `POST
 * /api/users/profile-picture`), change password (current, new, confirm with `sameAs`; ends the other sessions) and the
 * sign-in history (sign-ins, failures, password changes, revocations with IP and device), 10 a page.
 */
export default function ProfileScreen() {
  const current = useSessionUser();
  // After a save the session re-reads the user; keep showing the last one meanwhile (no flash of a skeleton).
  const last = useRef(current);
  if (current) last.current = current;
  const user = current ?? last.current;
  if (!user)
    return (
      <Stack maw={880} mx="auto" w="100%">
        <Skeleton h={200} radius="lg" />
      </Stack>
    );
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Profile
        </Title>
        <Text c="dimmed" size="sm">
          Your details, password and recent sign-in activity.
        </Text>
      </Stack>
      <Card>
        <Stack gap="lg">
          <Title order={2} size="h4">
            Personal details
          </Title>
          <PictureCard name={name} picture={user.profilePicture} />
          <NameCard key={`${user.firstName}|${user.lastName}`} profile={user} />
        </Stack>
      </Card>
      <Card>
        <Stack gap="md">
          <Title order={2} size="h4">
            Password
          </Title>
          <PasswordCard />
        </Stack>
      </Card>
      <Card>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Sign-in history
            </Title>
          </Group>
          <HistoryCard />
        </Stack>
      </Card>
      <Alert variant="light" color="gray" icon={<IconAlertCircle aria-hidden />} role="note">
        Do not recognise an event? Change your password: every other device is signed out at once.
      </Alert>
    </Stack>
  );
}
