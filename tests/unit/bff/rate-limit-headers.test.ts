// RateLimit-Reset and Retry-After in whole seconds: never 0, never longer than the window (a window's
// end is stored to the millisecond, so a fresh one may read 60 000.4 ms; PostgreSQL showed 61 s).
import { describe, expect, it } from 'vitest';
import { wholeSeconds } from '../../../bff/src/http/rate-limit-headers.ts';

const minute = { name: 'test', limit: 10, windowMs: 60_000 };

describe('wholeSeconds', () => {
  it('rounds up, and stays between 1 and the window', () => {
    expect(wholeSeconds(1500, minute)).toBe(2);
    expect(wholeSeconds(0, minute)).toBe(1);
    expect(wholeSeconds(60_000, minute)).toBe(60);
    expect(wholeSeconds(60_000.4, minute)).toBe(60);
    expect(wholeSeconds(59_000.2, minute)).toBe(60);
  });
});
