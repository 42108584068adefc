import { emptyConfig, newSection, type Section } from '@backroom/theme';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SectionPanel, SettingsGroupPanel } from './index';
import { pick, renderControlled, serveLookups } from './test-utils';

// The limits, messages and insertion rules of spec §5 (and §4/§9 new-block content), with the spec's exact texts.

beforeEach(() => {
  serveLookups();
});
afterEach(() => {
  cleanup();
});

const productPanel = (theme: 'newchick' | 'hydro', patch?: (p: ReturnType<typeof emptyConfig>['settings']['product']) => void) => {
  const c = emptyConfig(theme);
  patch?.(c.settings.product);
  return renderControlled(c.settings.product, (v, onChange) => (
    <SettingsGroupPanel themeType={theme} group="product" value={v} onChange={onChange} isProviderStaff={false} />
  ));
};
const thankYou = () => {
  const c = emptyConfig('hydro');
  return renderControlled(c.settings.thankpage, (v, onChange) => (
    <SettingsGroupPanel themeType="hydro" group="thankpage" value={v} onChange={onChange} isProviderStaff={false} />
  ));
};
const flashDeals = (count: number) => {
  const s = newSection('flash_deals', 'newchick') as Section<'flash_deals'>;
  const block = {
    title: 'Deal',
    type: 'count-down' as const,
    url: { name: 'category' as const, params: { slug: 'all' } },
    image: '',
    time: { day: 5, hour: 0, min: 0, getTime: 0 },
    product: '',
  };
  s.settings.blocks = Array.from({ length: count }, (_, i) => ({ ...block, title: `Deal ${i + 1}` }));
  return renderControlled(s, (v, onChange) => (
    <SectionPanel themeType="newchick" section={v} onChange={onChange} isProviderStaff={false} />
  ));
};
const group = (name: string) => screen.getByRole('group', { name });

describe('product tabs (hydro): at most 5', () => {
  it('says "n/5 blocks used. Delete to add more." at the limit with add disabled, and lifts both after a delete', () => {
    const { current } = productPanel('hydro');
    const tabs = group('Product tabs');
    expect(within(tabs).queryByText(/blocks used/)).toBeNull();
    const add = within(tabs).getByRole('button', { name: 'Add Tab' });
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.click(add);
    expect(current()['tabs-detail']).toHaveLength(5);
    expect(current()['tabs-detail'][4]).toEqual({
      heading: 'Tab new',
      id: '',
      type: 'custom',
      display: 'html',
      content: '',
      collapse_default: true,
    });
    expect(within(tabs).getByText('5/5 blocks used. Delete to add more.')).toBeTruthy();
    expect((within(tabs).getByRole('button', { name: 'Add Tab' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(tabs).getByRole('button', { name: 'Delete Tab 1: Shipping' }));
    expect(current()['tabs-detail']).toHaveLength(4);
    expect(within(tabs).queryByText(/blocks used/)).toBeNull();
    expect((within(tabs).getByRole('button', { name: 'Add Tab' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('description tabs (newchick)', () => {
  it('add is disabled at 3 and the description tab cannot be deleted', () => {
    const { current } = productPanel('newchick');
    const tabs = group('Description tabs');
    expect(within(tabs).queryByRole('button', { name: /Delete Description tab 1/ })).toBeNull();
    const add = within(tabs).getByRole('button', { name: 'Add Description tab' });
    fireEvent.click(add);
    expect(current().setting_description[1]).toEqual({ heading: 'Heading', id: '', display: 'html', content: '' });
    expect(within(tabs).getByRole('button', { name: 'Delete Description tab 2: Heading' })).toBeTruthy();
    fireEvent.click(add);
    expect(current().setting_description).toHaveLength(3);
    expect((within(tabs).getByRole('button', { name: 'Add Description tab' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('thank-you page', () => {
  it('hides "Add Step" at 4 steps; a custom step goes to position 3 with "Custom step", 1 day', () => {
    const { current } = thankYou();
    const steps = group('Order steps');
    expect(within(steps).queryByRole('button', { name: 'Add Step' })).toBeNull();
    fireEvent.click(within(steps).getByRole('button', { name: 'Delete Step 2: Order Processing' }));
    fireEvent.click(within(steps).getByRole('button', { name: 'Add Step' }));
    const list = current().steps.settings.blocks;
    expect(list.map((b) => b.name)).toEqual(['Order Placed', 'Packaging & Quality Control', 'Custom step', 'Shipped']);
    expect(list[2]).toEqual({ name: 'Custom step', isEdit: true, root: false, unit: 'days', time: 1 });
    expect(within(steps).queryByRole('button', { name: 'Add Step' })).toBeNull();
  });
  it('hides "Add Policy" at 3 delivery policies; a new one is "Delivery policy"', () => {
    const { current } = thankYou();
    const policies = group('Delivery policies');
    fireEvent.click(within(policies).getByRole('button', { name: 'Add Policy' }));
    expect(current().delivery_policies.settings.blocks[2]).toEqual({ name: 'Delivery policy', content: '' });
    expect(within(policies).queryByRole('button', { name: 'Add Policy' })).toBeNull();
  });
});

describe('flash deals', () => {
  it('offers "Add Deal" only with fewer than 10 blocks', () => {
    const a = flashDeals(9);
    fireEvent.click(screen.getByRole('button', { name: 'Add Deal' }));
    expect(a.current().settings.blocks).toHaveLength(10);
    expect(a.current().settings.blocks[9]).toMatchObject({ title: 'Flash deal', type: 'count-down', time: { day: 5, hour: 0, min: 0 } });
    expect(screen.queryByRole('button', { name: 'Add Deal' })).toBeNull();
    a.view.unmount();
    flashDeals(10);
    expect(screen.queryByRole('button', { name: 'Add Deal' })).toBeNull();
  });
  it('shows the product picker only while the deal links to a collection with a slug', async () => {
    flashDeals(1);
    fireEvent.click(screen.getByRole('button', { name: 'Deal 1', exact: true } as never));
    expect(screen.queryByRole('combobox', { name: 'Product' })).toBeNull();
    await pick(screen.getByRole('combobox', { name: 'Link: collection' }), 'Summer Dresses');
    expect(await screen.findByRole('combobox', { name: 'Product' })).toBeTruthy();
    await pick(screen.getByRole('combobox', { name: 'Link' }), 'Home page');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Product' })).toBeNull());
  });
});

describe('new slides (spec §9)', () => {
  it('a new slide says "Shop Now Test", links home and is centred', () => {
    const s = newSection('head-image', 'hydro');
    const { current } = renderControlled(s, (v, onChange) => (
      <SectionPanel themeType="hydro" section={v} onChange={onChange} isProviderStaff={false} />
    ));
    fireEvent.click(within(group('Desktop slides')).getByRole('button', { name: 'Add Slide' }));
    const added = current().settings.content.desktop[1];
    expect(added?.buttonLabel.title).toBe('Shop Now Test');
    expect(added?.urlButton).toEqual({ name: 'home', params: { slug: '' } });
    expect(added?.position).toBe('center');
    // The new slide opens at once.
    expect(within(group('Desktop slides')).getAllByRole('textbox', { name: 'Label' })).toHaveLength(1);
  });
});
