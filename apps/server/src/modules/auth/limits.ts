import { HttpError, tooMany } from '../../lib/errors.js';
import type { Limiter } from '../../lib/rate-limit.js';
import type { App } from '../../lib/types.js';

/** Sign-in attempts allowed per client address, right or wrong: 20 a minute (a flood of requests). */
export const LOGIN_LIMIT_PER_IP = { points: 20, duration: 60 };
/** Failed sign-ins allowed per (account, client address): 10 per 15 minutes (a brute force from one address). */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_IP = { points: 10, duration: 15 * 60 };
/** Failed sign-ins allowed per client address, whatever the accounts: 50 per hour (password spraying). */
export const LOGIN_FAILURES_PER_IP = { points: 50, duration: 60 * 60 };
/**
 * Failed sign-ins to one account, from every address, past which each address that has failed for it must wait:
 * 10 per 15 minutes (a brute force spread over many addresses gets one guess per address per window).
 */
export const LOGIN_FAILURES_PER_ACCOUNT = { points: 10, duration: 15 * 60 };

/** The 429 texts; each says the rule, so a merchant who meets it knows what to do. */
export const LOGIN_REFUSALS = {
  ip: (s: number) => `Too many sign-in attempts, please try again in ${s} seconds`,
  pair: (s: number) => `Too many failed sign-ins to this account from your network, please try again in ${s} seconds`,
  spray: (s: number) => `Too many failed sign-ins from your network, please try again in ${s} seconds`,
  account: (s: number) =>
    `This account has had many failed sign-ins, so a network where one failed must wait: please try again in ${s} seconds or sign in from another network`,
};

/**
 * The sign-in limits of issue 29 item 1, after OWASP's Authentication Cheat Sheet ("account lockout": count failures
 * per account AND client address, slow down rather than lock, never let a third party lock an owner out):
 *
 * 1. every attempt counts per address: LOGIN_LIMIT_PER_IP (429 `ip`);
 * 2. FAILED attempts count per (normalised e-mail, address): past LOGIN_FAILURES_PER_ACCOUNT_AND_IP that pair waits
 *    (429 `pair`) — a brute force from one address;
 * 3. failed attempts count per address over every account: past LOGIN_FAILURES_PER_IP the address waits (429 `spray`);
 * 4. failed attempts count per account over every address: past LOGIN_FAILURES_PER_ACCOUNT, an address that has
 *    already failed for that account in the window waits (429 `account`) — a brute force spread over many addresses
 *    gets one guess per address per 15 minutes;
 * 5. an address that has not failed for the account is never refused by 2–4: the right password from the owner's
 *    network signs in whatever others tried.
 *
 * A failure is counted before the password is checked (a reservation: racing attempts see each other) and given
 * back when the attempt turns out not to be a wrong password (success, 400, refusal). Unknown e-mails count like
 * known ones (no account enumeration). The counters live in the app's limiter storage: memory, or Redis with
 * REDIS_URL, so every copy of the server applies the same rules. Windows are fixed (they start at the first failure).
 */
export function signInLimits(app: App) {
  const perIp = app.limiter({ name: 'login-ip', what: 'sign-in attempts', ...LOGIN_LIMIT_PER_IP });
  const pairFailures = app.limiter({ name: 'login-fail-pair', what: 'failed sign-ins', ...LOGIN_FAILURES_PER_ACCOUNT_AND_IP });
  const ipFailures = app.limiter({ name: 'login-fail-ip', what: 'failed sign-ins', ...LOGIN_FAILURES_PER_IP });
  const accountFailures = app.limiter({ name: 'login-fail-account', what: 'failed sign-ins', ...LOGIN_FAILURES_PER_ACCOUNT });

  /**
   * Runs `attempt` (the password check) for `email` from `ip` under the rules above. Answers what `attempt` answers;
   * throws 429 with a LOGIN_REFUSALS text when a rule refuses, and rethrows `attempt`'s errors (a 401 counts as a
   * failure, anything else does not).
   */
  return async function limitSignIn<T>(email: string, ip: string, attempt: () => Promise<T>): Promise<T> {
    const account = email.trim().toLowerCase();
    await perIp.consume(ip);
    const spent: [Limiter, string][] = [
      [pairFailures, `${account}\n${ip}`],
      [ipFailures, ip],
      [accountFailures, account],
    ];
    const [pair, sprayed, all] = await Promise.all(spent.map(([l, k]) => l.spend(k)));
    const giveBack = () => Promise.all(spent.map(([l, k]) => l.refund(k)));
    let refusal: string | null = null;
    if (pair!.over) refusal = LOGIN_REFUSALS.pair(pair!.retryAfter);
    else if (sprayed!.over) refusal = LOGIN_REFUSALS.spray(sprayed!.retryAfter);
    // `pair.count > 1`: this address already has a failure (or an attempt in flight) for this account.
    else if (all!.over && pair!.count > 1) refusal = LOGIN_REFUSALS.account(Math.min(all!.retryAfter, pair!.retryAfter));
    if (refusal) {
      await giveBack();
      throw tooMany(refusal);
    }
    try {
      const result = await attempt();
      await giveBack();
      return result;
    } catch (err) {
      if (!(err instanceof HttpError && err.statusCode === 401)) await giveBack();
      throw err;
    }
  };
}
