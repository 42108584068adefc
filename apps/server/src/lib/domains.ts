import type { Config } from '../config.js';

/** A shop's system domain `{handle}.{STOREFRONT_SUFFIX}` (DESIGN.md "One process, three faces"). */
export const systemDomain = (config: Config, handle: string) => `${handle}.${config.storefrontSuffix}`;

/**
 * The URL a browser opens for a storefront host: on the default `localhost` suffix it is plain http on the
 * server's port (http://demo.localhost:3000); otherwise https on the host.
 */
export function storefrontUrl(config: Config, host: string): string {
  if (host.endsWith('localhost')) return `http://${host}:${config.port}`;
  return `https://${host}`;
}
