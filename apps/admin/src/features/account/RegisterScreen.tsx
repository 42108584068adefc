import type { RegisterResponse, StoresResponse } from '@backroom/contracts';
import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { EmailInput } from '../../components/AuthFields';
import { useRegisterAllowed } from '../../components/RegisterLink';
import { api } from '../../lib/api';
import { chooseStore, writeLogin } from '../../lib/session';
import { surveyHref } from '../../lib/session-controller';
import { useQueryParams } from '../../lib/use-query-params';
import { useSubmit } from '../../lib/use-submit';
import { routePath } from '../../routes';
import { AuthCard } from '../../shell/AuthCard';
import { useSession } from '../../shell/hooks';
import { NewPasswordFields } from '../../shell/NewPasswordFields';
import { RegisterForm } from './forms';

/**
 * `/auth/register?sk=` (spec admin-dashboard §2): the partner sign-up. Without the partner key in `sk` it only says
 * sign-up is by invitation. The form: first and last name, e-mail, store name, password and confirmation (§5 rules,
 * errors after a submit attempt). `POST /api/auth/register` creates the account and the shop and signs in; the new
 * shop becomes the chosen store and the survey comes next (`/auth/survey?register=true&storeId&defaultSystemDomain`).
 */
export default function RegisterScreen() {
  const sk = useQueryParams().get('sk') ?? '';
  const { allowed, pending } = useRegisterAllowed(sk);
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  const { busy, submitted, handleSubmit } = useSubmit();
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', email: '', storeName: '', password: '', confirm: '' },
    validate: schemaResolver(RegisterForm, { sync: true }),
    validateInputOnChange: submitted,
  });
  const submit = handleSubmit(form, async (v) => {
    const res = await api.post<RegisterResponse>(
      '/auth/register',
      {
        sk,
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        email: v.email.trim(),
        storeName: v.storeName.trim(),
        password: v.password.trim(),
      },
      { auth: false },
    );
    session.reset();
    queryClient.clear();
    writeLogin(res);
    const { stores } = await api.get<StoresResponse>('/stores', { storeId: null });
    const store = stores.find((s) => s.id === res.storeId);
    if (store) chooseStore(session, store);
    await navigate({ href: surveyHref({ storeId: res.storeId, storeDomain: res.defaultSystemDomain }, true) });
  });

  return (
    <AuthCard
      titleId="register-title"
      title="Create your store"
      description="Your account and your shop in one step. You can add staff later."
    >
      {pending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label="Checking your invitation" />
        </Group>
      ) : !allowed ? (
        <Alert color="gray" icon={<IconLock aria-hidden />} title="Sign-up is by invitation">
          Open the sign-up link your partner sent you. Already have an account?{' '}
          <Anchor component={Link} to={routePath('auth.login')}>
            Sign in
          </Anchor>
        </Alert>
      ) : (
        <form noValidate aria-labelledby="register-title" onSubmit={submit}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
              <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('lastName')} />
            </SimpleGrid>
            <EmailInput withAsterisk {...form.getInputProps('email')} />
            <TextInput
              label="Store name"
              autoComplete="organization"
              description="Your store's address is made from it; you can connect your own domain later."
              withAsterisk
              {...form.getInputProps('storeName')}
            />
            <NewPasswordFields
              password={form.getInputProps('password')}
              confirm={form.getInputProps('confirm')}
              label="Password"
              toggleLabel="Show or hide password"
              confirmLabel="Confirm password"
            />
            <Button type="submit" fullWidth size="md" loading={busy}>
              Create store
            </Button>
          </Stack>
        </form>
      )}
      {allowed && (
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to={routePath('auth.login')}>
            Sign in
          </Anchor>
        </Text>
      )}
    </AuthCard>
  );
}
