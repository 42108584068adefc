import { NOT_AN_IMAGE_MESSAGE } from '@backroom/contracts';
import { emptyConfig, newSection, RICHTEXT_SIZES, type Section } from '@backroom/theme';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { urls } from '../../../test/msw';
import { SectionPanel, SettingsGroupPanel } from './index';
import { openSelect, PRODUCT_IDS, pick, renderControlled, serveLookups, typeInto } from './test-utils';

// One test (or more) per setting kind of the vocabulary (issue 9 item 3), through the public panels.

beforeEach(() => {
  serveLookups(['/uploads/a.jpg', '/uploads/b.jpg']);
});
afterEach(() => {
  cleanup();
});

const section = <T extends Section['type']>(type: T, theme: 'newchick' | 'hydro' = 'newchick', patch?: (s: Section<T>) => void) => {
  const s = newSection(type, theme) as Section<T>;
  patch?.(s);
  return renderControlled(s, (v, onChange) => <SectionPanel themeType={theme} section={v} onChange={onChange} isProviderStaff={false} />);
};
const group = (group: 'product' | 'checkout' | 'typography' | 'colors' | 'thankpage', theme: 'newchick' | 'hydro', staff = false) => {
  const c = emptyConfig(theme);
  return renderControlled(c.settings[group] as unknown, (v, onChange) => (
    <SettingsGroupPanel themeType={theme} group={group} value={v} onChange={onChange} isProviderStaff={staff} />
  ));
};
const requested = (path: string) => urls().filter((u) => u.startsWith(path));

describe('text', () => {
  it('a multiline HTML text reports every keystroke at its own path', () => {
    const { changes } = section('product-review', 'hydro');
    const body = screen.getByLabelText('Reviews (HTML)');
    expect(body.tagName).toBe('TEXTAREA');
    fireEvent.change(body, { target: { value: '<p>Great</p>' } });
    expect(changes).toEqual([{ path: ['settings', 'body_html'], value: '<p>Great</p>' }]);
  });
});

describe('number', () => {
  it('casts to a number, reports and flags an out-of-range value, and reports nothing for "Invalid number."', () => {
    const { changes, current } = section('head-image');
    const input = screen.getByRole('textbox', { name: 'Change slides every' });
    expect(screen.getByText('From 1 to 12 s')).toBeTruthy();
    fireEvent.change(input, { target: { value: '8' } });
    expect(changes.at(-1)).toEqual({ path: ['settings', 'change_slides_every'], value: 8 });
    fireEvent.change(input, { target: { value: '20' } });
    expect(current().settings.change_slides_every).toBe(20);
    expect(screen.getByText('Must be between 1 and 12.')).toBeTruthy();
    const before = changes.length;
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByText('Invalid number.')).toBeTruthy();
    expect(changes.length).toBe(before);
  });
  it('takes the theme range: 8 items per row is valid in newchick, flagged in hydro (spec §5)', () => {
    const a = section('collection_list', 'newchick', (s) => {
      s.settings.item_per_row = 8;
    });
    expect(screen.queryByText('Must be between 2 and 6.')).toBeNull();
    a.view.unmount();
    section('collection_list', 'hydro', (s) => {
      s.settings.item_per_row = 8;
    });
    expect(screen.getByText('Must be between 2 and 6.')).toBeTruthy();
  });
});

describe('checkbox', () => {
  it('reports true/false', () => {
    const { changes } = section('head-image');
    fireEvent.click(screen.getByLabelText('Show content'));
    expect(changes).toEqual([{ path: ['settings', 'show_content'], value: false }]);
  });
  it('is shown but disabled where the theme does not allow editing it (checkout countdown, spec §3)', () => {
    const a = group('checkout', 'hydro');
    expect((screen.getByLabelText('Show countdown') as HTMLInputElement).disabled).toBe(true);
    a.view.unmount();
    group('checkout', 'newchick');
    expect((screen.getByLabelText('Show countdown') as HTMLInputElement).disabled).toBe(false);
  });
});

