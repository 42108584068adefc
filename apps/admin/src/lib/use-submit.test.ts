import '../test/setup-dom';
import { useForm } from '@mantine/form';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, onApiEvent } from './api';
import { unshownErrors, useSubmit } from './use-submit';

afterEach(cleanup);

/** A form with one required field, wired the way the screens wire it. */
function setup(action: (v: { name: string }) => Promise<void>, onApiError?: (e: ApiError) => void) {
  return renderHook(() => {
    const s = useSubmit();
    const form = useForm({
      mode: 'controlled',
      initialValues: { name: '' },
      validate: { name: (v: string) => (v.trim() ? null : 'Name is required') },
      validateInputOnChange: s.submitted,
      transformValues: (v) => ({ name: v.name.trim() }),
    });
    return { ...s, form, onSubmit: s.handleSubmit(form, action, onApiError) };
  });
}

describe('useSubmit', () => {
  it('raises a notification for errors no field shows (issue 30 item 5: no save that silently does nothing)', () => {
    const seen: string[][] = [];
    const off = onApiEvent('api-error', ({ messages }) => seen.push(messages));
    const { result } = setup(vi.fn(async () => {}));
    act(() => result.current.onSubmit());
    off();
    expect(seen).toEqual([['Not saved — name: Name is required']]);
    expect(unshownErrors({ title: 'is required', 'images.0.src': 'must be an uploaded image' }, (p) => p === 'title')).toBe(
      'Not saved — images.0.src: must be an uploaded image',
    );
    expect(unshownErrors({ title: 'is required' }, () => true)).toBe(null);
  });

  it('marks an invalid attempt as submitted and does not run the action', () => {
    const action = vi.fn(async () => {});
    const { result } = setup(action);
    expect(result.current.submitted).toBe(false);
    act(() => result.current.onSubmit());
    expect(result.current.submitted).toBe(true);
    expect(result.current.form.errors.name).toBe('Name is required');
    expect(action).not.toHaveBeenCalled();
  });

  it('runs the action with the transformed values and is busy meanwhile', async () => {
    let finish = () => {};
    const action = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const { result } = setup(action);
    act(() => result.current.form.setFieldValue('name', '  Ada '));
    act(() => result.current.onSubmit());
    expect(action).toHaveBeenCalledWith({ name: 'Ada' });
    expect(result.current.busy).toBe(true);
    expect(result.current.submitted).toBe(true);
    await act(async () => finish());
    await waitFor(() => expect(result.current.busy).toBe(false));
  });

  it('swallows an ApiError after handing it to onApiError, and can start over', async () => {
    const error = new ApiError(400, 'BAD_REQUEST', ['name: taken']);
    const onApiError = vi.fn();
    const { result } = setup(async () => {
      throw error;
    }, onApiError);
    act(() => result.current.form.setFieldValue('name', 'Ada'));
    act(() => result.current.onSubmit());
    await waitFor(() => expect(onApiError).toHaveBeenCalledWith(error));
    await waitFor(() => expect(result.current.busy).toBe(false));
    act(() => result.current.setSubmitted(false));
    expect(result.current.submitted).toBe(false);
  });
});
