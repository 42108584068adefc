import '../../test/setup-dom';
import { CatalogLookupResponse, UpsellOffer, UpsellOfferBody, UpsellOfferList } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

// Boost UpSell screens (issue 18 item 1) on MSW: the offers list with views, adds, orders, conversion and revenue;
// the form's contract rules through the resolver, the POST body of a quantity break, and the server's message by
// its field.

const member = user({ scopes: ['discounts'] });
const HOODIE = crypto.randomUUID();
let store: UpsellOffer[] = [];
const offer = (o: Partial<UpsellOffer>): UpsellOffer => ({
  id: crypto.randomUUID(),
  title: 'Frequently bought together',
  type: 'bundle',
  productIds: [HOODIE],
  collectionIds: [],
  offerProductIds: [crypto.randomUUID()],
  discount: { type: 'percentage', value: 10 },
  tiers: [],
  active: true,
  priority: 10,
  startsAt: null,
  endsAt: null,
  status: 'active',
  stats: { views: 200, adds: 30, orders: 12, revenue: 755.76, conversionRate: 6 },
  createdAt: '2026-06-01T07:00:00.000Z',
  updatedAt: '2026-06-01T07:00:00.000Z',
  ...o,
});

beforeEach(() => {
  signInToDemoStore();
  store = [offer({})];
  server.use(
    handlers.preference({ standardTimezone: 'America/Los_Angeles' }),
    handlers.stores(),
    http.get('/api/discounts/lookups', () =>
      reply(CatalogLookupResponse, { items: [{ id: HOODIE, title: 'Heavyweight Hoodie', imageSrc: null }] }),
    ),
    http.get('/api/upsell/offers', () => reply(UpsellOfferList, { offers: store })),
    http.get('/api/upsell/offers/:id', ({ params }) => {
      const o = store.find((x) => x.id === params.id);
      return o ? reply(UpsellOffer, o) : fail(404, 'NOT_FOUND', ['Offer not found']);
    }),
    http.post('/api/upsell/offers', async ({ request }) => {
      const parsed = UpsellOfferBody.safeParse(await request.json());
      if (!parsed.success) return fail(400, 'BAD_REQUEST', ['bad']);
      if (parsed.data.title === 'Taken') return fail(400, 'BAD_REQUEST', ['productIds: not a product of this store']);
      const o = offer({
        ...parsed.data,
        id: crypto.randomUUID(),
        status: 'active',
        stats: { views: 0, adds: 0, orders: 0, revenue: 0, conversionRate: 0 },
      });
      store.push(o);
      return reply(UpsellOffer, o, { status: 201 });
    }),
  );
});
afterEach(cleanup);

describe('offers list (website.upsell)', () => {
  it('shows each offer with its type, value, status and counters', async () => {
    renderApp('/admin/upsell', fakeSession(member));
    expect(await screen.findByRole('link', { name: 'Frequently bought together' }, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByText('Bundle (frequently bought together) · 10 % off')).toBeTruthy();
    const row = screen.getByRole('link', { name: 'Frequently bought together' }).closest('tr')!;
    expect(row.textContent).toContain('Active');
    expect(row.textContent).toContain('200');
    expect(row.textContent).toContain('30');
    expect(row.textContent).toContain('6.00 %');
    expect(row.textContent).toContain('$755.76');
  });
});

describe('offer form', () => {
  it('refuses a bundle without products with the contract’s messages, then creates a quantity break with its tiers', async () => {
    const { router } = renderApp('/admin/upsell/new', fakeSession(member));
    const form = await screen.findByRole('form', { name: 'Create offer' }, SCREEN_LOAD);
    fireEvent.submit(form);
    expect(await screen.findByText('Required.')).toBeTruthy();
    expect(screen.getByText('choose at least one product')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Buy more, save more' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Quantity break' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Any product' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Tier 2: percentage off' }), { target: { value: '10' } });
    fireEvent.submit(form);
    await waitFor(() => expect(store).toHaveLength(2));
    const post = calls().find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({
      title: 'Buy more, save more',
      type: 'quantity_break',
      productIds: [],
      offerProductIds: [],
      tiers: [
        { quantity: 2, percentage: 5 },
        { quantity: 3, percentage: 10 },
      ],
      active: true,
      startsAt: null,
      endsAt: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/upsell/${store[1]!.id}`));
    expect(await screen.findByText('Offer “Buy more, save more” created')).toBeTruthy();
  });

  it('refuses a tier under 2 units under its field, and shows the server’s message by its field', async () => {
    renderApp('/admin/upsell/new', fakeSession(member));
    const form = await screen.findByRole('form', { name: 'Create offer' }, SCREEN_LOAD);
    fireEvent.change(screen.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Taken' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Quantity break' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Tier 1: from units' }), { target: { value: '1' } });
    fireEvent.submit(form);
    expect(await screen.findByText('must be 2 or more')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Tier 1: from units' }), { target: { value: '2' } });
    fireEvent.submit(form);
    expect(await screen.findByText('not a product of this store')).toBeTruthy();
  });
});
