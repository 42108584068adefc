import {
  ABANDONED_PAGE_SIZE,
  type AbandonedCheckout,
  AbandonedCheckoutsResponse,
  AcceptInvitationResponse,
  AddStaffResponse,
  AllPermissionResponse,
  CatalogLookupResponse,
  CountResponse,
  CUSTOMERS_PAGE_SIZE,
  CustomerListResponse,
  type CustomerRow,
  CustomHtmlResponse,
  DISCOUNTS_PAGE_SIZE,
  Discount,
  DiscountInput,
  DiscountListResponse,
  Menu,
  MenuListResponse,
  MessageResponse,
  type MyInvitation,
  MyInvitationsResponse,
  OkResponse,
  ORDERS_PAGE_SIZE,
  OrderDetail,
  OrderListResponse,
  PAGES_PAGE_SIZE,
  Page,
  PageListResponse,
  PagePreference,
  Personalize,
  type PersonalizeBody,
  PersonalizeFont,
  PersonalizeFontsResponse,
  PersonalizeListResponse,
  PRODUCTS_PAGE_SIZE,
  Product,
  type ProductCreateBody,
  ProductListResponse,
  type ProductSummary,
  ProductsCountResponse,
  RevokeResponse,
  type StaffInvitation,
  StaffListResponse,
  type StaffMember,
  type StoreSummary,
  StoresResponse,
  TotalOrdersResponse,
  TotalSalesResponse,
} from '@backroom/contracts';
import { HttpResponse, http } from 'msw';
import { preference } from './fixtures';
import { calls, fail, reply } from './msw';

/** A text/csv answer (the exports), as the server sends it. */
const csv = (text: string) => new HttpResponse(text, { headers: { 'content-type': 'text/csv; charset=utf-8' } });

/**
 * Request handlers of the admin API shared by the component tests (test/msw.ts explains the set-up). Each answers
 * with a body parsed by its contract schema. Install them per test: `server.use(handlers.preference(), …)`;
 * a screen's own test adds handlers for its calls the same way.
 */
