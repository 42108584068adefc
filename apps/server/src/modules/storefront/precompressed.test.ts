import { describe, expect, it } from 'vitest';
import { precompressedEncoding } from './plugin.js';

// Which precompressed copy of a built storefront file is sent (issue 16 item 2); the answers themselves are tested
// in modules/web/compression.test.ts.
describe('precompressedEncoding', () => {
  it('prefers br at equal weight, honours q-values, `*` as gzip, and none for identity or no header', () => {
    expect(precompressedEncoding('gzip, deflate, br')).toBe('br');
    expect(precompressedEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(precompressedEncoding(['gzip', 'br'])).toBe('br');
    expect(precompressedEncoding('*')).toBe('gzip');
    expect(precompressedEncoding('GZIP')).toBe('gzip');
    expect(precompressedEncoding('identity')).toBeNull();
    expect(precompressedEncoding('')).toBeNull();
    expect(precompressedEncoding(undefined)).toBeNull();
  });
});
