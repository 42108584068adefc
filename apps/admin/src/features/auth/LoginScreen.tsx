import type { LoginResponse } from '@backroom/contracts';
import { Anchor, Button, Group, PasswordInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EmailInput } from '../../components/AuthFields';
import { RegisterLink } from '../../components/RegisterLink';
import { api } from '../../lib/api';
import { writeLogin } from '../../lib/session';
import { useSubmit } from '../../lib/use-submit';
import { routePath } from '../../routes';
import { AuthCard } from '../../shell/AuthCard';
import { useSession } from '../../shell/hooks';
import { LoginForm } from './login-form';

/**
 * `/auth/login` (spec admin-dashboard §2, §4, §5): title 'Sign in to Dashboard', Email and Password (show/hide
 * toggle), Enter submits, 'Forgot password?' link and 'Sign In' button; the sign-up link only with the partner key
 * (components/RegisterLink). Inputs are trimmed; errors show only after a submit attempt (then they follow the
 * typing). `POST /api/auth/login`; a failure shows the server's messages in
 * an error notification (the global api-error event); success stores accessToken, refreshToken and storeId, then
 * goes to shop selection.
 */
export default function LoginScreen() {
  const navigate = useNavigate();
  const session = useSession();
  const { busy, submitted, handleSubmit } = useSubmit();
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(LoginForm, { sync: true }),
    // Fields are re-validated as the user types, but errors are shown only after a submit attempt (§5).
    validateInputOnChange: true,
    transformValues: (v) => ({ email: v.email.trim(), password: v.password.trim() }),
  });

  const submit = handleSubmit(form, async (values) => {
    const res = await api.post<LoginResponse>('/auth/login', values, { auth: false });
    session.reset();
    writeLogin(res);
    await navigate({ href: routePath('auth.shop') });
  });

  return (
    <AuthCard titleId="login-title" title="Sign in to Dashboard" description="Manage your store, orders and products." onSubmit={submit}>
      <EmailInput {...form.getInputProps('email')} error={submitted ? form.errors.email : undefined} />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        placeholder="Your password"
        visible={showPassword}
        onVisibilityChange={setShowPassword}
        visibilityToggleButtonProps={{ 'aria-label': showPassword ? 'Hide password' : 'Show password', tabIndex: 0 }}
        {...form.getInputProps('password')}
        error={submitted ? form.errors.password : undefined}
      />
      <Group justify="flex-end">
        <Anchor component={Link} to={routePath('auth.forgot')} size="sm">
          Forgot password?
        </Anchor>
      </Group>
      <Button type="submit" fullWidth size="md" loading={busy}>
        Sign In
      </Button>
      <RegisterLink />
    </AuthCard>
  );
}
