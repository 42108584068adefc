import type {
  StorefrontCheckoutBody,
  StorefrontCollection,
  StorefrontCollectionsResponse,
  StorefrontOrder,
  StorefrontPage,
  StorefrontProduct,
  StorefrontProductsResponse,
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

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`/api/storefront${path}`, {
    ...init,
    headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}), ...init?.headers },
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
  products: (q: { collection?: string; search?: string; sort?: string; page?: number; limit?: number }) =>
    call<StorefrontProductsResponse>(`/products${qs(q)}`),
  product: (handle: string) => call<StorefrontProduct>(`/products/${encodeURIComponent(handle)}`),
  collections: (q: { search?: string; page?: number; limit?: number } = {}) => call<StorefrontCollectionsResponse>(`/collections${qs(q)}`),
  collection: (handle: string) => call<StorefrontCollection>(`/collections/${encodeURIComponent(handle)}`),
  page: (handle: string) => call<StorefrontPage>(`/pages/${encodeURIComponent(handle)}`),
  checkout: (body: StorefrontCheckoutBody) => call<StorefrontOrder>('/checkout', { method: 'POST', body: JSON.stringify(body) }),
  order: (id: string, token: string) => call<StorefrontOrder>(`/orders/${encodeURIComponent(id)}${qs({ token })}`),
};
