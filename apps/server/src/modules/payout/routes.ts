import {
  Balance,
  CardBody,
  CardPatch,
  ErrorResponse,
  GatewayGroup,
  GroupBody,
  GroupList,
  GroupProxyQuery,
  IdParams,
  OkResponse,
  PaymentProxy,
  PayoutCard,
  PayoutCardList,
  PayoutConfig,
  PayoutConfigAnswer,
  PayoutConfigBody,
  PayoutRequest,
  PayoutRequestBody,
  PayoutRequestList,
  PayoutRequestQuery,
  PayoutStatusBody,
  PoolQuery,
  PoolStoreList,
  ProxyBody,
  ProxyList,
  SaveStoreProxiesBody,
  StoreGroupQuery,
  StoreProxyQuery,
} from '@backroom/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isProviderStaff } from '../../lib/guard.js';
import type { App } from '../../lib/types.js';
import { getBalance } from './ledger.js';
import {
  type Asker,
  addStoreGroup,
  createGroup,
  createProxy,
  directStoreProxies,
  listGroups,
  poolProxies,
  poolStores,
  remainGroupProxies,
  remainProxies,
  removeStoreGroup,
  requireProvider,
  saveGroup,
  saveStoreProxies,
  storeGroups,
  storeProxies,
  targetStore,
} from './proxies.js';
import {
  addCard,
  deleteCard,
  exportPayoutRequestsCsv,
  getPayoutConfig,
  listCards,
  listPayoutRequests,
  movePayoutRequest,
  requestPayout,
  savePayoutConfig,
  updateCard,
} from './service.js';

/**
 * Payment gateways and payouts (spec admin-dashboard §7 "Proxies and gateway groups" and "Payout", paths exactly as
 * the spec gives them under /api; issue 10 items 3 and 4).
 *
 * Proxies, under /api/stores/payout/proxy/ (lists paged: `page`, `limit` default 10; `storeId` default the session's
 * store — another shop only for provider staff, 404 otherwise):
 * - GET  store-proxies         any member   the active proxies serving the shop (direct in order, then its groups')
 * - GET  get-store-proxies     settings     the shop's direct assignments (disabled ones too)
 * - GET  store-groups          settings     the shop's gateway groups
 * - POST save-store-proxies    settings     {storeId, proxyIds}: provider staff set the list, merchants reorder it
 * - GET  remain-proxies, list-groups, remain-group-proxies, list-proxies-groups, stores   provider staff
 * - POST (or GET, as spec §7 lists them) add-store-group, remove-store-group (?storeId&groupId); POST group (create),
 *   group/{id}, proxies   provider staff
 * Payout (scope settings):
 * - GET/POST card/, PATCH/DELETE card/{id}; GET/POST config, PATCH config/{id}; POST v2/payout-request {amount};
 *   GET request-payouts ?status&fromDate&toDate&page&limit; GET v2/balance.
 * - PATCH request-payouts/{id} {status, reason}: provider staff move a request of any shop.
 */
