import '../../test/setup-dom';
import { CatalogLookupResponse, Widget, WidgetList } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';
import { chooseOption } from '../../test/select';

const owner = user({ scopes: ['apps'] });
let widgets: Widget[] = [];
let posted: Record<string, unknown> | null = null;
let lookups: string[] = [];
const HOODIE = '00000000-0000-4000-8000-0000000000a1';

beforeEach(() => {
  signInToDemoStore();
  widgets = [];
  posted = null;
  lookups = [];
  server.use(
    http.get('/api/widgets/lookups', ({ request }) => {
      const q = new URL(request.url).searchParams;
      lookups.push(`${q.get('kind')}:${q.get('search')}`);
      const items = 'heavyweight hoodie'.includes(String(q.get('search')).toLowerCase())
        ? [{ id: HOODIE, title: 'Heavyweight Hoodie', imageSrc: null }]
        : [];
      return reply(CatalogLookupResponse, { items });
    }),
    handlers.preference(),
    handlers.stores(),
    http.get('/api/widgets', () => reply(WidgetList, { widgets })),
    http.post('/api/widgets', async ({ request }) => {
      posted = (await request.json()) as Record<string, unknown>;
      const w: Widget = {
        id: '00000000-0000-4000-8000-0000000000c1',
        kind: posted.kind as Widget['kind'],
        placement: posted.placement as Widget['placement'],
        title: String(posted.title),
        limit: Number(posted.limit),
        layout: 'grid',
        days: Number(posted.days),
        active: true,
        productIds: (posted.productIds as string[] | undefined) ?? [],
        products: [],
        createdAt: '2026-01-03T00:00:00.000Z',
        updatedAt: '2026-01-03T00:00:00.000Z',
      };
      widgets = [...widgets, w];
      return reply(Widget, w, { status: 201 });
    }),
  );
});
afterEach(cleanup);

describe('Product Widget (website.apps.widgets.list, issue 18 item 2)', () => {
  it('starts empty, refuses a bad count with the contract’s message, then adds a best sellers widget', async () => {
    renderApp('/admin/apps/widgets', fakeSession(owner));
    expect(await screen.findByText('Add your first widget', undefined, SCREEN_LOAD)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }));
    const form = await screen.findByRole('form', { name: 'Add widget' });
    fireEvent.change(within(form).getByLabelText('Products shown'), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save widget' }));
    expect(await within(form).findByText('limit must be a whole number from 1 to 24')).toBeTruthy();
    expect(posted).toBeNull();
    fireEvent.change(within(form).getByLabelText('Products shown'), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save widget' }));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted).toEqual({
      kind: 'best_sellers',
      placement: 'product_below_description',
      title: 'Best sellers',
      limit: 4,
      layout: 'grid',
      days: 30,
      active: true,
    });
    const table = await screen.findByRole('table', { name: 'Widgets' });
    expect(within(table).getByText('Product page, below the description')).toBeTruthy();
    expect(within(table).getByText('Orders of the last 30 days')).toBeTruthy();
  });

  it('shows the apps mini navigation, not the sidebar’s Apps group', async () => {
    renderApp('/admin/apps/widgets', fakeSession({ ...owner, isProviderStaff: true }));
    const mini = await screen.findByRole('navigation', { name: 'Apps' }, SCREEN_LOAD);
    expect(within(mini).getByRole('tab', { name: 'Product Widget', selected: true })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' }).textContent).not.toContain('All apps');
  });

  it('a member with only the apps scope picks a handpicked product through the widgets lookup', async () => {
    renderApp('/admin/apps/widgets', fakeSession(owner));
    await screen.findByText('Add your first widget', undefined, SCREEN_LOAD);
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }));
    const form = await screen.findByRole('form', { name: 'Add widget' });
    await chooseOption(within(form).getByRole('combobox', { name: /^Shows/ }), 'Handpicked products');
    const picker = await within(form).findByRole('combobox', { name: /^Products/ });
    await chooseOption(picker, 'Heavyweight Hoodie', { search: 'hood' });
    expect(lookups).toContain('products:hood');
    fireEvent.click(within(form).getByRole('button', { name: 'Save widget' }));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted).toMatchObject({ kind: 'handpicked', productIds: [HOODIE] });
  });
});
