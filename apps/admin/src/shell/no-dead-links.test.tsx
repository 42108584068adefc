import '../test/setup-dom';
import { Balance, OnboardingStatus, OrderDetail, type ProductSummary, type Scope, Subscription } from '@backroom/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPermitted, ROUTE_NAMES, ROUTES, type RouteDef, type RouteName, routePath } from '../routes';
import { signInToDemoStore, user } from '../test/fixtures';
import { handlers } from '../test/handlers';
import { reply, server } from '../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../test/render-app';
import { setViewportWidth } from '../test/setup-dom';

/**
 * Issue 31 item 7 "No dead buttons": walks every route the demo staff (README: staff@demo.test, scopes orders and
 * products) can open and reads every `a[href]` of the page against the route registry's guard for those scopes. A
 * link may lead to a route the staff cannot open (or to the no-access screen) only when it is the sidebar's locked
 * entry, which carries its reason (the lock "No access" with its tooltip, spec §6 "Clicking a menu entry without the
 * scope goes to no-access").
 */

const SCOPES = ['orders', 'products'] as const;
const staff = user({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'staff@demo.test',
  isStoreOwner: false,
  isStoreAdmin: false,
  scopes: [...SCOPES],
  isProviderStaff: false,
  isCustomStoreUser: false,
});
const ID = '00000000-0000-4000-8000-00000000f001';

/** The registry route a pathname opens: the matching route with the fewest `$` parameters (static paths win). */
function routeOf(pathname: string): RouteName | undefined {
  let best: { name: RouteName; params: number } | undefined;
  for (const name of ROUTE_NAMES) {
    const path = (ROUTES[name] as RouteDef).path;
    const re = new RegExp(`^${path.replace(/\$[A-Za-z]+/g, '[^/]+')}/?$`);
    if (!re.test(pathname)) continue;
    const params = (path.match(/\$/g) ?? []).length;
    if (!best || params < best.params) best = { name, params };
  }
  return best?.name;
}

/**
 * The links of `root`'s document that lead to a route `scopes` (the staff's by default) cannot open, or to no-access, without the sidebar's
 * lock giving the reason: "text → href" each.
 */
function deadLinks(root: HTMLElement, scopes: readonly Scope[] = SCOPES): string[] {
  const dead: string[] = [];
  for (const a of Array.from(root.ownerDocument.querySelectorAll('a[href]'))) {
    const href = a.getAttribute('href') ?? '';
    if (!href.startsWith('/admin')) continue;
    const url = new URL(href, 'http://admin.test');
    const target = routeOf(url.pathname);
    const refused = target === 'no-access' ? true : target !== undefined && !isPermitted((ROUTES[target] as RouteDef).scope, scopes);
    const withReason = a.querySelector('[aria-label="No access"]') !== null;
    if (refused && !withReason) dead.push(`${a.textContent?.trim() || '(no text)'} → ${href}`);
  }
  return dead;
}

/** Routes of the admin (shell and full-screen) the staff's scopes open, in registry order. */
const WALK = ROUTE_NAMES.filter((n) => {
  const def = ROUTES[n] as RouteDef;
  return def.layout !== 'auth' && n !== 'no-access' && isPermitted(def.scope, SCOPES);
});

