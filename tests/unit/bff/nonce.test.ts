// The CSP nonce (bff/src/http/nonce.ts): 16 random bytes each, never repeated, across pool refills.
import { describe, expect, it } from 'vitest';
import { newNonce } from '../../../bff/src/http/nonce.ts';

describe('newNonce', () => {
  it('gives 16 bytes in base64, a different value every time, also across refills of its pool', () => {
    const nonces = Array.from({ length: 1000 }, () => newNonce()); // 16 000 bytes: the 4 KiB pool is refilled
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
    // random: each bit is set in roughly half of them (a fixed or counting pool would fail this)
    const ones = nonces.reduce((sum, nonce) => sum + [...Buffer.from(nonce, 'base64')].reduce((bits, byte) => bits + byte.toString(2).replaceAll('0', '').length, 0), 0);
    expect(ones / (nonces.length * 128)).toBeGreaterThan(0.45);
    expect(ones / (nonces.length * 128)).toBeLessThan(0.55);
  });
});
