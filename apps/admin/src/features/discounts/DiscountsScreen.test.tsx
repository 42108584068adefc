import '../../test/setup-dom';
import { CatalogLookupResponse, type Discount } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

// Discount screens (issue 12 item 6) on MSW: the tabs' lists, the form's contract rules through the resolver, the
// summary card, the POST body (dates on the shop's clock → instants), and the server's message under its field.

const member = user({ scopes: ['discounts'] });
let store: Discount[] = [];
const discount = (o: Partial<Discount>): Discount => ({
  id: crypto.randomUUID(),
  method: 'code',
  code: 'WELCOME5',
  title: 'WELCOME5',
  type: 'fixed_amount',
  value: 5,
  appliesTo: 'all',
  productIds: [],
  collectionIds: [],
  buyQuantity: null,
  getQuantity: null,
  minimumType: 'none',
  minimumSubtotal: 0,
  minimumQuantity: 0,
  customerEmails: [],
  usageLimit: 10,
  usageCount: 3,
  oncePerCustomer: false,
  combinesWith: { productDiscounts: false, orderDiscounts: false, shippingDiscounts: false },
  startsAt: '2026-06-01T07:00:00.000Z',
  endsAt: null,
  status: 'active',
  currency: 'USD',
  createdAt: '2026-06-01T07:00:00.000Z',
  updatedAt: '2026-06-01T07:00:00.000Z',
  ...o,
});

beforeEach(() => {
  signInToDemoStore();
  store = [
    discount({}),
    discount({
      method: 'automatic',
      code: '',
      title: 'Buy 2 get 1 free',
      type: 'buy_x_get_y',
      value: 100,
      buyQuantity: 2,
      getQuantity: 1,
      appliesTo: 'collections',
      collectionIds: [crypto.randomUUID()],
      usageLimit: null,
    }),
  ];
  server.use(handlers.preference({ standardTimezone: 'America/Los_Angeles' }), handlers.stores(), ...handlers.discounts(() => store));
});
afterEach(cleanup);

describe('discount lists (website.discount.code, website.discount.automatic)', () => {
  it('lists the codes with their summary, status and uses; the other tab lists the automatic discounts', async () => {
    renderApp('/admin/discounts/codes', fakeSession(member));
    expect(await screen.findByRole('link', { name: 'WELCOME5' }, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByText('$5.00 off entire order')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('3 / 10 used')).toBeTruthy();
    expect(screen.queryByText('Buy 2 get 1 free')).toBeNull();
    cleanup();
    renderApp('/admin/discounts/automatic', fakeSession(member));
    expect(await screen.findByRole('link', { name: 'Buy 2 get 1 free' }, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByText('Buy 2 items, get 1 item free from 1 collection')).toBeTruthy();
  });
});

describe('the discount form', () => {
  it('refuses an empty code with the contract’s message, then creates SUMMER10 with its dates on the shop’s clock', async () => {
    const { router } = renderApp('/admin/discounts/codes/new', fakeSession(member));
    const form = await screen.findByRole('form', { name: 'Create discount code' }, SCREEN_LOAD);
    fireEvent.submit(form);
    expect(await screen.findByText('Required.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Discount code/ }), { target: { value: 'SUMMER10' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Percentage off/ }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('radio', { name: /Minimum purchase amount/ }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Minimum purchase amount' }), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Limit number of times this discount can be used in total' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Total uses' }), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Limit to one use per customer' }));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-06-01' } });
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '00:00' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set end date' }));
    fireEvent.change(await screen.findByLabelText('End date'), { target: { value: '2026-06-07' } });
    fireEvent.change(screen.getByLabelText('End time'), { target: { value: '23:59' } });
    const summary = screen.getByRole('region', { name: 'Summary' });
    await waitFor(() => expect(summary.textContent).toContain('10% off entire order'));
    expect(summary.textContent).toContain('Minimum purchase of $50.00');
    expect(summary.textContent).toContain('Limit of 100 uses, one use per customer');
    expect(summary.textContent).toContain('Active from Jun 1, 2026, 12:00 AM PDT to Jun 7, 2026, 11:59 PM PDT');
    fireEvent.submit(form);
    await waitFor(() => expect(store).toHaveLength(3));
    const post = calls().find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({
      method: 'code',
      code: 'SUMMER10',
      type: 'percentage',
      value: 10,
      minimumType: 'subtotal',
      minimumSubtotal: 50,
      usageLimit: 100,
      oncePerCustomer: true,
      startsAt: '2026-06-01T07:00:00.000Z',
      endsAt: '2026-06-08T06:59:00.000Z',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/discounts/${store[2]!.id}`));
    // The notification says what happened, not a bare "Success".
    expect(await screen.findByText('Discount SUMMER10 created')).toBeTruthy();
  });

  it('shows the server’s message under the code field', async () => {
    renderApp('/admin/discounts/codes/new', fakeSession(member));
    const form = await screen.findByRole('form', { name: 'Create discount code' }, SCREEN_LOAD);
    fireEvent.change(screen.getByRole('textbox', { name: /^Discount code/ }), { target: { value: 'welcome5' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Percentage off/ }), { target: { value: '5' } });
    fireEvent.submit(form);
    expect(await screen.findByText('is already used by another discount')).toBeTruthy();
  });
  it('creates the automatic "Buy 2 get 1 free" on a collection: buys 2, gets 1 at 100 % off', async () => {
    const tees = '00000000-0000-4000-8000-0000000c0001';
    server.use(
      http.get('/api/discounts/lookups', () =>
        reply(CatalogLookupResponse, { items: [{ id: tees, title: 'Tops & Tees', imageSrc: null }] }),
      ),
    );
    renderApp('/admin/discounts/automatic/new', fakeSession(member));
    const form = await screen.findByRole('form', { name: 'Create automatic discount' }, SCREEN_LOAD);
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Buy 2 get 1 free on tees' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Buy X get Y' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Customer buys (items)' }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Customer gets (items)' }), { target: { value: '1' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Percentage off the items they get/ }), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Specific collections' }));
    const picker = await screen.findByPlaceholderText('Search collections');
    picker.focus();
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Tops & Tees', hidden: true }));
    fireEvent.submit(form);
    await waitFor(() => expect(store).toHaveLength(3));
    const post = calls().find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({
      method: 'automatic',
      title: 'Buy 2 get 1 free on tees',
      type: 'buy_x_get_y',
      value: 100,
      buyQuantity: 2,
      getQuantity: 1,
      appliesTo: 'collections',
      collectionIds: [tees],
    });
  });
});
