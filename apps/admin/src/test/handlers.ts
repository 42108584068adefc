import {
  CountResponse,
  CustomHtmlResponse,
  PagePreference,
  ProductListResponse,
  type ProductSummary,
  ProductsCountResponse,
  type StoreSummary,
  StoresResponse,
  TotalOrdersResponse,
  TotalSalesResponse,
} from '@backroom/contracts';
import { http } from 'msw';
import { preference } from './fixtures';
import { reply } from './msw';

/**
 * Request handlers of the admin API shared by the component tests (test/msw.ts explains the set-up). Each answers
 * with a body parsed by its contract schema. Install them per test: `server.use(handlers.preference(), …)`;
 * a screen's own test adds handlers for its calls the same way.
 */
export const handlers = {
  /** `GET /api/stores/preference` → the page preference (fixtures.preference with `o`, or with what `o()` returns at each request). */
  preference: (o: Partial<PagePreference> | (() => Partial<PagePreference>) = {}) =>
    http.get('/api/stores/preference', () => reply(PagePreference, preference(typeof o === 'function' ? o() : o))),

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
      const limit = Number(q.get('limit') ?? 20);
      const search = (q.get('search') ?? '').toLowerCase();
      const hits = catalog().filter((p) => !search || p.title.toLowerCase().includes(search));
      return reply(ProductListResponse, { products: hits.slice((page - 1) * limit, page * limit), total: hits.length, page, limit });
    }),

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
};