export const handlers = {
  /**
   * The product API over the mutable list `store()` (issue 13): one product, create (handle from the title,
   * variant ids made up, money as sent) and update (fields given replace), answers parsed by the contract.
   */
  productDetail: (store: () => Product[]) => {
    const build = (b: ProductCreateBody, old?: Product): Product =>
      Product.parse({
        id: old?.id ?? crypto.randomUUID(),
        title: b.title ?? old?.title,
        handle: b.handle ?? old?.handle ?? b.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        bodyHtml: b.bodyHtml ?? old?.bodyHtml ?? '',
        status: b.status ?? old?.status ?? 'active',
        published: (b.status ?? old?.status ?? 'active') === 'active',
        vendor: b.vendor ?? old?.vendor ?? '',
        productType: b.productType ?? old?.productType ?? '',
        tags: b.tags ?? old?.tags ?? [],
        seoTitle: b.seoTitle ?? null,
        seoDescription: b.seoDescription ?? null,
        options: b.options ?? old?.options ?? [],
        variants: (b.variants ?? []).map((v, i) => ({
          id: v.id ?? crypto.randomUUID(),
          title: [v.option1, v.option2, v.option3].filter(Boolean).join(' / ') || 'Default Title',
          position: i + 1,
          option1: v.option1 ?? 'Default Title',
          option2: v.option2 ?? null,
          option3: v.option3 ?? null,
          price: v.price,
          compareAtPrice: v.compareAtPrice ?? null,
          cost: v.cost ?? null,
          sku: v.sku ?? '',
          barcode: v.barcode ?? null,
          weight: v.weight ?? 0,
          weightUnit: v.weightUnit ?? 'kg',
          inventoryQuantity: v.inventoryQuantity ?? 0,
          inventoryPolicy: v.inventoryPolicy ?? 'deny',
          requiresShipping: true,
          taxable: true,
          imageSrc: null,
        })),
        images: (b.images ?? []).map((im, i) => ({ id: im.id ?? crypto.randomUUID(), src: im.src, alt: im.alt ?? '', position: i + 1 })),
        collections: old?.collections ?? [],
        currency: 'USD',
        createdAt: '2026-01-02T00:00:00.000Z',
        updatedAt: '2026-01-02T00:00:00.000Z',
      });
    return [
      http.get('/api/products/:id', ({ params }) => {
        const p = store().find((x) => x.id === params.id);
        return p ? reply(Product, p) : fail(404, 'NOT_FOUND', ['Product not found']);
      }),
      http.post('/api/products', async ({ request }) => {
        const p = build((await request.json()) as ProductCreateBody);
        store().push(p);
        return reply(Product, p, { status: 201 });
      }),
      http.put('/api/products/:id', async ({ params, request }) => {
        const list = store();
        const i = list.findIndex((x) => x.id === params.id);
        if (i === -1) return fail(404, 'NOT_FOUND', ['Product not found']);
        const b = (await request.json()) as ProductCreateBody;
        list[i] = build({ ...b, variants: b.variants ?? list[i]!.variants }, list[i]);
        return reply(Product, list[i]!);
      }),
    ];
  },

  /** The menus API over the mutable list `store()`: list, one menu, and PUT (items echoed back, resolved as sent). */
  menus: (store: () => Menu[]) => [
    http.get('/api/stores/onlinestore/menus/', () => reply(MenuListResponse, { menus: store() })),
    http.get('/api/stores/onlinestore/menus/:id', ({ params }) => {
      const m = store().find((x) => x.id === params.id);
      return m ? reply(Menu, m) : fail(404, 'NOT_FOUND', ['Menu not found']);
    }),
    http.put('/api/stores/onlinestore/menus/:id', async ({ params, request }) => {
      const list = store();
      const i = list.findIndex((x) => x.id === params.id);
      if (i === -1) return fail(404, 'NOT_FOUND', ['Menu not found']);
      type In = { id?: string; title: string; type: Menu['items'][number]['type']; target?: string; children?: In[] };
      const b = (await request.json()) as { title: string; handle?: string; items: In[] };
      const resolve = (items: In[]): Menu['items'] =>
        items.map((x) => ({
          id: x.id ?? crypto.randomUUID(),
          title: x.title,
          type: x.type,
          target: x.target ?? '',
          url: x.type === 'home' ? '/' : (x.target ?? ''),
          targetTitle: null,
          broken: false,
          children: resolve(x.children ?? []),
        }));
      list[i] = Menu.parse({ ...list[i], title: b.title, handle: b.handle ?? list[i]!.handle, items: resolve(b.items) });
      return reply(Menu, list[i]!);
    }),
  ],

  /**
   * The orders API over one mutable order `store()`: the list (that order, tab counts from its statuses), its
   * detail, and a refund that applies `amount` to it (refunded, refundable, net payment, financial status) — the
   * server's shapes, parsed by the contracts.
   */
  orders: (store: () => OrderDetail) => [
    http.get('/api/orders', () => {
      const o = store();
      return reply(OrderListResponse, {
        orders: [o],
        total: 1,
        page: 1,
        limit: ORDERS_PAGE_SIZE,
        tabs: {
          all: 1,
          unfulfilled: o.fulfillmentStatus === 'fulfilled' ? 0 : 1,
          unpaid: 0,
          open: o.closedAt ? 0 : 1,
          closed: o.closedAt ? 1 : 0,
        },
      });
    }),
    // The export (declared before /:id): a two-line CSV of the order, whatever the filters (tests read the query).
    http.get('/api/orders/export', () => csv(`Name,Email,Total\n${store().orderName},${store().customer.email},${store().total}\n`)),
    http.get('/api/orders/:id', () => reply(OrderDetail, store())),
    http.post('/api/orders/:id/refunds', async ({ request }) => {
      const body = (await request.json()) as { amount: number; lineItems: { id: number; quantity: number }[] };
      const o = store();
      o.refunded = Math.round((o.refunded + body.amount) * 100) / 100;
      o.refundable = Math.round((o.total - o.refunded) * 100) / 100;
      o.netPayment = o.refundable;
      o.financialStatus = o.refundable === 0 ? 'refunded' : 'partially_refunded';
      for (const l of body.lineItems) {
        const line = o.lineItems.find((x) => x.id === l.id)!;
        line.refundedQuantity += l.quantity;
        line.refundableQuantity -= l.quantity;
      }
      o.timeline.unshift({
        id: String(o.timeline.length + 1),
        type: 'refunded',
        message: `Refunded $${body.amount.toFixed(2)} USD`,
        author: 'Olivia Owner',
        createdAt: new Date().toISOString(),
      });
      return reply(OrderDetail, o, { status: 201 });
    }),
  ],
  /**
   * The customers list over `store()` (every row, whatever the filters; the total is its length) and its CSV export
   * (a header and one line per row), as GET /api/customers and GET /api/customers/export answer.
   */
  customers: (store: () => CustomerRow[]) => [
    http.get('/api/customers', () => {
      const list = store();
      return reply(CustomerListResponse, { customers: list, total: list.length, page: 1, limit: CUSTOMERS_PAGE_SIZE });
    }),
    http.get('/api/customers/export', () =>
      csv(
        `First Name,Last Name,Email\n${store()
          .map((c) => `${c.firstName},${c.lastName},${c.email}`)
          .join('\n')}\n`,
      ),
    ),
  ],
  /**
   * The pages API over the mutable list `store()` (read and written at each request): list (title search, paging),
   * one page, create (handle from the title), update, delete — the server's answers' shapes, parsed by the contracts.
   */
  pages: (store: () => Page[]) => [
    http.get('/api/stores/onlinestore/pages/', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? PAGES_PAGE_SIZE);
      const search = (q.get('search') ?? '').toLowerCase();
      const hits = store().filter((p) => !search || p.title.toLowerCase().includes(search));
      return reply(PageListResponse, {
        pages: hits.slice((page - 1) * limit, page * limit).map(({ bodyHtml: _b, ...p }) => p),
        total: hits.length,
        page,
        limit,
      });
    }),
    http.get('/api/stores/onlinestore/pages/:id', ({ params }) => {
      const p = store().find((x) => x.id === params.id);
      return p ? reply(Page, p) : fail(404, 'NOT_FOUND', ['Page not found']);
    }),
    http.post('/api/stores/onlinestore/pages/', async ({ request }) => {
      const b = (await request.json()) as Partial<Page>;
      const handle = b.handle || (b.title ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-');
      if (store().some((p) => p.handle === handle))
        return fail(400, 'BAD_REQUEST', [`body.handle: '${handle}' is already used by another page`]);
      const now = new Date().toISOString();
      const page = Page.parse({
        seoTitle: '',
        seoDescription: '',
        bodyHtml: '',
        published: true,
        ...b,
        handle,
        id: crypto.randomUUID(),
        createdAt: now,
        updatedAt: now,
      });
      store().push(page);
      return reply(Page, page);
    }),
    http.put('/api/stores/onlinestore/pages/:id', async ({ params, request }) => {
      const list = store();
      const i = list.findIndex((x) => x.id === params.id);
      if (i === -1) return fail(404, 'NOT_FOUND', ['Page not found']);
      const b = (await request.json()) as Partial<Page>;
      list[i] = Page.parse({ ...list[i], ...b, handle: b.handle || list[i]!.handle, updatedAt: new Date().toISOString() });
      return reply(Page, list[i]!);
    }),
    http.delete('/api/stores/onlinestore/pages/:id', ({ params }) => {
      const list = store();
      const i = list.findIndex((x) => x.id === params.id);
      if (i === -1) return fail(404, 'NOT_FOUND', ['Page not found']);
      list.splice(i, 1);
      return reply(OkResponse, { ok: true, messages: ['Page deleted'] });
    }),
  ],

  /** `GET /api/stores/preference` → the page preference (fixtures.preference with `o`, or with what `o()` returns at each request). */
  preference: (o: Partial<PagePreference> | (() => Partial<PagePreference>) = {}) =>
    http.get('/api/stores/preference', () => reply(PagePreference, preference(typeof o === 'function' ? o() : o))),

  /**
   * The invited person's side (issue 14 item 5) over the mutable `state()`: `GET /api/users/invitations`, accept
   * (the invitation leaves the list and its shop joins `state().stores`, which `GET /api/stores` answers), decline;
   * an id not in the list answers 404 'Invitation not found', as the server does for someone else's.
   */
  myInvitations: (state: () => { invitations: MyInvitation[]; stores: StoreSummary[] }) => {
    const take = (id: unknown) => {
      const s = state();
      const i = s.invitations.findIndex((x) => x.id === id);
      return i === -1 ? null : s.invitations.splice(i, 1)[0]!;
    };
    return [
      http.get('/api/stores', () => reply(StoresResponse, { stores: state().stores })),
      http.get('/api/users/invitations', () => reply(MyInvitationsResponse, { invitations: state().invitations })),
      http.post('/api/users/invitations/:id/accept', ({ params }) => {
        const inv = take(params.id);
        if (!inv) return fail(404, 'NOT_FOUND', ['Invitation not found']);
        const handle = inv.storeDomain.split('.')[0]!;
        state().stores.push({
          id: inv.storeId,
          name: inv.storeName,
          handle,
          domain: inv.storeDomain,
          rDomain: inv.storeDomain,
          url: `http://${inv.storeDomain}:3000`,
          currency: 'USD',
        });
        return reply(AcceptInvitationResponse, { ok: true, storeId: inv.storeId, messages: [`You joined ${inv.storeName}`] });
      }),
      http.post('/api/users/invitations/:id/decline', ({ params }) => {
        const inv = take(params.id);
        if (!inv) return fail(404, 'NOT_FOUND', ['Invitation not found']);
        return reply(MessageResponse, { ok: true, messages: [`You declined the invitation to ${inv.storeName}`] });
      }),
    ];
  },

  /**
   * The Member screen's API over the mutable `state()`: the staff list with its pending invitations, the permission
   * catalogue, add staff (an e-mail of `state().accounts` gets an invitation, as the server does for an existing
   * account; another becomes a member), sign a member out of the shop (their sessions revoked) and cancel invitation.
   */
  staff: (
    state: () => {
      staffs: StaffMember[];
      invitations: StaffInvitation[];
      canManage: boolean;
      groups: AllPermissionResponse['groups'];
      accounts: string[];
    },
  ) => [
    http.get('/api/users/store-staffs', () => {
      const s = state();
      return reply(StaffListResponse, { staffs: s.staffs, invitations: s.canManage ? s.invitations : [], canManage: s.canManage });
    }),
    http.get('/api/auth/all-permission', () => reply(AllPermissionResponse, { groups: state().groups })),
    http.post('/api/users/add-store-staff', async ({ request }) => {
      const b = (await request.json()) as {
        email: string;
        firstName: string;
        lastName: string;
        scopes: StaffMember['scopes'];
        isStoreAdmin?: boolean;
      };
      const s = state();
      const now = new Date();
      if (s.accounts.includes(b.email)) {
        const invitation: StaffInvitation = {
          id: crypto.randomUUID(),
          email: b.email,
          firstName: b.firstName,
          lastName: b.lastName,
          isStoreAdmin: !!b.isStoreAdmin,
          scopes: b.scopes,
          invitedAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
        };
        s.invitations.unshift(invitation);
        return reply(AddStaffResponse, {
          invitation,
          created: false,
          invited: true,
          messages: [`${b.email} was invited to join Demo Fashion: they become a member when they accept.`],
        });
      }
      const staff: StaffMember = {
        id: crypto.randomUUID(),
        email: b.email,
        firstName: b.firstName,
        lastName: b.lastName,
        profilePicture: null,
        isStoreOwner: false,
        isStoreAdmin: !!b.isStoreAdmin,
        scopes: b.scopes,
        lastSignInAt: null,
        activeSessions: 0,
        addedAt: now.toISOString(),
      };
      s.staffs.push(staff);
      return reply(AddStaffResponse, {
        staff,
        created: true,
        invited: true,
        messages: [`${b.email} was invited: they will receive an e-mail to choose a password.`],
      });
    }),
    http.delete('/api/users/logout-staff-account/:id', ({ params }) => {
      const m = state().staffs.find((x) => x.id === params.id);
      if (!m) return fail(404, 'NOT_FOUND', ['Staff not found']);
      const revoked = m.activeSessions;
      m.activeSessions = 0;
      return reply(RevokeResponse, {
        ok: true,
        revoked,
        messages: [`Signed out of this shop (${revoked} session${revoked === 1 ? '' : 's'})`],
      });
    }),
    http.delete('/api/users/store-invitations/:id', ({ params }) => {
      const s = state();
      const i = s.invitations.findIndex((x) => x.id === params.id);
      if (i === -1) return fail(404, 'NOT_FOUND', ['Invitation not found']);
      s.invitations.splice(i, 1);
      return reply(MessageResponse, { ok: true, messages: ['The invitation was cancelled'] });
    }),
  ],

  /** `GET /api/stores` → the user's shops. */
  stores: (stores: StoreSummary[] = []) => http.get('/api/stores', () => reply(StoresResponse, { stores })),

  /**
   * `GET /api/products?page&limit&search` over `catalog()` (read at each request): title search (case-insensitive),
   * then the page of `limit` rows, as the server pages.
   */
  products: (catalog: () => ProductSummary[]) =>
    http.get('/api/products', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? PRODUCTS_PAGE_SIZE);
      const search = (q.get('search') ?? '').toLowerCase();
      const hits = catalog().filter((p) => !search || p.title.toLowerCase().includes(search));
      return reply(ProductListResponse, { products: hits.slice((page - 1) * limit, page * limit), total: hits.length, page, limit });
    }),

  /**
   * The personalisation API over the mutable lists `state().personalizes` and `state().fonts` (read and written at
   * each request): list (search in the name, paging), one, create (one per product, as the server refuses a second),
   * update, delete; fonts list, upload (a file not starting with a TrueType signature `true` is refused with the
   * server's message) and delete.
   * `products()` supplies the product titles and pictures a saved personalisation answers.
   */
  personalizes: (state: () => { personalizes: Personalize[]; fonts: PersonalizeFont[]; products: ProductSummary[] }) => {
    const build = (b: PersonalizeBody, id: string, createdAt: string): Personalize => {
      const prod = state().products.find((p) => p.id === b.productId);
      const used = new Set(b.fields.flatMap((f) => (f.type === 'text' && f.fontId ? [f.fontId] : [])));
      return Personalize.parse({
        ...b,
        id,
        product: { title: prod?.title ?? '', handle: prod?.handle ?? '', imageSrc: prod?.image?.src ?? null },
        fonts: state().fonts.filter((f) => used.has(f.id)),
        createdAt,
        updatedAt: new Date().toISOString(),
      });
    };
    return [
      http.get('/api/personalizes/', ({ request }) => {
        const q = new URL(request.url).searchParams;
        const page = Number(q.get('page') ?? 1);
        const limit = Number(q.get('limit') ?? 20);
        const search = (q.get('search') ?? '').toLowerCase();
        const hits = state().personalizes.filter((p) => !search || `${p.name} ${p.product.title}`.toLowerCase().includes(search));
        return reply(PersonalizeListResponse, {
          personalizes: hits.slice((page - 1) * limit, page * limit),
          total: hits.length,
          page,
          limit,
        });
      }),
      http.get('/api/personalizes/font', () => reply(PersonalizeFontsResponse, { fonts: state().fonts })),
      http.post('/api/personalizes/font', async () => {
        // The multipart body as the app built it (jsdom's FormData does not survive MSW's request conversion).
        const fd = calls()
          .filter((c) => c.init?.method === 'POST' && c.url.startsWith('/api/personalizes/font'))
          .at(-1)!.init!.body as FormData;
        const file = fd.get('file') as File;
        if (!(await file.text()).startsWith('true')) return fail(400, 'BAD_REQUEST', ['file: is not a font (TTF, OTF, WOFF or WOFF2)']);
        const font = PersonalizeFont.parse({
          id: crypto.randomUUID(),
          name: String(fd.get('name') ?? '') || 'Rancho',
          family: 'Rancho',
          fontUrl: `/uploads/s/fonts/${file.name}`,
          format: 'ttf',
          bytes: file.size,
          createdAt: new Date().toISOString(),
        });
        state().fonts.unshift(font);
        return reply(PersonalizeFont, font);
      }),
      http.delete('/api/personalizes/font/:id', ({ params }) => {
        const list = state().fonts;
        const i = list.findIndex((f) => f.id === params.id);
        if (i === -1) return fail(404, 'NOT_FOUND', ['Font not found']);
        list.splice(i, 1);
        return reply(OkResponse, { ok: true, messages: ['Font deleted'] });
      }),
      http.get('/api/personalizes/:id', ({ params }) => {
        const p = state().personalizes.find((x) => x.id === params.id);
        return p ? reply(Personalize, p) : fail(404, 'NOT_FOUND', ['Personalization not found']);
      }),
      http.post('/api/personalizes', async ({ request }) => {
        const b = (await request.json()) as PersonalizeBody;
        if (state().personalizes.some((p) => p.productId === b.productId))
          return fail(400, 'BAD_REQUEST', ['body.productId: this product already has a personalization']);
        const p = build(b, crypto.randomUUID(), new Date().toISOString());
        state().personalizes.unshift(p);
        return reply(Personalize, p);
      }),
      http.put('/api/personalizes/:id', async ({ params, request }) => {
        const list = state().personalizes;
        const i = list.findIndex((x) => x.id === params.id);
        if (i === -1) return fail(404, 'NOT_FOUND', ['Personalization not found']);
        list[i] = build((await request.json()) as PersonalizeBody, list[i]!.id, list[i]!.createdAt);
        return reply(Personalize, list[i]!);
      }),
      http.delete('/api/personalizes/:id', ({ params }) => {
        const list = state().personalizes;
        const i = list.findIndex((x) => x.id === params.id);
        if (i === -1) return fail(404, 'NOT_FOUND', ['Personalization not found']);
        list.splice(i, 1);
        return reply(OkResponse, { ok: true, messages: ['Personalization deleted'] });
      }),
    ];
  },

  /** The home figures (§1, §7): today's sales (major units) and orders, open orders, catalog size and the homeHtml block. */
  home: (f: {
    totalSales: number;
    totalOrders: number;
    openOrders: number;
    products: { count: number; variants: number; collections: number };
    homeHtml: string;
  }) => [
    http.get('/api/reports/total-sales', () => reply(TotalSalesResponse, { total_sales: f.totalSales })),
    http.get('/api/reports/total-orders', () => reply(TotalOrdersResponse, { total_orders: f.totalOrders })),
    http.get('/api/orders/count', () => reply(CountResponse, { count: f.openOrders })),
    http.get('/api/products/count', () => reply(ProductsCountResponse, f.products)),
    http.get('/api/helpbase/public/customHTML', () => reply(CustomHtmlResponse, { homeHtml: f.homeHtml })),
  ],

  /**
   * The discounts API over `store()` (issue 12 item 6): the list of one method with a code/title search, one
   * discount, lookups (none), and POST creating a discount from the body (parsed by the contract's DiscountInput;
   * a code already in the store answers the server's 400 message).
   */
  discounts: (store: () => Discount[]) => [
    http.get('/api/discounts/lookups', () => reply(CatalogLookupResponse, { items: [] })),
    http.get('/api/discounts/:id', ({ params }) => {
      const d = store().find((x) => x.id === params.id);
      return d ? reply(Discount, d) : fail(404, 'NOT_FOUND', ['Discount not found']);
    }),
    http.get('/api/discounts', ({ request }) => {
      const q = new URL(request.url).searchParams;
      const search = (q.get('search') ?? '').toLowerCase();
      const hits = store().filter(
        (d) => d.method === q.get('method') && (!search || d.code.toLowerCase().includes(search) || d.title.toLowerCase().includes(search)),
      );
      return reply(DiscountListResponse, {
        discounts: hits,
        total: hits.length,
        page: 1,
        limit: Number(q.get('limit') ?? DISCOUNTS_PAGE_SIZE),
      });
    }),
    http.post('/api/discounts', async ({ request }) => {
      const body = DiscountInput.parse(await request.json());
      if (body.method === 'code' && store().some((d) => d.code.toLowerCase() === body.code.toLowerCase())) {
        return fail(400, 'BAD_REQUEST', ['code: is already used by another discount']);
      }
      const d: Discount = {
        ...body,
        id: crypto.randomUUID(),
        title: body.title || body.code,
        usageCount: 0,
        status: 'active',
        currency: 'USD',
        createdAt: '2026-06-01T00:00:00.000Z',
        updatedAt: '2026-06-01T00:00:00.000Z',
      };
      store().push(d);
      return reply(Discount, d, { status: 201 });
    }),
  ],

  /** `GET /api/checkouts/abandoned` over `list()` (issue 12 item 5), searched by e-mail. */
  abandoned: (list: () => AbandonedCheckout[]) =>
    http.get('/api/checkouts/abandoned', ({ request }) => {
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      const hits = list().filter((c) => !search || c.email.includes(search));
      return reply(AbandonedCheckoutsResponse, { checkouts: hits, total: hits.length, page: 1, limit: ABANDONED_PAGE_SIZE });
    }),
};
