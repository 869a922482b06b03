import { randomBytes } from 'node:crypto';
import { deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressParts, gzipAroundNonce } from '../../../bff/src/cache/gzip-around-nonce.ts';

const page = (parts: Buffer[], nonce: Buffer) => Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [nonce, part])));
const newNonce = () => Buffer.from(randomBytes(16).toString('base64'));

/** A page as the shop renders it: many small inline scripts, each with the nonce, and a large body. */
const scripts = Array.from({ length: 20 }, (_, index) => `">window.__part${index % 4}=[{"id":${index},"name":"Dres domácí"}]</script><script nonce="`);
const parts = ['<!DOCTYPE html><html><head><script nonce="', ...scripts, '">0</script><p>Dres domácí – 1 290 Kč</p>'.repeat(300), '"></script></html>'].map((text) =>
  Buffer.from(text, 'utf8'),
);

describe('gzipAroundNonce', () => {
  it('is one gzip member that decodes, CRC and length checked, to the parts with each response’s nonce between them', async () => {
    const once = await compressParts(parts, 24);
    for (let response = 0; response < 3; response++) {
      const nonce = newNonce();
      const gzip = Buffer.concat(gzipAroundNonce(once, nonce));
      expect(gunzipSync(gzip).equals(page(parts, nonce))).toBe(true);
    }
  });

  it('refers back across the nonces: about as small as the whole page in gzip, smaller than parts compressed alone', async () => {
    const nonce = newNonce();
    const size = Buffer.concat(gzipAroundNonce(await compressParts(parts, 24), nonce)).length;
    const alone = parts.reduce((sum, part) => sum + deflateRawSync(part, { level: 9 }).length + 5 + nonce.length, 0);
    // each nonce is stored as it is (5 bytes of block header and its own bytes) where gzip of the whole page refers
    // back to the first, and each part ends with a full flush (an empty stored block, 4 bytes and a few bits)
    const overhead = (parts.length - 1) * (5 + nonce.length) + parts.length * 6;
    expect(size).toBeLessThan(gzipSync(page(parts, nonce), { level: 6 }).length + overhead);
    expect(size).toBeLessThan(alone * 0.8);
  });

  it('handles a part that is empty, one part alone, bytes that do not compress and a page with NUL bytes', async () => {
    const nonce = newNonce();
    for (const these of [[Buffer.alloc(0), Buffer.from('x'), Buffer.alloc(0)], [Buffer.from('<html></html>')], [randomBytes(70_000), randomBytes(3)], [Buffer.from('a\0\0\0b'), Buffer.from('\0\0\0\0a\0\0\0b')]]) {
      const gzip = Buffer.concat(gzipAroundNonce(await compressParts(these, nonce.length), nonce));
      expect(gunzipSync(gzip).equals(page(these, nonce))).toBe(true);
    }
  });

  it('refuses a nonce of another length than the parts were compressed for, or longer than a stored block holds', async () => {
    const once = await compressParts([Buffer.from('a'), Buffer.from('b')], 24);
    expect(() => gzipAroundNonce(once, Buffer.alloc(23))).toThrow(RangeError);
    const long = await compressParts([Buffer.from('a'), Buffer.from('b')], 70_000);
    expect(() => gzipAroundNonce(long, Buffer.alloc(70_000))).toThrow(RangeError);
  });
});
