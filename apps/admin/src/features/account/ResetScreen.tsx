import type { MessageResponse } from '@backroom/contracts';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { BackToSignIn } from '../../components/AuthFields';
import { api } from '../../lib/api';
import { useQueryParams } from '../../lib/use-query-params';
import { useSubmit } from '../../lib/use-submit';
import { routePath } from '../../routes';
import { AuthCard } from '../../shell/AuthCard';
import { NewPasswordFields } from '../../shell/NewPasswordFields';
import { ResetForm } from './forms';

/**
 * `/auth/reset?token=` (the link mailed by /auth/forgot or by a staff invitation): new password (5–50, trimmed) and
 * its confirmation (§5 `sameAs`). `POST /api/auth/reset {token, password}`; success ends every session of the
 * account and offers sign-in. Any failure (an invalid, used or expired link; too many attempts) shows the server's
 * message in the form, with a way to ask again, instead of the global notification.
 */
export default function ResetScreen() {
  const token = useQueryParams().get('token') ?? '';
  const { busy, submitted, handleSubmit } = useSubmit();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(ResetForm, { sync: true }),
    validateInputOnChange: submitted,
  });
  const submit = handleSubmit(
    form,
    async (values) => {
      setFailure(null);
      const res = await api.post<MessageResponse>(
        '/auth/reset',
        { token, password: values.password.trim() },
        { auth: false, silent: true },
      );
      setDone(res.messages.join(' '));
    },
    (e) => setFailure(e.messages.map((m) => m.replace(/^token: /, '')).join(' ') || e.message),
  );

  return (
    <AuthCard
      titleId="reset-title"
      title="Choose a new password"
      description="Use 8 to 50 characters, not a common password. Every device signed in to your account will be signed out."
    >
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
        <form noValidate aria-labelledby="reset-title" onSubmit={submit}>
          <Stack gap="md">
            {failure && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The password was not changed">
                {failure}{' '}
                <Anchor component={Link} to={routePath('auth.forgot')} size="sm">
                  Ask for a new link
                </Anchor>
              </Alert>
            )}
            <NewPasswordFields password={form.getInputProps('password')} confirm={form.getInputProps('confirm')} />
            <Button type="submit" fullWidth size="md" loading={busy}>
              Save new password
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
