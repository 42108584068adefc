import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooMany } from './errors.js';

/** Login attempts allowed: 20 a minute per IP, and 10 per 15 minutes per e-mail whatever the IP. */
export const LOGIN_LIMIT_PER_IP = { points: 20, duration: 60 };
export const LOGIN_LIMIT_PER_EMAIL = { points: 10, duration: 15 * 60 };

/**
 * Limits sign-in attempts by IP and by e-mail (issue: "login rate-limited per IP and e-mail"), counting every
 * attempt. Throws 429 with the seconds to wait. Memory-backed: one process; see ARCHITECTURE.md for scale-out.
 */
export class LoginLimiter {
  private byIp = new RateLimiterMemory({ keyPrefix: 'login-ip', ...LOGIN_LIMIT_PER_IP });
  private byEmail = new RateLimiterMemory({ keyPrefix: 'login-email', ...LOGIN_LIMIT_PER_EMAIL });

  async hit(ip: string, email: string): Promise<void> {
    try {
      await this.byIp.consume(ip);
      await this.byEmail.consume(email.trim().toLowerCase());
    } catch (e) {
      if (e instanceof RateLimiterRes)
        throw tooMany(`Too many sign-in attempts, please try again in ${Math.ceil(e.msBeforeNext / 1000)} seconds`);
      throw e;
    }
  }
}
