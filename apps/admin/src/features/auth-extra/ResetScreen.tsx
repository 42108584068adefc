import type { MessageResponse } from '@backroom/contracts';
import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { routePath } from '../../routes';
import { resetRules } from './forms';
import { useQueryParams } from './query';

/**
 * `/auth/reset?token=` (the link mailed by /auth/forgot or by a staff invitation): new password (5–50, trimmed) and
 * its confirmation (§5 `sameAs`). `POST /api/auth/reset {token, password}`; success ends every session of the
 * account and offers sign-in. Any failure (an invalid, used or expired link; too many attempts) shows the server's
 * message in the form, with a way to ask again, instead of the global notification.
 */
export default function ResetScreen() {
  const token = useQueryParams().get('token') ?? '';
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: resetRules,
    validateInputOnChange: submitted,
  });
  const submit = form.onSubmit(
    async (values) => {
      setBusy(true);
      setFailure(null);
      try {
        const res = await api.post<MessageResponse>(
          '/auth/reset',
          { token, password: values.password.trim() },
          { auth: false, silent: true },
        );
        setDone(res.messages.join(' '));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        setFailure(e.messages.map((m) => m.replace(/^token: /, '')).join(' ') || e.message);
      } finally {
        setBusy(false);
      }
    },
    () => setSubmitted(true),
  );

  return (
    <Card padding="xl" radius="lg" shadow="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2" id="reset-title">
            Choose a new password
          </Title>
          <Text c="dimmed" size="sm">
            Use 5 to 50 characters. Every device signed in to your account will be signed out.
          </Text>
        </Stack>
        {!token ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="This link is incomplete">
            Open the link from the e-mail again, or{' '}
            <Anchor component={Link} to={routePath('auth.forgot')}>
              ask for a new one
            </Anchor>
            .
          </Alert>
        ) : done ? (
          <Stack gap="md">
            <Alert color="green" icon={<IconCircleCheck aria-hidden />} title="Password changed" role="status">
              {done}
            </Alert>
            <Button component={Link} to={routePath('auth.login')} fullWidth size="md">
              Sign in
            </Button>
          </Stack>
        ) : (
          <form
            noValidate
            aria-labelledby="reset-title"
            onSubmit={(e) => {
              setSubmitted(true);
              submit(e);
            }}
          >
            <Stack gap="md">
              {failure && (
                <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The password was not changed">
                  {failure}{' '}
                  <Anchor component={Link} to={routePath('auth.forgot')} size="sm">
                    Ask for a new link
                  </Anchor>
                </Alert>
              )}
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                withAsterisk
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the new password' }}
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                withAsterisk
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the confirmation' }}
                {...form.getInputProps('confirm')}
              />
              <Button type="submit" fullWidth size="md" loading={busy}>
                Save new password
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to={routePath('auth.login')} size="sm" ta="center">
          Back to sign in
        </Anchor>
      </Stack>
    </Card>
  );
}
