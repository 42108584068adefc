import '../test/setup-dom';
import { NumberInput as MantineNumberInput, MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyInput } from './MoneyInput';
import { NumberInput } from './NumberInput';

afterEach(cleanup);

/** A price field wired as the product form wires it; `saved` is what a save would send. */
function Price({ nullable, locale, currency = 'USD' }: { nullable?: boolean; locale?: string; currency?: string }) {
  const [price, setPrice] = useState<number | null>(0);
  return (
    <MantineProvider>
      <MoneyInput label="Price" value={price} onChange={setPrice} currency={currency} nullable={nullable} locale={locale} />
      <output data-testid="saved">{JSON.stringify(price)}</output>
    </MantineProvider>
  );
}
const saved = () => JSON.parse(screen.getByTestId('saved').textContent ?? 'null');
const field = (label = 'Price') => screen.getByLabelText(label) as HTMLInputElement;
/** Ctrl+A then Ctrl+V of `text`: a paste event carrying it (the field writes it in itself). */
const paste = (el: HTMLInputElement, text: string) => {
  el.select();
  fireEvent.paste(el, { clipboardData: { getData: (type: string) => (type.startsWith('text') ? text : '') } });
};

/** A compare-at price through Mantine's form, as the forms wire it. */
function Form() {
  const form = useForm({ initialValues: { compareAt: 25 as number | null } });
  return (
    <MantineProvider>
      <MoneyInput label="Compare-at price" nullable currency="USD" {...form.getInputProps('compareAt')} />
      <button type="button" onClick={() => form.setFieldValue('compareAt', 1234.5)}>
        load
      </button>
      <output data-testid="saved">{JSON.stringify(form.getValues().compareAt)}</output>
    </MantineProvider>
  );
}

/** A quantity field. */
function Qty({ decimalScale, allowDecimal = false }: { decimalScale?: number; allowDecimal?: boolean }) {
  const [q, setQ] = useState<number | ''>(0);
  return (
    <MantineProvider>
      <NumberInput label="Quantity" value={q} onChange={setQ} min={0} allowDecimal={allowDecimal} decimalScale={decimalScale} />
      <output data-testid="saved">{JSON.stringify(q)}</output>
    </MantineProvider>
  );
}

describe('MoneyInput (issue 30 item 3: what the field shows is what is saved)', () => {
  it('keeps a whole value filled in one step (autofill, fill) — 19.50 is saved as 19.5, not 0', () => {
    render(<Price />);
    fireEvent.change(field(), { target: { value: '19.50' } });
    expect(field().value).toBe('19.50');
    expect(saved()).toBe(19.5);
    fireEvent.blur(field());
    expect(field().value).toBe('19.50');
    expect(saved()).toBe(19.5);
  });

  it('keeps a pasted value, with its sign and thousands separators', () => {
    render(<Price />);
    paste(field(), '$1,299.50');
    expect(field().value).toBe('$1,299.50');
    expect(saved()).toBe(1299.5);
    fireEvent.blur(field());
    expect(field().value).toBe('1,299.50');
  });

  it('keeps a dropped value and one a script set without React seeing it', () => {
    render(<Price />);
    fireEvent.drop(field(), { dataTransfer: { getData: () => '7.25' } });
    expect(saved()).toBe(7.25);
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    act(() => {
      field().value = '8.40';
      field().dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(saved()).toBe(8.4);
    act(() => {
      setter?.call(field(), '9.10');
      field().dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(saved()).toBe(9.1);
  });

  it('refuses junk with a message and never reports 0 for it', () => {
    render(<Price />);
    fireEvent.change(field(), { target: { value: '12.34' } });
    paste(field(), 'abc');
    expect(Number.isNaN(saved() ?? Number.NaN)).toBe(true);
    expect(screen.getByText('Enter an amount like 1,299.50')).toBeTruthy();
    fireEvent.change(field(), { target: { value: '19,50' } });
    fireEvent.blur(field());
    expect(screen.getByText('Use a point for decimals, like 1,299.50')).toBeTruthy();
    expect(saved()).toBe(null); // JSON of NaN: the save is refused, not 0
    fireEvent.change(field(), { target: { value: '' } });
    expect(screen.getByText(/Enter an amount/)).toBeTruthy();
  });

  it('reads a decimal comma in a locale that writes one, and shows the currency’s own sign', () => {
    render(<Price locale="de-DE" currency="EUR" />);
    paste(field(), '19,50');
    expect(saved()).toBe(19.5);
    expect(screen.getByText('€')).toBeTruthy();
  });

  it('reports null for an emptied optional field, and shows a value set from outside', () => {
    render(<Form />);
    expect(field('Compare-at price').value).toBe('25.00');
    fireEvent.change(field('Compare-at price'), { target: { value: '' } });
    expect(saved()).toBe(null);
    fireEvent.click(screen.getByText('load'));
    expect(field('Compare-at price').value).toBe('1,234.50');
  });
});

describe('NumberInput (issue 30 item 3: the same guarantees for every number field)', () => {
  it('keeps filled and pasted values and refuses what the field does not take', () => {
    render(<Qty />);
    fireEvent.change(field('Quantity'), { target: { value: '1,200' } });
    expect(saved()).toBe(1200);
    paste(field('Quantity'), '2.5');
    expect(screen.getByText('Enter a whole number, like 12')).toBeTruthy();
    expect(saved()).toBe(null);
    // bounds are the form contract's to refuse, with its message: the field keeps what was typed
    fireEvent.change(field('Quantity'), { target: { value: '-1' } });
    expect(saved()).toBe(-1);
    fireEvent.keyDown(field('Quantity'), { key: 'ArrowUp' });
  });

  it('keeps 2.50 as 2.5 where Mantine’s NumberInput reports the string "2.50" (the bug forms read as 0)', () => {
    render(<Qty allowDecimal decimalScale={3} />);
    fireEvent.change(field('Quantity'), { target: { value: '2.50' } });
    expect(saved()).toBe(2.5);
    let mantine: number | string = 0;
    render(
      <MantineProvider>
        <MantineNumberInput label="Mantine" onChange={(v) => (mantine = v)} decimalScale={2} />
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('Mantine'), { target: { value: '19.50' } });
    expect(mantine).toBe('19.50');
  });
});
