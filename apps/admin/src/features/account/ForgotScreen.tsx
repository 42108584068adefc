import type { MessageResponse } from '@backroom/contracts';
import { Alert, Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { BackToSignIn, EmailInput } from '../../components/AuthFields';
import { api } from '../../lib/api';
import { useSubmit } from '../../lib/use-submit';
import { AuthCard } from '../../shell/AuthCard';
import { ForgotForm } from './forms';

/**
 * `/auth/forgot` (spec admin-dashboard §2): one e-mail field (trimmed; 'Email is required', 'Invalid Email', 5–50
 * letters; errors only after a submit attempt, §5). `POST /api/auth/forgot` answers the same text whether or not the
 * account exists; that text replaces the form. Errors (e.g. 429) show in the global error notification (§8).
 */
export default function ForgotScreen() {
  const { busy, submitted, handleSubmit } = useSubmit();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(ForgotForm, { sync: true }),
    validateInputOnChange: submitted,
    transformValues: (v) => ({ email: v.email.trim() }),
  });
  const submit = handleSubmit(form, async (values) => {
    const res = await api.post<MessageResponse>('/auth/forgot', values, { auth: false });
    setDone(res.messages.join(' '));
  });

  return (
    <AuthCard
      titleId="forgot-title"
      title="Forgot your password?"
      description="Enter the e-mail of your account and we will send you a link to choose a new password."
    >
      {done ? (
        <Alert color="green" icon={<IconMailCheck aria-hidden />} title="Check your e-mail" role="status">
          {done} The link works for 1 hour.
        </Alert>
      ) : (
        <form noValidate aria-labelledby="forgot-title" onSubmit={submit}>
          <Stack gap="md">
            <EmailInput withAsterisk {...form.getInputProps('email')} />
            <Button type="submit" fullWidth size="md" loading={busy}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
