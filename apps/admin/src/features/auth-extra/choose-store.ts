import type { StoreSummary } from '@backroom/contracts';
import { currencySign, writeStore } from '../../lib/session';
import type { SessionController } from '../../lib/session-controller';

/**
 * Makes `store` the chosen shop after a sign-up or the survey (spec §3 account info: storeId, storeDomain, rDomain,
 * plus name, address and currency for display), as the shop screen does, and forgets the previous user.
 */
export function chooseStore(session: Pick<SessionController, 'reset'>, store: StoreSummary): void {
  writeStore({
    storeId: store.id,
    storeDomain: store.domain,
    rDomain: store.rDomain,
    info: { storeName: store.name, storeUrl: store.url, currency: { sign: currencySign(store.currency), code: store.currency } },
  });
  session.reset();
}
