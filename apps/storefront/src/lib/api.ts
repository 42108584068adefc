import type {
  PersonalizePhoto,
  PostPurchaseBody,
  StorefrontCartQuote,
  StorefrontCartQuoteBody,
  StorefrontCheckoutBody,
  StorefrontCheckoutDraft,
  StorefrontCheckoutDraftBody,
  StorefrontCollection,
  StorefrontCollectionsResponse,
  StorefrontFiltersResponse,
  StorefrontOfferEventsBody,
  StorefrontOffersResponse,
  StorefrontOrder,
  StorefrontPage,
  StorefrontPersonalize,
  StorefrontProduct,
  StorefrontProductsResponse,
  StorefrontRecoveredCheckout,
  StorefrontReviewBody,
  StorefrontReviewsResponse,
  StorefrontSizeChartResponse,
  StorefrontWidgetsResponse,
} from '@backroom/contracts';

/** An API error with the server's `{statusCode, code, messages}` body (admin-dashboard §8 shape). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join('; ') || `HTTP ${status}`);
  }
}

/**
 * A server message as the shopper reads it: the field path the API puts first (`lines.0.quantity: `,
 * `discountCode: `) is dropped and the rest starts with a capital — "lines.0.quantity: only 0 left of Silk Scarf"
 * → "Only 0 left of Silk Scarf" (the out-of-stock refusal of POST /api/storefront/checkout, issue 12).
 */
export function shopperMessage(message: string): string {
  const text = message.replace(/^[A-Za-z][\w.]*: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How the API is reached: the browser's `fetch` (same origin); the server renderer installs its own (issue 16 item 1). */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

/**
 * Replaces how `/api/storefront/…` is fetched: called once by the server renderer (entry-server.tsx), whose
 * transport answers from the server process itself for the shop of the request being rendered.
 */
export function setApiTransport(fn: (url: string, init: RequestInit) => Promise<Response>): void {
  transport = fn;
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const json = typeof init?.body === 'string';
  const res = await transport(`/api/storefront${path}`, {
    ...init,
    headers: { accept: 'application/json', ...(json ? { 'content-type': 'application/json' } : {}), ...init?.headers },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { messages?: string[] } | null;
    throw new ApiError(res.status, body?.messages ?? []);
  }
  return (await res.json()) as T;
}

const qs = (o: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** The shop's public API (`/api/storefront/…`, same origin). Money in cents. */
export const api = {
  /** Published products as cards: of a collection handle, a title search, sorted, 1-based page. */
  /** `filters`: the shopper's filter parameters (option=Size:M …, see GET /api/storefront/filters), already encoded. */
  products: (q: { collection?: string; search?: string; sort?: string; page?: number; limit?: number; filters?: string }) => {
    const { filters, ...rest } = q;
    const base = qs(rest);
    return call<StorefrontProductsResponse>(`/products${filters ? `${base ? `${base}&` : '?'}${filters}` : base}`);
  },
  /** The collection page's filters with their values and counts (issue 13 item 6). */
  filters: (collection: string) => call<StorefrontFiltersResponse>(`/filters${qs({ collection })}`),
  /** Published reviews of a product, their count and average (issue 13 item 8). */
  reviews: (handle: string, page = 1) => call<StorefrontReviewsResponse>(`/products/${encodeURIComponent(handle)}/reviews${qs({ page })}`),
  /** A shopper's review, held for moderation (rate limited by the server). */
  submitReview: (handle: string, body: StorefrontReviewBody) =>
    call<{ status: 'pending'; message: string }>(`/products/${encodeURIComponent(handle)}/reviews`, {
      method: 'POST',
      body: JSON.stringify(body),
    }),
  /** The size chart shown on a product page, or null (issue 13 item 7). */
  sizeChart: (handle: string) => call<StorefrontSizeChartResponse>(`/products/${encodeURIComponent(handle)}/size-chart`),
  product: (handle: string) => call<StorefrontProduct>(`/products/${encodeURIComponent(handle)}`),
  collections: (q: { search?: string; page?: number; limit?: number } = {}) => call<StorefrontCollectionsResponse>(`/collections${qs(q)}`),
  collection: (handle: string) => call<StorefrontCollection>(`/collections/${encodeURIComponent(handle)}`),
  page: (handle: string) => call<StorefrontPage>(`/pages/${encodeURIComponent(handle)}`),
  checkout: (body: StorefrontCheckoutBody) => call<StorefrontOrder>('/checkout', { method: 'POST', body: JSON.stringify(body) }),
  /** The cart priced by the server with the code and the automatic discounts (issue 12 item 6). */
  quote: (body: StorefrontCartQuoteBody) => call<StorefrontCartQuote>('/cart/quote', { method: 'POST', body: JSON.stringify(body) }),
  /** Records (or with its token updates) the checkout being filled in, once an e-mail is entered (issue 12 item 5). */
  saveCheckout: (body: StorefrontCheckoutDraftBody) =>
    call<StorefrontCheckoutDraft>('/checkouts', { method: 'POST', body: JSON.stringify(body) }),
  /** The cart of a checkout by its token: the recovery link (issue 12 item 5). */
  recoverCheckout: (token: string) => call<StorefrontRecoveredCheckout>(`/checkouts/${encodeURIComponent(token)}`),
  /** A product's personalisation (its fields and the shop fonts they use), or null (issue 11 item 4). */
  personalize: (productId: string) => call<StorefrontPersonalize>(`/personalizes/${encodeURIComponent(productId)}`),
  /** Uploads a shopper's photo for a photo field (multipart `file`; the server checks it is an image of at most 5 MB). */
  uploadPhoto: (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return call<PersonalizePhoto>('/personalizes/photos', { method: 'POST', body });
  },
  order: (id: string, token: string) => call<StorefrontOrder>(`/orders/${encodeURIComponent(id)}${qs({ token })}`),
  /** Boost UpSell offers for products (page, order) or the cart's variants, of one type (issue 18 item 1). */
  offers: (q: { productIds?: string; variantIds?: string; type: string }) => call<StorefrontOffersResponse>(`/upsell/offers${qs(q)}`),
  /** Counts offers the shopper saw or added (issue 18 item 1); never fails the page. */
  offerEvents: (events: StorefrontOfferEventsBody['events']) =>
    call<{ ok: true }>('/upsell/events', { method: 'POST', body: JSON.stringify({ events }) }),
  /** Takes a post-purchase offer into the paid order (issue 18 item 1): answers the order with its new line. */
  postPurchase: (orderId: string, body: PostPurchaseBody) =>
    call<StorefrontOrder>(`/orders/${encodeURIComponent(orderId)}/post-purchase`, { method: 'POST', body: JSON.stringify(body) }),
  /** The product widgets of a placement for this page (issue 18 item 2): product handle, cart and viewed handles comma-separated. */
  widgets: (q: { placement: string; product?: string; cart?: string; viewed?: string }) =>
    call<StorefrontWidgetsResponse>(`/widgets${qs(q)}`),
};
