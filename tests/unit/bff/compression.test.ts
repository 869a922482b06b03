import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../../bff/src/http/compression.ts';

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, as the browser allows', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
  });

  it('takes the preferred encoding when the browser accepts it, the best one otherwise', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd', 'gzip')).toBe('gzip');
    expect(negotiateEncoding('br', 'gzip')).toBe('br');
    expect(negotiateEncoding('gzip;q=0, br', 'gzip')).toBe('br');
    expect(negotiateEncoding('identity', 'gzip')).toBeNull();
  });

  it('sends plain bytes when nothing usable is accepted', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*;q=0')).toBeNull();
    expect(negotiateEncoding('x'.repeat(100_000))).toBeNull();
  });
});
