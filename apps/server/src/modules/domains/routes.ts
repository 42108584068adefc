import {
  BuyDomainsBody,
  CheckDomainBody,
  ConnectDomainBody,
  Domain,
  DomainHostQuery,
  DomainListResponse,
  ErrorResponse,
  OkResponse,
  PendingDomainQuery,
  PendingDomainsResponse,
  PrimaryDomainBody,
  StoreConfigFlags,
} from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import {
  buyDomains,
  cancelPendingDomain,
  checkDomain,
  connectDomain,
  listDomains,
  pendingDomains,
  removeDomain,
  setPrimaryDomain,
  storeFlags,
} from './service.js';

/**
 * Domains (spec admin-dashboard §7 "Onboarding and domains", paths as the spec gives them under /api; issue 11 item
 * 1), scope `domains` unless said:
 * - GET    /api/stores/config/domains/                 → {domains, primaryHost, url}
 * - POST   /api/stores/config/domains/      {host}     → Domain (a pending claim, with the DNS records to create;
 *                                                        another shop's pending claim does not block it, issue 29)
 * - DELETE /api/stores/config/domains/?host=            → {ok}
 * - POST   /api/stores/admin/check-domain   {domain, storeId} → Domain (checked by real DNS now; 409 when another
 *                                                        shop verified the host first)
 * - POST   /api/stores/config/update-domain-checkout {host} → the list (that domain is primary)
 * - GET    /api/stores/public/onlinestore/themes/page  → {enableRef, isVip} (any member)
 * - POST   /api/stores/config/buy-domains   {domains, years} → {domains} pending purchases (no registrar)
 * - GET    /api/stores/config/pending-domains           → {domains}
 * - DELETE /api/stores/config/pending-domain?domain=     → {ok}
 */
export default async function domainsRoutes(app: App) {
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
  const guard = { preHandler: app.guard({ scope: 'domains' }) };
  const tags = ['domains'];
  const list = '/api/stores/config/domains/';

  /** The shop's domains and the address "Open your site" opens. */
  app.get(
    list,
    {
      ...guard,
      schema: { summary: "The shop's domains", operationId: 'listDomains', tags, response: { 200: DomainListResponse, ...errors } },
    },
    async (req) => listDomains(app.db, app.config, req.auth.storeId),
  );

  /** Connects a domain: stored pending with its ownership token; 400 for an invalid or already connected host. */
  app.post(
    list,
    {
      ...guard,
      schema: {
        summary: 'Connect a domain',
        operationId: 'connectDomain',
        tags,
        body: ConnectDomainBody,
        response: { 200: Domain, ...errors },
      },
    },
    async (req) => connectDomain(app.db, app.config, req.auth.storeId, req.body.host),
  );

  /** Removes a connected domain (not the system domain). */
  app.delete(
    list,
    {
      ...guard,
      schema: {
        summary: 'Remove a connected domain',
        operationId: 'removeDomain',
        tags,
        querystring: DomainHostQuery,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await removeDomain(app.db, app.config, req.auth.storeId, req.query.host);
      return { ok: true as const, messages: ['Domain removed'] };
    },
  );

  /**
   * Checks a connected domain's DNS now (CNAME/A and TXT token) and records its status with the reason; 409 when
   * another shop holds the host verified (service.ts checkDomain).
   */
  app.post(
    '/api/stores/admin/check-domain',
    {
      ...guard,
      schema: {
        summary: "Check a domain's DNS records",
        operationId: 'checkDomain',
        tags,
        body: CheckDomainBody,
        response: { 200: Domain, ...errors, 409: ErrorResponse },
      },
    },
    async (req) => checkDomain(app.db, app.config, req.auth.storeId, req.body),
  );

  /** Makes a verified domain primary (the system domain: back to it). */
  app.post(
    '/api/stores/config/update-domain-checkout',
    {
      ...guard,
      schema: {
        summary: 'Choose the primary domain',
        operationId: 'setPrimaryDomain',
        tags,
        body: PrimaryDomainBody,
        response: { 200: DomainListResponse, ...errors },
      },
    },
    async (req) => setPrimaryDomain(app.db, app.config, req.auth.storeId, req.body.host),
  );

  /** The store config flags enableRef and isVip (spec §3, §7). Any member of the store. */
  app.get(
    '/api/stores/public/onlinestore/themes/page',
    {
      preHandler: app.guard({ scope: null }),
      schema: {
        summary: 'The store config flags enableRef and isVip',
        operationId: 'getStoreConfigFlags',
        tags,
        response: { 200: StoreConfigFlags, ...errors },
      },
    },
    async (req) => storeFlags(app.db, req.auth.storeId),
  );

  /** Records domain purchases as pending (there is no registrar: README). */
  app.post(
    '/api/stores/config/buy-domains',
    {
      ...guard,
      schema: {
        summary: 'Buy domains (recorded as pending)',
        operationId: 'buyDomains',
        tags,
        body: BuyDomainsBody,
        response: { 200: PendingDomainsResponse, ...errors },
      },
    },
    async (req) => ({ domains: await buyDomains(app.db, app.config, req.auth.storeId, req.body) }),
  );

  /** The shop's pending domain purchases. */
  app.get(
    '/api/stores/config/pending-domains',
    {
      ...guard,
      schema: {
        summary: 'Pending domain purchases',
        operationId: 'listPendingDomains',
        tags,
        response: { 200: PendingDomainsResponse, ...errors },
      },
    },
    async (req) => ({ domains: await pendingDomains(app.db, req.auth.storeId) }),
  );

  /** Cancels a pending purchase. */
  app.delete(
    '/api/stores/config/pending-domain',
    {
      ...guard,
      schema: {
        summary: 'Cancel a pending domain purchase',
        operationId: 'cancelPendingDomain',
        tags,
        querystring: PendingDomainQuery,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await cancelPendingDomain(app.db, app.config, req.auth.storeId, req.query.domain);
      return { ok: true as const, messages: ['Domain purchase cancelled'] };
    },
  );
}
