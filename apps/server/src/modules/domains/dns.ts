import { Resolver } from 'node:dns/promises';
import type { Config } from '../../config.js';

/** What one DNS check found (issue 11 item 1). */
export interface DnsCheck {
  /** verified: routing record and ownership token found; failed: DNS answered without them; pending: DNS did not answer. */
  status: 'verified' | 'failed' | 'pending';
  reason: string | null;
}

/** The TXT record name that carries a domain's ownership token. */
export const txtName = (host: string) => `_backroom-verify.${host}`;
/** The TXT record value that proves ownership. */
export const txtValue = (token: string) => `backroom-verify=${token}`;

/** Error codes of a DNS server that did not answer (as opposed to answering "no such record"). */
const UNREACHABLE = new Set(['ETIMEOUT', 'ECONNREFUSED', 'ESERVFAIL', 'EREFUSED', 'ECANCELLED', 'ECONNRESET', 'EBADRESP', 'EDESTRUCTION']);

const clean = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * Checks a custom domain's DNS with `node:dns`'s Resolver (real DNS: the system's servers, or DNS_SERVERS), each
 * question bounded by DNS_TIMEOUT_MS and one try, and the whole check by twice that (then the resolver is cancelled),
 * so it never hangs: offline it answers `pending` 'could not be verified' within seconds. Verified needs BOTH a
 * routing record — a CNAME to the shop's system domain, or an A record to DOMAIN_A_RECORD — and the TXT record
 * `_backroom-verify.{host}` = `backroom-verify={token}`. Otherwise `failed` with what is missing.
 */
export async function checkDomainDns(config: Config, host: string, systemHost: string, token: string): Promise<DnsCheck> {
  const resolver = new Resolver({ timeout: config.dnsTimeoutMs, tries: 1 });
  if (config.dnsServers.length) resolver.setServers(config.dnsServers);
  const limit = config.dnsTimeoutMs * 2;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      resolver.cancel();
      resolve('timeout');
    }, limit);
  });
  const asked = Promise.allSettled([resolver.resolveCname(host), resolver.resolve4(host), resolver.resolveTxt(txtName(host))]);
  const answers = await Promise.race([asked, deadline]);
  clearTimeout(timer);
  const unreachable = `${host} could not be verified: DNS did not answer within ${Math.round(limit / 1000)} seconds. Try again in a few minutes.`;
  if (answers === 'timeout') return { status: 'pending', reason: unreachable };
  const [cname, a, txt] = answers;
  const codes = answers.filter((x) => x.status === 'rejected').map((x) => (x.reason as { code?: string }).code ?? '');
  if (codes.length === 3 && codes.every((c) => UNREACHABLE.has(c))) return { status: 'pending', reason: unreachable };
  const cnames = cname.status === 'fulfilled' ? cname.value.map(clean) : [];
  const addresses = a.status === 'fulfilled' ? a.value : [];
  const texts = txt.status === 'fulfilled' ? txt.value.map((chunks) => chunks.join('')) : [];
  const routed = cnames.includes(clean(systemHost)) || (!!config.domainARecord && addresses.includes(config.domainARecord));
  const owned = texts.includes(txtValue(token));
  if (routed && owned) return { status: 'verified', reason: null };
  const missing: string[] = [];
  if (!routed) {
    missing.push(
      `No CNAME record of ${host} pointing to ${systemHost}${config.domainARecord ? ` or A record pointing to ${config.domainARecord}` : ''} was found${
        cnames.length || addresses.length ? ` (found: ${[...cnames, ...addresses].join(', ')})` : ''
      }.`,
    );
  }
  if (!owned) missing.push(`The TXT record ${txtName(host)} with the value ${txtValue(token)} was not found.`);
  return { status: 'failed', reason: missing.join(' ') };
}
