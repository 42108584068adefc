import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum (m = 19 456 KiB, t = 2, p = 1); the library's defaults are weaker.
 * The library's default algorithm is argon2id (its `Algorithm` is a const enum that bundlers cannot inline).
 */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password into a PHC string `$argon2id$v=19$m=19456,t=2,p=1$…`. */
export const hashPassword = (password: string) => hash(password, OPTIONS);

/** Checks a password against a PHC hash; false on mismatch or a malformed hash (never throws). */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when the e-mail is unknown, so both failures take the same time. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword('backroom-dummy-password');
  return dummy;
};
