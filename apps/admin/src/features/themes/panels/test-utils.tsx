import '../../../test/setup-dom';
import {
  LookupCollectionsResponse,
  LookupMenusResponse,
  LookupPagesResponse,
  LookupProductsResponse,
  NOT_AN_IMAGE_MESSAGE,
  UPLOADS_PAGE_SIZE,
  UploadedImage,
  UploadListResponse,
} from '@backroom/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { type ReactElement, useState } from 'react';
import { expect } from 'vitest';
import { calls, fail, reply, server } from '../../../test/msw';
import { theme } from '../../../theme';
import type { PanelChange } from './context';

// jsdom has no FontFaceSet; Mantine's autosize textarea listens to it.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

/** Test-only: sets `value` at `path` in `obj`, copying each object/array along the path (as the editor shell does). */
export function setIn(obj: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const base = (obj ?? (typeof head === 'number' ? [] : {})) as Record<string | number, unknown>;
  const copy = (Array.isArray(base) ? [...base] : { ...base }) as Record<string | number, unknown>;
  copy[head] = setIn(base[head], rest, value);
  return copy;
}

/**
 * Renders a panel fed by a state holder that applies each reported change immutably, the way the editor shell does.
 * `changes` records every `onChange(path, value)`; `current()` is the latest value.
 */
interface HolderProps<V> {
  initial: V;
  panel: (value: V, onChange: PanelChange) => ReactElement;
  onValue: (v: V) => void;
  onChangeSeen: (path: (string | number)[], value: unknown) => void;
}

function Holder<V>({ initial, panel, onValue, onChangeSeen }: HolderProps<V>) {
  const [value, setValue] = useState(initial);
  onValue(value);
  const onChange: PanelChange = (path, v) => {
    onChangeSeen(path, v);
    setValue((prev) => {
      const next = setIn(prev, path, v) as V;
      onValue(next);
      return next;
    });
  };
  return panel(value, onChange);
}

/**
 * Renders a panel fed by a state holder that applies each reported change immutably, the way the editor shell does.
 * `changes` records every `onChange(path, value)`; `current()` is the latest value.
 */
export function renderControlled<V>(initial: V, panel: (value: V, onChange: PanelChange) => ReactElement) {
  const changes: { path: (string | number)[]; value: unknown }[] = [];
  let latest = initial;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Holder
          initial={initial}
          panel={panel}
          onValue={(v) => {
            latest = v;
          }}
          onChangeSeen={(path, value) => changes.push({ path, value })}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { view, changes, current: () => latest, queryClient };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Lookup fixtures, each parsed with its contract schema (a contract change breaks the tests). */
export const FIXTURES = {
  collections: LookupCollectionsResponse.parse({
    collections: [
      { title: 'Summer Dresses', handle: 'summer-dresses', image: { src: '/uploads/summer.jpg' } },
      { title: 'Sneakers', handle: 'sneakers', image: { src: '/uploads/sneakers.jpg' } },
      { title: 'Bags', handle: 'bags', image: { src: '' } },
    ],
    total: 3,
  }),
  products: LookupProductsResponse.parse({
    products: [
      { title: 'Linen Dress', _id: uuid(1), handle: 'linen-dress', image: null },
      { title: 'Silk Dress', _id: uuid(2), handle: 'silk-dress', image: { src: '/uploads/silk.jpg' } },
    ],
    total: 2,
  }),
  pages: LookupPagesResponse.parse({
    pages: [
      { title: 'Shipping policy', handle: 'shipping-policy', published: true },
      { title: 'Returns', handle: 'returns', published: true },
    ],
  }),
  menus: LookupMenusResponse.parse({
    menus: [
      { id: uuid(10), title: 'Main menu', handle: 'main-menu', items: [{ title: 'Home', url: '/' }] },
      { id: uuid(11), title: 'Footer', handle: 'footer', items: [] },
    ],
  }),
};
export const PRODUCT_IDS = { linen: uuid(1), silk: uuid(2) };

/** An uploaded image as `GET /api/uploads` lists it (contracts UploadedImage), at `src`. */
export function uploadedImage(src: string): UploadedImage {
  return UploadedImage.parse({
    id: crypto.randomUUID(),
    src,
    width: 1920,
    height: 1080,
    srcset: `${src} 1920w`,
    sizes: [{ src, width: 1920 }],
    bytes: 1000,
    contentType: 'image/webp',
    createdAt: '2026-01-01T00:00:00.000Z',
  });
}

/**
 * Answers the editor lookups over the fixtures through MSW (test/msw.ts; search filters titles and handles,
 * `collection` keeps the products for `summer-dresses`) and the uploads: the list of `uploads`, and an upload that
 * answers the image at `/uploads/{file name}` — or, for a file that is not an image or is named `*.fake.png` (text
 * dressed as an image; the server judges by content), the server's 400. Every answer is parsed by its contract.
 */
export function serveLookups(uploads: string[] = []) {
  const search = (request: Request) => (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
  server.use(
    http.get('/api/themes/lookups/collections', ({ request }) => {
      const q = search(request);
      const list = FIXTURES.collections.collections.filter((c) => !q || c.title.toLowerCase().includes(q) || c.handle.includes(q));
      return reply(LookupCollectionsResponse, { collections: list, total: list.length });
    }),
    http.get('/api/themes/lookups/products', ({ request }) => {
      const q = search(request);
      const col = new URL(request.url).searchParams.get('collection');
      const list = FIXTURES.products.products.filter(
        (p) => (!col || col === 'summer-dresses') && (!q || p.title.toLowerCase().includes(q)),
      );
      return reply(LookupProductsResponse, { products: list, total: list.length });
    }),
    http.get('/api/themes/lookups/pages', () => reply(LookupPagesResponse, FIXTURES.pages)),
    http.get('/api/themes/lookups/menus', () => reply(LookupMenusResponse, FIXTURES.menus)),
    http.get('/api/uploads', () =>
      reply(UploadListResponse, { uploads: uploads.map(uploadedImage), total: uploads.length, page: 1, limit: UPLOADS_PAGE_SIZE }),
    ),
    http.post('/api/uploads', () => {
      // The file as the app sent it: jsdom's File loses its name on the way through Node's fetch ('blob').
      const sent = calls().findLast((c) => c.url === '/api/uploads' && c.init?.method === 'POST');
      const file = (sent!.init!.body as FormData).get('file') as File;
      if (!file.type.startsWith('image/') || file.name.endsWith('.fake.png')) return fail(400, 'BAD_REQUEST', [NOT_AN_IMAGE_MESSAGE]);
      return reply(UploadedImage, uploadedImage(`/uploads/${file.name}`));
    }),
  );
}

/** Opens a Mantine select (focus + click, as a user does) and returns its listbox. */
export async function openSelect(input: HTMLElement): Promise<HTMLElement> {
  input.focus();
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const id = input.getAttribute('aria-controls') as string;
  return waitFor(() => {
    const box = document.getElementById(id);
    if (!box) throw new Error(`listbox ${id} not shown`);
    return box;
  });
}

/** Chooses the option named `name` of a Mantine select. */
export async function pick(input: HTMLElement, name: string): Promise<void> {
  const box = await openSelect(input);
  fireEvent.click(await within(box).findByRole('option', { name }));
}

/** Types into a focused input (Mantine comboboxes ignore changes to an unfocused input). */
export function typeInto(input: HTMLElement, value: string): void {
  input.focus();
  fireEvent.change(input, { target: { value } });
}