/** One product of the catalogue: the product lists draw their rows' links. */
const PRODUCT: ProductSummary = {
  id: ID,
  _id: ID,
  title: 'T-shirt',
  handle: 't-shirt',
  vendor: 'demo',
  productType: '',
  tags: [],
  published: true,
  status: 'active',
  image: null,
  variantsCount: 1,
  inventory: 3,
  priceMin: 20,
  priceMax: 20,
  currency: 'USD',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** An order with a known customer: its detail draws the customer's link. */
function order(): OrderDetail {
  return OrderDetail.parse({
    id: ID,
    orderNumber: 1042,
    orderName: '#1042',
    createdAt: '2026-01-02T18:00:00.000Z',
    customer: { id: ID, name: 'Ada Buyer', email: 'ada@example.test', phone: '', ordersCount: 1 },
    total: 20,
    currency: 'USD',
    financialStatus: 'paid',
    fulfillmentStatus: 'unfulfilled',
    paymentName: 'Stripe',
    paymentLabel: 'Credit/Debit Card',
    itemsCount: 1,
    tags: [],
    sourceName: 'online_store',
    cancelledAt: null,
    closedAt: null,
    lineItems: [
      {
        id: 1,
        productId: ID,
        variantId: null,
        title: 'T-shirt',
        variantTitle: 'S',
        sku: '',
        options: [{ name: 'Size', value: 'S' }],
        properties: [],
        imageSrc: null,
        quantity: 1,
        price: 20,
        total: 20,
        fulfilledQuantity: 0,
        refundedQuantity: 0,
        fulfillableQuantity: 1,
        refundableQuantity: 1,
      },
    ],
    subtotal: 20,
    discount: 0,
    discountCodes: [],
    shipping: 0,
    tax: 0,
    refunded: 0,
    netPayment: 20,
    refundable: 20,
    shippingAddress: { name: 'Ada Buyer', address1: '1 Main St', city: 'Springfield', zip: '12345', country: 'United States', phone: '' },
    payment: { name: 'Stripe', cardType: 'visa', label: 'Credit/Debit Card' },
    capturedAt: '2026-01-02T18:00:00.000Z',
    cancelReason: null,
    note: '',
    fulfillments: [],
    refunds: [],
    timeline: [],
    printFiles: [],
  });
}

beforeEach(() => {
  setViewportWidth(1440);
  signInToDemoStore();
  const o = order();
  server.use(
    handlers.preference(),
    handlers.stores(),
    ...handlers.orders(() => o),
    handlers.products(() => [PRODUCT]),
    // A shop on trial: the banner shows on every shell page (the server answers any member, issue 31 item 7).
    http.get('/api/stores/subscription', () =>
      reply(Subscription, { plan: null, status: 'trial', trialEndsAt: '2026-12-20T00:00:00.000Z', daysLeft: 13, plans: [] }),
    ),
  );
});
afterEach(cleanup);

describe('no dead links for the demo staff (issue 31 item 7)', () => {
  it('walks routes the staff can open', () => {
    expect(WALK).toContain('website.orders');
    expect(WALK).toContain('website.catalog');
    expect(WALK).not.toContain('website.settings.account');
  });

  it.each(WALK)('%s: every link leads to a route the staff can open', async (name) => {
    const def = ROUTES[name] as RouteDef;
    // Every `$param` of the path is the one known id (the order and product of the fixtures).
    const path = routePath(name, Object.fromEntries([...def.path.matchAll(/\$([A-Za-z]+)/g)].map((m) => [m[1], ID])));
    const { router, view, queryClient } = renderApp(path, fakeSession(staff));
    await waitFor(() => expect(router.state.location.pathname).toBe(path), SCREEN_LOAD);
    await waitFor(() => {
      expect(router.state.status).toBe('idle');
      // Every request of the page answered: its links are drawn from the data.
      expect(queryClient.isFetching()).toBe(0);
      expect(view.container.querySelector('[role="status"][aria-live="polite"]')?.textContent ?? '').not.toMatch(/Loading/);
      if (def.layout === 'shell') {
        expect(view.container.querySelector('section[aria-label="Trial"]')).toBeTruthy();
        // The lazy screen drew its heading, or its load-error alert (the shell's own content has neither).
        expect(view.container.querySelector('main :is(h1, h2, h3, [role="alert"])')).toBeTruthy();
      }
    }, SCREEN_LOAD);
    expect(deadLinks(view.container)).toEqual([]);
  });

  it('a dropship shop: the no-access screen names Preferences without linking to it (the staff cannot open it)', async () => {
    server.use(handlers.preference({ businessType: 'dropship' }));
    const { router, view } = renderApp(routePath('website.product-personalized'), fakeSession(staff));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/no-access'), SCREEN_LOAD);
    await screen.findByText(/is not available for dropship shops/, undefined, SCREEN_LOAD);
    expect(deadLinks(view.container)).toEqual([]);
  });

  it('home for a member without Settings: the balance has no Payout link, a settings step of the guide is disabled with the reason', async () => {
    const member = { ...staff, scopes: ['homes' as const, ...SCOPES] };
    server.use(
      ...handlers.home({ totalSales: 0, totalOrders: 0, openOrders: 0, products: { count: 0, variants: 0, collections: 0 }, homeHtml: '' }),
      http.get('/api/stores/config/status', () =>
        reply(OnboardingStatus, {
          currentConfig: {
            field: 'connect_domain',
            name: 'Connect a domain',
            description: 'Domain.',
            button: 'Connect domain',
            path: '/admin/domains',
          },
          remaining: 3,
          done: 3,
          skipped: 0,
          total: 6,
          steps: [],
        }),
      ),
      http.get('/api/stores/payout/v2/balance', () =>
        reply(Balance, { availableToPayout: 111.74, unsettled: 0, pendingPayouts: 0, paidPayouts: 0, currency: 'USD' }),
      ),
    );
    const { view } = renderApp('/admin', fakeSession(member));
    await screen.findByRole('region', { name: 'Balance' }, SCREEN_LOAD);
    const connect = await screen.findByRole('button', { name: /^Connect domain/ }, SCREEN_LOAD);
    expect(connect.textContent).toContain('You do not have access to this page');
    expect(connect.getAttribute('aria-disabled')).toBe('true');
    expect(connect.closest('a')).toBeNull();
    expect(screen.queryByText('Request a payout')).toBeNull();
    expect(deadLinks(view.container, member.scopes)).toEqual([]);
  });
});
