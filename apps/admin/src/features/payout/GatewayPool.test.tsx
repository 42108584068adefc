import '../../test/setup-dom';
import {
  Balance,
  GatewayGroup,
  GroupList,
  PayoutCardList,
  PayoutConfigAnswer,
  PayoutRequest,
  PayoutRequestList,
  PoolStoreList,
  ProxyList,
} from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORE_ID, signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

/**
 * The provider staff's gateway pool on the payout screen (issue 10 item 3; spec §7 "Proxies and gateway groups", §9
 * page size 10): a group's gateways are edited with list-proxies-groups / remain-group-proxies / POST group/{id},
 * and a payout is rejected through a dialog with a required reason (item 4).
 */

const staff = user({ email: 'ops@backroom.dev', isProviderStaff: true, scopes: ['homes', 'settings'] });
const gw = (i: number) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  provider: 'stripe' as const,
  displayName: `Gateway ${String(i).padStart(2, '0')}`,
  accountId: `acct_${i}`,
  status: 'active' as const,
  groups: [],
  via: null,
});
const pool = Array.from({ length: 14 }, (_, i) => gw(i + 1));
const group = GatewayGroup.parse({ id: '10000000-0000-4000-8000-000000000001', name: 'Europe', proxyCount: 12, storeCount: 1 });
/** Members of Europe: gateways 1–12 (two pages of 10); 13 and 14 are the rest of the pool. */
let members = pool.slice(0, 12).map((p) => p.id);
const page = (list: typeof pool, url: URL) => {
  const p = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  return reply(ProxyList, { proxies: list.slice((p - 1) * limit, p * limit), total: list.length, page: p, limit });
};
const request = PayoutRequest.parse({
  id: crypto.randomUUID(),
  storeId: STORE_ID,
  amount: 50,
  currency: 'USD',
  status: 'pending',
  method: 'bank',
  destination: 'Bank account DE89 **** 3000',
  reason: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
});

beforeEach(() => {
  signInToDemoStore();
  members = pool.slice(0, 12).map((p) => p.id);
  const empty = { proxies: [], total: 0, page: 1, limit: 10 };
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/stores/subscription', () => fail(404, 'NOT_FOUND')),
    http.get('/api/stores/payout/v2/balance', () =>
      reply(Balance, { availableToPayout: 10, unsettled: 0, pendingPayouts: 50, paidPayouts: 0, currency: 'USD' }),
    ),
    http.get('/api/stores/payout/card/', () => reply(PayoutCardList, { cards: [] })),
    http.get('/api/stores/payout/config', () => reply(PayoutConfigAnswer, { config: null })),
    http.get('/api/stores/payout/request-payouts', () => reply(PayoutRequestList, { requests: [request], total: 1, page: 1, limit: 10 })),
    http.get('/api/stores/payout/proxy/store-proxies', () => reply(ProxyList, empty)),
    http.get('/api/stores/payout/proxy/get-store-proxies', () => reply(ProxyList, empty)),
    http.get('/api/stores/payout/proxy/stores', () =>
      reply(PoolStoreList, { stores: [{ id: STORE_ID, name: 'Demo Store', handle: 'demo', proxyCount: 0 }] }),
    ),
    http.get('/api/stores/payout/proxy/remain-proxies', () => reply(ProxyList, empty)),
    http.get('/api/stores/payout/proxy/store-groups', () => reply(GroupList, { groups: [], total: 0, page: 1, limit: 1 })),
    http.get('/api/stores/payout/proxy/list-groups', () =>
      reply(GroupList, { groups: [{ ...group, proxyCount: members.length }], total: 1, page: 1, limit: 10 }),
    ),
    http.get('/api/stores/payout/proxy/list-proxies-groups', ({ request: r }) => {
      const url = new URL(r.url);
      return page(
        pool.filter((p) => url.searchParams.get('groupId') !== group.id || members.includes(p.id)),
        url,
      );
    }),
    http.get('/api/stores/payout/proxy/remain-group-proxies', ({ request: r }) =>
      page(
        pool.filter((p) => !members.includes(p.id)),
        new URL(r.url),
      ),
    ),
    http.post('/api/stores/payout/proxy/group/:id', async ({ request: r }) => {
      const body = (await r.json()) as { name: string; proxyIds: string[] };
      members = body.proxyIds;
      return reply(GatewayGroup, { ...group, name: body.name, proxyCount: members.length });
    }),
    http.patch('/api/stores/payout/request-payouts/:id', async ({ request: r }) => {
      const body = (await r.json()) as { status: 'rejected'; reason: string };
      return reply(PayoutRequest, { ...request, ...body });
    }),
  );
});
afterEach(cleanup);

