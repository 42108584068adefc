import '../../test/setup-dom';
import type { AbandonedCheckout } from '@backroom/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

// Abandoned checkouts (issue 12 item 5) on MSW: the rows as Shopify shows them, in the shop's time zone, with the
// recovery status and a button per row that copies the recovery link.

const member = user({ scopes: ['orders'] });
const row = (o: Partial<AbandonedCheckout>): AbandonedCheckout => ({
  id: crypto.randomUUID(),
  name: '#12',
  createdAt: '2026-06-02T17:00:00.000Z',
  abandonedAt: '2026-06-02T19:00:00.000Z',
  email: 'eve@example.com',
  customerName: 'Eve Cart',
  lines: [
    { variantId: crypto.randomUUID(), title: 'Organic Cotton Tee', variantTitle: 'M', quantity: 2, price: 20, imageSrc: null },
    { variantId: crypto.randomUUID(), title: 'Linen Wrap Dress', variantTitle: 'S', quantity: 1, price: 60, imageSrc: null },
  ],
  itemsCount: 3,
  subtotal: 100,
  currency: 'USD',
  discountCode: 'SUMMER10',
  recovered: false,
  recoveryUrl: 'http://demo.localhost:3000/checkouts/abcdefghijklmnopqrstuvwxyz012345/recover',
  ...o,
});
let list: AbandonedCheckout[] = [];

beforeEach(() => {
  signInToDemoStore();
  list = [row({}), row({ name: '#11', email: 'bob@example.com', customerName: '', recovered: true, lines: [], itemsCount: 0 })];
  server.use(
    handlers.preference({ standardTimezone: 'America/Los_Angeles' }),
    handlers.stores(),
    handlers.abandoned(() => list),
  );
});
afterEach(cleanup);

describe('abandoned checkouts (website.abandoned)', () => {
  it('lists each checkout with its date in the shop time zone, the shopper, the cart, the recovery status and total', async () => {
    renderApp('/admin/abandoned-checkouts', fakeSession(member));
    const table = await screen.findByRole('table', { name: 'Abandoned checkouts' }, SCREEN_LOAD);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('#12')).toBeTruthy();
    expect(within(first!).getByText('Jun 2, 2026, 12:00 PM PDT')).toBeTruthy();
    expect(within(first!).getByText('Eve Cart')).toBeTruthy();
    expect(within(first!).getByText('Organic Cotton Tee × 2, Linen Wrap Dress')).toBeTruthy();
    expect(within(first!).getByText('3 items · code SUMMER10')).toBeTruthy();
    expect(within(first!).getByText('Not recovered')).toBeTruthy();
    expect(within(first!).getByText('$100.00')).toBeTruthy();
    expect(within(first!).getByRole('button', { name: 'Copy recovery link of checkout #12' })).toBeTruthy();
    expect(within(second!).getByText('bob@example.com')).toBeTruthy();
    expect(within(second!).getByText('Recovered')).toBeTruthy();
  });

  it('says so when there is none', async () => {
    list = [];
    renderApp('/admin/abandoned-checkouts', fakeSession(member));
    expect(await screen.findByRole('heading', { name: 'No abandoned checkouts' }, SCREEN_LOAD)).toBeTruthy();
  });
});
