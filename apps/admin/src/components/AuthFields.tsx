import { Anchor, TextInput, type TextInputProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { routePath } from '../routes';

/**
 * The e-mail input of the sign-in, forgot-password and sign-up forms (spec admin-dashboard §2): label 'Email',
 * `type="email"`, `autoComplete="username"` (password managers pair it with the password), an e-mail keyboard on
 * phones and the placeholder 'you@example.com'. Spread `form.getInputProps('email')` and any other TextInput prop
 * (`withAsterisk`, `error`) into it.
 */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="username" inputMode="email" placeholder="you@example.com" {...props} />;
}

/** The 'Back to sign in' link under the account forms (/auth/forgot, /auth/reset), centred. */
export function BackToSignIn() {
  return (
    <Anchor component={Link} to={routePath('auth.login')} size="sm" ta="center">
      Back to sign in
    </Anchor>
  );
}
