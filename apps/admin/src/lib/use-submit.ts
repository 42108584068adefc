import type { UseFormReturnType } from '@mantine/form';
import { type SyntheticEvent, useState } from 'react';
import { ApiError, emitApiEvent } from './api';

/**
 * The notification of a refused save (issue 30 item 5: no save that silently does nothing): the messages of the
 * errors no field of the form shows (no element carries their `data-path`, e.g. `images.0.src` of a product, whose
 * pictures have no text field), as `path: message`, after 'Not saved —'. Null when every error is on a field.
 */
export function unshownErrors(errors: Record<string, unknown>, isShown: (path: string) => boolean): string | null {
  const hidden = Object.entries(errors).filter(([path, message]) => message && !isShown(path));
  if (!hidden.length) return null;
  return `Not saved — ${hidden.map(([path, message]) => `${path}: ${String(message)}`).join('; ')}`;
}

/**
 * The submit state every admin form shares (spec admin-dashboard §5: errors show only after a submit attempt).
 *
 * `submitted` turns true on the first submit attempt (valid or not) and stays so; pass it to the form as
 * `validateInputOnChange` or use it to show errors. `busy` is true while the action runs. `handleSubmit(form, action)`
 * gives the `<form onSubmit>` handler: it marks the attempt, validates through Mantine's `form.onSubmit` and runs
 * `action` with the (transformed) values. A refused attempt whose errors are not all shown on a field raises the
 * global error notification with them (`unshownErrors`; issue 30 item 5), so Save never does nothing silently. An `ApiError` of the action is swallowed (the global notification already
 * showed it) after `onApiError` saw it; any other error is thrown again. `setSubmitted(false)` starts over, e.g.
 * after a reset of the form.
 *
 * The hook comes before `useForm` (the form's options read `submitted`), so the form is passed to `handleSubmit`.
 */
export function useSubmit() {
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  function handleSubmit<Values, Transformed>(
    form: UseFormReturnType<Values, Transformed>,
    action: (values: Transformed) => Promise<void>,
    onApiError?: (e: ApiError) => void,
  ): (event?: SyntheticEvent<HTMLFormElement>) => void {
    const submit = form.onSubmit(
      async (values) => {
        setBusy(true);
        try {
          await action(values);
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          onApiError?.(e);
        } finally {
          setBusy(false);
        }
      },
      (errors) => {
        setSubmitted(true);
        const text = unshownErrors(errors, (path) => !!form.getInputNode(path));
        if (text) emitApiEvent('api-error', [text]);
      },
    );
    return (event) => {
      setSubmitted(true);
      submit(event);
    };
  }
  return { busy, submitted, setSubmitted, handleSubmit };
}