describe('select', () => {
  it('reports the option value, numbers as numbers (checkout step layout, spec §5)', async () => {
    const { changes } = group('product', 'hydro');
    await pick(screen.getByRole('combobox', { name: 'Checkout step layout' }), 'Mini cart');
    expect(changes.at(-1)).toEqual({ path: ['checkoutStepLayout'], value: 3 });
    await pick(screen.getByRole('combobox', { name: 'Sale style' }), 'Amount');
    expect(changes.at(-1)).toEqual({ path: ['layout', 'sale_type'], value: 'amount' });
  });
});

describe('color', () => {
  it('reports a valid hex colour and flags an invalid one without reporting it', () => {
    const { changes } = group('colors', 'newchick');
    const input = screen.getByLabelText('Add to cart button');
    fireEvent.change(input, { target: { value: '#12' } });
    expect(changes).toEqual([]);
    expect(screen.getByText('Must be a colour such as #0082E5.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '#123456' } });
    expect(changes).toEqual([{ path: ['color_cart_button'], value: '#123456' }]);
  });
});

describe('image', () => {
  it('picks one of the shop uploads', async () => {
    const { changes } = group('product', 'hydro');
    fireEvent.click(screen.getByRole('button', { name: 'Choose image for Image' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use image /uploads/b.jpg' }));
    expect(changes).toEqual([{ path: ['image_detail', 'image'], value: '/uploads/b.jpg' }]);
    expect(requested('/api/uploads?page=1')).toHaveLength(1);
  });
  it('uploads a file and uses it; a refused upload shows the server message', async () => {
    const { changes } = group('product', 'hydro');
    fireEvent.click(screen.getByRole('button', { name: 'Choose image for Image' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'notes.fake.png', { type: 'image/png' })] } });
    });
    expect(await within(dialog).findByText(NOT_AN_IMAGE_MESSAGE)).toBeTruthy();
    expect(changes).toEqual([]);
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['png'], 'new.png', { type: 'image/png' })] } });
    });
    await waitFor(() => expect(changes).toEqual([{ path: ['image_detail', 'image'], value: '/uploads/new.png' }]));
  });
  it('removes the image', () => {
    const { changes } = group('product', 'hydro');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image of Trust badge image' }));
    expect(changes).toEqual([{ path: ['trust_badge', 'src', 'value'], value: '' }]);
  });
});

describe('link', () => {
  it('links home or a collection; the collection picker offers All collections (special slug)', async () => {
    const { changes } = group('product', 'hydro');
    await pick(screen.getByRole('combobox', { name: 'Link' }), 'Collection');
    expect(changes.at(-1)).toEqual({ path: ['image_detail', 'url'], value: { name: 'category', params: { slug: 'all' } } });
    const picker = await screen.findByRole('combobox', { name: 'Link: collection' });
    expect((picker as HTMLInputElement).value).toBe('All collections');
    await pick(picker, 'Sneakers');
    expect(changes.at(-1)).toEqual({ path: ['image_detail', 'url'], value: { name: 'category', params: { slug: 'sneakers' } } });
  });
});

describe('collection search', () => {
  it('searches when opened and 300 ms after typing stops (spec §7, §9)', async () => {
    const { changes } = section('featured-collection');
    const input = screen.getByRole('combobox', { name: 'Collection' });
    const box = await openSelect(input);
    await waitFor(() => expect(requested('/api/themes/lookups/collections?page=1')).toHaveLength(1));
    typeInto(input, 'sne');
    const typedAt = Date.now();
    expect(requested('/api/themes/lookups/collections?search=sne')).toHaveLength(0);
    await waitFor(() => expect(requested('/api/themes/lookups/collections?search=sne')).toHaveLength(1));
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(290);
    fireEvent.click(await within(box).findByRole('option', { name: 'Sneakers' }));
    expect(changes.at(-1)).toEqual({ path: ['settings', 'collection'], value: 'sneakers' });
  });
  it('flags a collection that no longer exists', async () => {
    section('featured-collection', 'hydro', (s) => {
      s.settings.collection = 'gone-collection';
    });
    expect(await screen.findByText('This collection no longer exists.')).toBeTruthy();
  });
});

