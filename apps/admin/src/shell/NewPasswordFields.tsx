import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * The "new password" and "confirm password" pair of sign-up, reset and change password: both required,
 * `autoComplete="new-password"`, each with its own show/hide label. `password` and `confirm` are the fields'
 * `form.getInputProps(...)`; the labels default to the reset/change-password wording.
 */
export function NewPasswordFields({
  password,
  confirm,
  label = 'New password',
  toggleLabel = 'Show or hide the new password',
  confirmLabel = 'Confirm new password',
}: {
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
  label?: string;
  toggleLabel?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        withAsterisk
        visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
        {...password}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        withAsterisk
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the confirmation' }}
        {...confirm}
      />
    </>
  );
}