const groupPosts = () => calls().filter((c) => c.url.startsWith(`/api/stores/payout/proxy/group/${group.id}`));

describe('gateway groups (provider staff)', () => {
  it("lists a group's gateways and the rest in pages of 10, and adds and removes one with POST group/{id} (whole list)", async () => {
    renderApp('/admin/settings/payout', fakeSession(staff));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Europe' }, SCREEN_LOAD));
    const inGroup = await screen.findByRole('table', { name: 'Gateways in Europe' });
    await waitFor(() => expect(within(inGroup).getAllByRole('button', { name: /^Remove / })).toHaveLength(10));
    expect(calls().some((c) => c.url === `/api/stores/payout/proxy/list-proxies-groups?groupId=${group.id}&page=1&limit=10`)).toBe(true);
    const rest = await screen.findByRole('table', { name: 'Gateways not in Europe' });
    await waitFor(() => expect(within(rest).getAllByRole('button', { name: /^Add / })).toHaveLength(2));

    fireEvent.click(within(rest).getByRole('button', { name: 'Add Gateway 13' }));
    expect(await screen.findByText('Gateway 13 added to group Europe')).toBeTruthy();
    // Members on page 2 are kept: the editor reads every page before saving.
    expect(JSON.parse(String(groupPosts()[0]?.init?.body))).toEqual({
      name: 'Europe',
      proxyIds: [...pool.slice(0, 12), pool[12]!].map((p) => p.id),
    });

    fireEvent.click(within(screen.getByRole('table', { name: 'Gateways in Europe' })).getByRole('button', { name: 'Remove Gateway 01' }));
    expect(await screen.findByText('Gateway 01 removed from group Europe')).toBeTruthy();
    expect(JSON.parse(String(groupPosts()[1]?.init?.body)).proxyIds).toEqual([...pool.slice(1, 12), pool[12]!].map((p) => p.id));
  }, 60_000);

  it('renames a group; an empty name shows the contract’s message and sends nothing', async () => {
    renderApp('/admin/settings/payout', fakeSession(staff));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Europe' }, SCREEN_LOAD));
    const name = await screen.findByLabelText('Group name');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('name is required')).toBeTruthy();
    expect(groupPosts()).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'EU' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Group Europe renamed EU')).toBeTruthy();
    expect(JSON.parse(String(groupPosts()[0]?.init?.body)).name).toBe('EU');
  }, 60_000);
});

describe('rejecting a payout (provider staff)', () => {
  it('asks for a reason in a dialog, refuses an empty one, then sends it', async () => {
    renderApp('/admin/settings/payout', fakeSession(staff));
    fireEvent.click(await screen.findByRole('button', { name: 'Demo Store (0)' }, SCREEN_LOAD));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this payout?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    expect(await within(dialog).findByText('reason is required to reject a payout')).toBeTruthy();
    expect(calls().filter((c) => c.init?.method === 'PATCH')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Bank details do not match' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject payout' }));
    expect(await screen.findByText('Payout of $50.00 rejected')).toBeTruthy();
    const patch = calls().find((c) => c.init?.method === 'PATCH');
    expect(patch?.url).toBe(`/api/stores/payout/request-payouts/${request.id}`);
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ status: 'rejected', reason: 'Bank details do not match' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject this payout?' })).toBeNull());
  }, 60_000);
});
