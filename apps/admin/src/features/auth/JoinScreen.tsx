import { type JoinInfo, type LoginResponse, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type StoresResponse } from '@backroom/contracts';
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { api } from '../../lib/api';
import { newPasswordField, withConfirm } from '../../lib/form-rules';
import { chooseStore, writeLogin } from '../../lib/session';
import { useQueryParams } from '../../lib/use-query-params';
import { useSubmit } from '../../lib/use-submit';
import { routePath } from '../../routes';
import { AuthCard } from '../../shell/AuthCard';
import { useSession } from '../../shell/hooks';
import { NewPasswordFields } from '../../shell/NewPasswordFields';
import { landingHref } from './landing';

/** The join form: a new password (contracts `NewPassword`: 8–50, not a common one) and its confirmation. */
const JoinForm = withConfirm(z.object({ password: newPasswordField }), 'password');

/**
 * `/auth/join?token=&store=&by=` (issue 31 item 6): the link mailed to a NEW account added to a shop's staff. Shows
 * "Join {shop} on Backroom", who invited them and the e-mail the account is for (`GET /api/auth/join`); the person
 * chooses a password and its confirmation, `POST /api/auth/join` signs them in to that shop, and they land where
 * their permissions allow (landing.ts). A dead, used or foreign link says so and offers the reset link instead.
 * The password-reset screen keeps its own wording (features/account/ResetScreen).
 */
export default function JoinScreen() {
  const params = useQueryParams();
  const token = params.get('token') ?? '';
  const store = params.get('store') ?? '';
  const by = params.get('by');
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const { busy, submitted, handleSubmit } = useSubmit();
  const [failure, setFailure] = useState<string | null>(null);
  const complete = token.length >= 10 && store.length > 0;
  const info = useQuery({
    queryKey: ['auth', 'join', token, store, by],
    queryFn: () =>
      api.get<JoinInfo>(`/auth/join?${new URLSearchParams({ token, store, ...(by ? { by } : {}) })}`, {
        auth: false,
        silent: true,
        storeId: null,
      }),
    enabled: complete,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(JoinForm, { sync: true }),
    validateInputOnChange: submitted,
  });
  const submit = handleSubmit(
    form,
    async (values) => {
      setFailure(null);
      const res = await api.post<LoginResponse>(
        '/auth/join',
        { token, store, password: values.password.trim() },
        { auth: false, silent: true },
      );
      session.reset();
      writeLogin(res);
      queryClient.clear();
      const { stores } = await api.get<StoresResponse>('/stores', { storeId: null });
      const shop = stores.find((s) => s.id === res.storeId);
      if (!shop) return void (await navigate({ href: routePath('auth.shop') }));
      chooseStore(session, shop);
      await navigate({ href: landingHref(await session.ensure()) });
    },
    (e) => setFailure(e.messages.map((m) => m.replace(/^(token|body\.password|password): /, '')).join(' ') || e.message),
  );

  const dead = !complete || info.isError;
  const shopName = info.data?.shopName;
  return (
    <AuthCard
      titleId="join-title"
      title={shopName ? `Join ${shopName} on Backroom` : 'Join a shop on Backroom'}
      description={
        info.data
          ? `Choose a password for ${info.data.email}: ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not one of the common ones.`
          : undefined
      }
    >
      {dead ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="This invitation link no longer works">
          It may have been used already or be older than 72 hours. Ask the person who invited you to send it again, or{' '}
          <Anchor component={Link} to={routePath('auth.forgot')}>
            reset your password
          </Anchor>
          .
        </Alert>
      ) : !info.data ? (
        <Loader size="sm" aria-label="Loading the invitation" />
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="join-title">
          <Stack gap="md">
            <Text size="sm" data-testid="join-inviter">
              {info.data.inviter
                ? `${info.data.inviter.name} (${info.data.inviter.email}) invited you to join the staff of ${info.data.shopName}.`
                : `You were invited to join the staff of ${info.data.shopName}.`}
            </Text>
            {failure && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Your password was not set">
                {failure}
              </Alert>
            )}
            <NewPasswordFields
              password={form.getInputProps('password')}
              confirm={form.getInputProps('confirm')}
              label="Password"
              toggleLabel="Show or hide the password"
              confirmLabel="Confirm password"
            />
            <Button type="submit" loading={busy} fullWidth>
              Join {info.data.shopName}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
