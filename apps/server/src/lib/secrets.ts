import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept encrypted at rest (issue 10: payment-gateway credentials, payout IBANs): AES-256-GCM with a key
 * derived by HKDF-SHA256 from the server secret (`JWT_SECRET`, shared by every copy) and a purpose label, so one
 * secret never encrypts two kinds of data with the same key. Stored form: `v1.{iv}.{tag}.{ciphertext}` (base64url).
 * Rotating JWT_SECRET makes stored secrets unreadable (`openSecret` throws): re-enter them after a rotation.
 */

const keyFor = (secret: Uint8Array, purpose: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `backroom:${purpose}`, 32));

/** Encrypts `plain` (UTF-8) for `purpose`; a fresh 96-bit IV each time. */
export function sealSecret(secret: Uint8Array, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** Decrypts what `sealSecret` wrote for the same purpose; throws when the key or the data do not match. */
export function openSecret(secret: Uint8Array, purpose: string, sealed: string): string {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
