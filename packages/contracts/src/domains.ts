import { z } from 'zod';

/**
 * Domains (spec admin-dashboard §7 "Onboarding and domains", §3 Domain {host, domainType}; issue 11 item 1), under
 * `/api/stores/…`, scope `domains` (the store config flags: any member).
 */

/** A host as typed: 1–253 characters; the server lower-cases it, turns an IDN into punycode and refuses IPs and ports. */
const HostInput = z.string().trim().min(1, 'host is required').max(253, 'host must have at most 253 characters');

/** POST /api/stores/config/domains/ body: the domain to connect, e.g. `shop.example.com` or `bücher.example`. */
export const ConnectDomainBody = z.object({ host: HostInput });
export type ConnectDomainBody = z.infer<typeof ConnectDomainBody>;
/** DELETE /api/stores/config/domains/ query: the connected domain to remove. */
export const DomainHostQuery = z.object({ host: HostInput });

/** What a domain's DNS check found: pending (not checked, or DNS did not answer), verified, failed. */
export const DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export const DomainStatus = z.enum(DOMAIN_STATUSES);

/** One DNS record the merchant creates at their DNS provider. */
export const DnsRecord = z.object({ type: z.enum(['CNAME', 'A', 'TXT']), name: z.string(), value: z.string() });
export type DnsRecord = z.infer<typeof DnsRecord>;

/**
 * A domain of the shop: its system domain (SystemDefault, always verified) or a connected one (Custom). `records`
 * are what to create: a CNAME to the system domain (or an A record to the platform's address) and the TXT ownership
 * token; `reason` says why the last check failed or could not finish. The primary domain is the one "Open your site"
 * opens and the storefront answers on.
 */
export const Domain = z
  .object({
    id: z.uuid(),
    host: z.string(),
    /** The host as the merchant typed it when it is an IDN (e.g. bücher.example), else equal to host. */
    displayHost: z.string(),
    domainType: z.enum(['SystemDefault', 'Custom']),
    status: DomainStatus,
    reason: z.string().nullable(),
    isPrimary: z.boolean(),
    records: z.array(DnsRecord),
    checkedAt: z.string().nullable(),
    verifiedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Domain' });
export type Domain = z.infer<typeof Domain>;

/** GET /api/stores/config/domains/ answer: the shop's domains (system first) and the URL "Open your site" opens. */
export const DomainListResponse = z.object({ domains: z.array(Domain), primaryHost: z.string(), url: z.string() });
export type DomainListResponse = z.infer<typeof DomainListResponse>;

/** POST /api/stores/admin/check-domain body (spec §7: "with domain and storeId"). */
export const CheckDomainBody = z.object({ domain: HostInput, storeId: z.uuid('storeId must be a store id') });
export type CheckDomainBody = z.infer<typeof CheckDomainBody>;

/** POST /api/stores/config/update-domain-checkout body: the verified domain that becomes primary (the system domain: none). */
export const PrimaryDomainBody = z.object({ host: HostInput });
export type PrimaryDomainBody = z.infer<typeof PrimaryDomainBody>;

/** GET /api/stores/public/onlinestore/themes/page answer: the store config flags of spec §3. */
export const StoreConfigFlags = z.object({ enableRef: z.boolean(), isVip: z.boolean() });
export type StoreConfigFlags = z.infer<typeof StoreConfigFlags>;

/** POST /api/stores/config/buy-domains body: 1–5 domains to buy, for 1–10 years. */
export const BuyDomainsBody = z.object({
  domains: z.array(HostInput).min(1, 'domains must name at least one domain').max(5, 'domains must name at most 5 domains'),
  years: z
    .number()
    .int('years must be a whole number')
    .min(1, 'years must be between 1 and 10')
    .max(10, 'years must be between 1 and 10')
    .default(1),
});
export type BuyDomainsBody = z.input<typeof BuyDomainsBody>;

/** A domain purchase the shop asked for; it stays pending (there is no registrar behind it: README). */
export const PendingDomain = z.object({
  id: z.uuid(),
  domain: z.string(),
  years: z.number().int(),
  status: z.literal('pending'),
  createdAt: z.string(),
});
export type PendingDomain = z.infer<typeof PendingDomain>;
export const PendingDomainsResponse = z.object({ domains: z.array(PendingDomain) });
export type PendingDomainsResponse = z.infer<typeof PendingDomainsResponse>;
/** DELETE /api/stores/config/pending-domain query: the pending purchase to cancel. */
export const PendingDomainQuery = z.object({ domain: HostInput });