export default async function payoutRoutes(app: App) {
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
  const settings = { preHandler: app.guard({ scope: 'settings' }) };
  const member = { preHandler: app.guard({ scope: null }) };
  const tags = ['payout'];
  const PayoutCsvText = z.string().meta({ description: 'The payout history as CSV (text/csv, UTF-8, header row first).' });
  const proxy = '/api/stores/payout/proxy/';
  const asker = (req: FastifyRequest): Asker => ({ storeId: req.auth.storeId, provider: isProviderStaff(app.config, req.auth.email) });
  const provider = (req: FastifyRequest): Asker => {
    const a = asker(req);
    requireProvider(a);
    return a;
  };
  const num = (v: unknown) => Number(v);

  // ── Proxies of a shop ─────────────────────────────────────────────────────────────────────────
  app.get(
    `${proxy}store-proxies`,
    {
      ...member,
      schema: {
        summary: 'The payment gateways serving a shop',
        operationId: 'listStoreProxies',
        tags,
        querystring: StoreProxyQuery,
        response: { 200: ProxyList, ...errors },
      },
    },
    async (req) =>
      storeProxies(app.db, await targetStore(app.db, asker(req), req.query.storeId), num(req.query.page), num(req.query.limit)),
  );

  app.get(
    `${proxy}get-store-proxies`,
    {
      ...settings,
      schema: {
        summary: "A shop's directly assigned payment gateways",
        operationId: 'listDirectStoreProxies',
        tags,
        querystring: StoreProxyQuery,
        response: { 200: ProxyList, ...errors },
      },
    },
    async (req) =>
      directStoreProxies(app.db, await targetStore(app.db, asker(req), req.query.storeId), num(req.query.page), num(req.query.limit)),
  );

  app.get(
    `${proxy}store-groups`,
    {
      ...settings,
      schema: {
        summary: "A shop's gateway groups",
        operationId: 'listStoreGroups',
        tags,
        querystring: StoreProxyQuery,
        response: { 200: GroupList, ...errors },
      },
    },
    async (req) => storeGroups(app.db, await targetStore(app.db, asker(req), req.query.storeId)),
  );

  app.post(
    `${proxy}save-store-proxies`,
    {
      ...settings,
      schema: {
        summary: "Set or reorder a shop's payment gateways",
        operationId: 'saveStoreProxies',
        tags,
        body: SaveStoreProxiesBody,
        response: { 200: ProxyList, ...errors },
      },
    },
    async (req) => saveStoreProxies(app.db, asker(req), req.body),
  );

  // ── The pool (provider staff) ─────────────────────────────────────────────────────────────────
  app.get(
    `${proxy}remain-proxies`,
    {
      ...member,
      schema: {
        summary: 'Pool gateways not assigned to a shop (provider staff)',
        operationId: 'listRemainProxies',
        tags,
        querystring: StoreProxyQuery,
        response: { 200: ProxyList, ...errors },
      },
    },
    async (req) => {
      const a = provider(req);
      return remainProxies(app.db, await targetStore(app.db, a, req.query.storeId), num(req.query.page), num(req.query.limit));
    },
  );

  app.get(
    `${proxy}list-groups`,
    {
      ...member,
      schema: {
        summary: 'Every gateway group (provider staff)',
        operationId: 'listGatewayGroups',
        tags,
        querystring: PoolQuery.pick({ page: true, limit: true }),
        response: { 200: GroupList, ...errors },
      },
    },
    async (req) => {
      provider(req);
      return listGroups(app.db, num(req.query.page), num(req.query.limit));
    },
  );

  // POST is what the admin sends; GET answers too because spec §7 lists these two among its GET calls (same query,
  // same provider-staff check; with a bearer token a link or prefetch cannot send it).
  for (const [name, op, summary, fn] of [
    ['add-store-group', 'addStoreGroup', 'Assign a gateway group to a shop (provider staff)', addStoreGroup],
    ['remove-store-group', 'removeStoreGroup', 'Take a gateway group from a shop (provider staff)', removeStoreGroup],
  ] as const) {
    for (const method of ['POST', 'GET'] as const) {
      app.route({
        method,
        url: `${proxy}${name}`,
        ...member,
        schema: {
          summary: method === 'GET' ? `${summary}, as spec §7 lists it (GET)` : summary,
          operationId: method === 'GET' ? `${op}ByGet` : op,
          tags,
          querystring: StoreGroupQuery,
          response: { 200: GroupList, ...errors },
        },
        handler: async (req) => {
          const a = provider(req);
          return fn(app.db, await targetStore(app.db, a, req.query.storeId), req.query.groupId);
        },
      });
    }
  }

  app.get(
    `${proxy}remain-group-proxies`,
    {
      ...member,
      schema: {
        summary: 'Pool gateways not in a group (provider staff)',
        operationId: 'listRemainGroupProxies',
        tags,
        querystring: GroupProxyQuery,
        response: { 200: ProxyList, ...errors },
      },
    },
    async (req) => {
      provider(req);
      return remainGroupProxies(app.db, req.query.groupId, num(req.query.page), num(req.query.limit));
    },
  );

  app.get(
    `${proxy}list-proxies-groups`,
    {
      ...member,
      schema: {
        summary: 'The gateway pool with each gateway’s groups (provider staff)',
        operationId: 'listPoolProxies',
        tags,
        querystring: PoolQuery,
        response: { 200: ProxyList, ...errors },
      },
    },
    async (req) => {
      provider(req);
      return poolProxies(app.db, {
        page: num(req.query.page),
        limit: num(req.query.limit),
        search: req.query.search,
        groupId: req.query.groupId,
      });
    },
  );

  app.get(
    `${proxy}stores`,
    {
      ...member,
      schema: {
        summary: 'Find shops to assign gateways to (provider staff)',
        operationId: 'listPoolStores',
        tags,
        querystring: z.object({ search: z.string().trim().max(100, 'search must have at most 100 characters').optional() }),
        response: { 200: PoolStoreList, ...errors },
      },
    },
    async (req) => {
      provider(req);
      return poolStores(app.db, req.query.search);
    },
  );

  app.post(
    `${proxy}group`,
    {
      ...member,
      schema: {
        summary: 'Create a gateway group (provider staff)',
        operationId: 'createGatewayGroup',
        tags,
        body: GroupBody.pick({ name: true }),
        response: { 200: GatewayGroup, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      provider(req);
      return createGroup(app.db, req.body.name);
    },
  );

  app.post(
    `${proxy}group/:id`,
    {
      ...member,
      schema: {
        summary: 'Rename a gateway group and set its gateways (provider staff)',
        operationId: 'saveGatewayGroup',
        tags,
        params: IdParams,
        body: GroupBody,
        response: { 200: GatewayGroup, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      provider(req);
      return saveGroup(app.db, req.params.id, req.body);
    },
  );

  app.post(
    `${proxy}proxies`,
    {
      ...member,
      schema: {
        summary: 'Add a gateway account to the pool (provider staff)',
        operationId: 'createProxy',
        tags,
        body: ProxyBody,
        response: { 200: PaymentProxy, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      provider(req);
      return createProxy(app.db, app.config, req.body);
    },
  );

  // ── Payout cards ──────────────────────────────────────────────────────────────────────────────
  const card = '/api/stores/payout/card/';
  app.get(
    card,
    {
      ...settings,
      schema: { summary: "The shop's payout cards", operationId: 'listPayoutCards', tags, response: { 200: PayoutCardList, ...errors } },
    },
    async (req) => listCards(app.db, req.auth.storeId),
  );
  app.post(
    card,
    {
      ...settings,
      schema: {
        summary: 'Add a payout card',
        operationId: 'addPayoutCard',
        tags,
        body: CardBody,
        response: { 200: PayoutCard, ...errors },
      },
    },
    async (req) => addCard(app.db, req.auth.storeId, req.body),
  );
  app.patch(
    `${card}:id`,
    {
      ...settings,
      schema: {
        summary: "Change a payout card's holder or expiry",
        operationId: 'updatePayoutCard',
        tags,
        params: IdParams,
        body: CardPatch,
        response: { 200: PayoutCard, ...errors },
      },
    },
    async (req) => updateCard(app.db, req.auth.storeId, req.params.id, req.body),
  );
  app.delete(
    `${card}:id`,
    {
      ...settings,
      schema: {
        summary: 'Remove a payout card',
        operationId: 'deletePayoutCard',
        tags,
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await deleteCard(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const, messages: ['Card removed'] };
    },
  );

  // ── Payout config ─────────────────────────────────────────────────────────────────────────────
  const cfg = '/api/stores/payout/config';
  app.get(
    cfg,
    {
      ...settings,
      schema: {
        summary: "The shop's payout config",
        operationId: 'getPayoutConfig',
        tags,
        response: { 200: PayoutConfigAnswer, ...errors },
      },
    },
    async (req) => getPayoutConfig(app.db, req.auth.storeId),
  );
  app.post(
    cfg,
    {
      ...settings,
      schema: {
        summary: 'Save the payout config',
        operationId: 'savePayoutConfig',
        tags,
        body: PayoutConfigBody,
        response: { 200: PayoutConfig, ...errors },
      },
    },
    async (req) => savePayoutConfig(app.db, app.config, req.auth.storeId, req.body),
  );
  app.patch(
    `${cfg}/:id`,
    {
      ...settings,
      schema: {
        summary: 'Change the payout config',
        operationId: 'updatePayoutConfig',
        tags,
        params: IdParams,
        body: PayoutConfigBody,
        response: { 200: PayoutConfig, ...errors },
      },
    },
    async (req) => savePayoutConfig(app.db, app.config, req.auth.storeId, req.body, req.params.id),
  );

  // ── Requests and balance ──────────────────────────────────────────────────────────────────────
  app.post(
    '/api/stores/payout/v2/payout-request',
    {
      ...settings,
      schema: {
        summary: 'Request a payout of the available balance',
        operationId: 'requestPayout',
        tags,
        body: PayoutRequestBody,
        response: { 200: PayoutRequest, ...errors },
      },
    },
    async (req) => requestPayout(app.db, app.config, req.auth.storeId, req.auth.userId, req.body),
  );
  app.get(
    '/api/stores/payout/request-payouts',
    {
      ...settings,
      schema: {
        summary: "The shop's payout requests",
        operationId: 'listPayoutRequests',
        tags,
        querystring: PayoutRequestQuery,
        response: { 200: PayoutRequestList, ...errors },
      },
    },
    async (req) => listPayoutRequests(app.db, await targetStore(app.db, asker(req), req.query.storeId), req.query),
  );
  /**
   * GET /api/stores/payout/request-payouts/export → text/csv attachment 'payouts.csv' of every request matching the
   * history's filters (status, fromDate, toDate; page and limit ignored). Same authorisation as the history:
   * the session's shop, or any shop for provider staff (`storeId`); a foreign shop for others → 404.
   */
  app.get(
    '/api/stores/payout/request-payouts/export',
    {
      ...settings,
      schema: {
        summary: "Export the shop's payout requests as CSV",
        operationId: 'exportPayoutRequests',
        tags,
        produces: ['text/csv'],
        querystring: PayoutRequestQuery,
        response: { 200: PayoutCsvText, ...errors },
      },
    },
    async (req, reply) => {
      const { page: _p, limit: _l, ...filter } = req.query;
      const csv = await exportPayoutRequestsCsv(app.db, await targetStore(app.db, asker(req), req.query.storeId), filter);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="payouts.csv"').send(csv);
    },
  );
  app.patch(
    '/api/stores/payout/request-payouts/:id',
    {
      ...member,
      schema: {
        summary: 'Approve, pay or reject a payout request (provider staff)',
        operationId: 'movePayoutRequest',
        tags,
        params: IdParams,
        body: PayoutStatusBody,
        response: { 200: PayoutRequest, ...errors },
      },
    },
    async (req) => {
      provider(req);
      const moved = await movePayoutRequest(app.db, req.params.id, req.auth.userId, req.body);
      app.shopEvents.emit({ type: 'payout.status', storeId: moved.storeId, requestId: moved.id, status: moved.status });
      return moved;
    },
  );
  app.get(
    '/api/stores/payout/v2/balance',
    { ...settings, schema: { summary: "The shop's balance", operationId: 'getBalance', tags, response: { 200: Balance, ...errors } } },
    async (req) => getBalance(app.db, app.config, req.auth.storeId),
  );
}