describe('page and menu', () => {
  it('picks a published page and flags one that is gone', async () => {
    const c = emptyConfig('newchick');
    c.settings.product.setting_shipping.policy_info.page_detail = 'old-page';
    const { changes } = renderControlled(c.settings.product as unknown, (v, onChange) => (
      <SettingsGroupPanel themeType="newchick" group="product" value={v} onChange={onChange} isProviderStaff={false} />
    ));
    expect(await screen.findByText('This page no longer exists or is not published.')).toBeTruthy();
    const pages = screen.getAllByRole('combobox', { name: 'Page' });
    await pick(pages[0] as HTMLElement, 'Returns');
    expect(changes.at(-1)).toEqual({ path: ['setting_shipping', 'shipping_info', 'page_detail'], value: 'returns' });
  });
});

describe('font', () => {
  it('a family choice resets style, url and key; a style choice sets them (spec §4), 100 Thin … 950 Extra Black with italics', async () => {
    const { changes } = group('typography', 'newchick');
    fireEvent.click(screen.getByRole('button', { name: /Heading font/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Roboto' }));
    expect(changes.at(-1)).toEqual({ path: ['type_header_family'], value: { font: 'Roboto', style: '', url: '', key: '' } });
    expect(within(drawer).getByText('Choose a style for this family.')).toBeTruthy();
    const styles = within(drawer)
      .getAllByRole('radio')
      .filter((r) => /^\d{3} /.test(r.textContent ?? ''));
    expect(styles).toHaveLength(20);
    expect(styles[0]?.textContent).toBe('100 Thin');
    expect(styles.at(-1)?.textContent).toBe('950 Extra Black Italic');
    fireEvent.click(within(drawer).getByRole('radio', { name: '700 Bold Italic' }));
    expect(changes.at(-1)).toEqual({
      path: ['type_header_family'],
      value: { font: 'Roboto', style: '700 Bold Italic', url: '@fontsource/roboto/latin-700-italic.css', key: 'Roboto:700italic' },
    });
  });
});

describe('countdown', () => {
  it('stores now + the day/hour/minute offsets as the end timestamp (spec §4)', () => {
    const { changes } = group('checkout', 'newchick');
    const before = Date.now();
    fireEvent.change(screen.getByLabelText('Hours'), { target: { value: '2' } });
    const after = Date.now();
    const last = changes.at(-1) as { path: unknown; value: { day: number; hour: number; min: number; getTime: number } };
    expect(last.path).toEqual(['time']);
    expect(last.value).toMatchObject({ day: 0, hour: 2, min: 10 });
    const offset = (2 * 60 + 10) * 60_000;
    expect(last.value.getTime).toBeGreaterThanOrEqual(before + offset);
    expect(last.value.getTime).toBeLessThanOrEqual(after + offset);
    fireEvent.change(screen.getByLabelText('Minutes'), { target: { value: '' } });
    expect(screen.getByText('Invalid number.')).toBeTruthy();
  });
});

describe('rich text', () => {
  it('edits HTML with the spec §5 sizes 10 … 36 px', async () => {
    group('product', 'hydro');
    const size = await screen.findByRole('combobox', { name: 'Font size of Top message' }, { timeout: 10_000 });
    const offered = [...(size as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(offered).toEqual(RICHTEXT_SIZES.map((n) => `${n}px`));
    const editor = screen.getAllByRole('textbox', { name: 'Top message' }).find((e) => e.getAttribute('contenteditable') === 'true');
    expect(editor?.innerHTML).toContain('<strong>Free shipping</strong>');
  });
});

describe('product search (flash deals)', () => {
  it('lists the products of the linked collection and stores the _id', async () => {
    const { changes } = section('flash_deals', 'newchick', (s) => {
      s.settings.blocks = [{ ...s.settings.blocks[0], ...FLASH, url: { name: 'category', params: { slug: 'summer-dresses' } } }];
    });
    fireEvent.click(screen.getByRole('button', { name: 'Flash deal', exact: true } as never));
    const picker = await screen.findByRole('combobox', { name: 'Product' });
    await pick(picker, 'Silk Dress');
    expect(changes.at(-1)).toEqual({ path: ['settings', 'blocks', 0, 'product'], value: PRODUCT_IDS.silk });
    expect(requested('/api/themes/lookups/products?collection=summer-dresses').length).toBeGreaterThan(0);
  });
});

const FLASH = {
  title: 'Flash deal',
  type: 'count-down' as const,
  url: { name: 'category' as const, params: { slug: 'all' } },
  image: '',
  time: { day: 5, hour: 0, min: 0, getTime: 0 },
  product: '',
};
