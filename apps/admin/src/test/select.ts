import { fireEvent, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Opens the Mantine Select/MultiSelect/Autocomplete `input` (a combobox), optionally types `search` into it, and
 * clicks its option named `option` (a string is an exact name). Mantine's options count as hidden in jsdom, so they are
 * looked up with `hidden: true` inside the listbox the input controls. Waits up to `timeout` ms (default 3000) for the
 * option, e.g. while a lookup answers.
 */
export async function chooseOption(input: HTMLElement, option: string | RegExp, o: { search?: string; timeout?: number } = {}) {
  input.focus();
  fireEvent.click(input);
  if (o.search !== undefined) fireEvent.change(input, { target: { value: o.search } });
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const box = await waitFor(() => document.getElementById(input.getAttribute('aria-controls')!)!);
  fireEvent.click(await within(box).findByRole('option', { name: option, hidden: true }, { timeout: o.timeout ?? 3000 }));
}
