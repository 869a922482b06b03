import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatDate, formatDateTime, pragueDay } from '../../../schema/rules/index.ts';

describe('formatDate', () => {
  it('writes Czech dates as 22. 11. 2026', () => {
    expect(formatDate(new Date('2026-11-22T10:00:00Z'), 'cs')).toBe('22. 11. 2026');
    expect(formatDate('2026-11-22T10:00:00Z', 'en')).toBe('11/22/2026');
  });

  it('uses the Prague calendar day', () => {
    expect(formatDate('2026-11-22T23:30:00Z', 'cs')).toBe('23. 11. 2026');
    expect(formatDate('2026-07-01T22:30:00Z', 'cs')).toBe('2. 7. 2026');
  });

  it('rejects an invalid date', () => {
    expect(() => formatDate('not a date', 'cs')).toThrow(RangeError);
  });
});

describe('formatDateTime', () => {
  it('shows Prague time (CET in winter, CEST in summer)', () => {
    expect(formatDateTime('2026-11-22T10:05:00Z', 'cs')).toBe('22. 11. 2026 11:05');
    expect(formatDateTime('2026-07-01T10:05:00Z', 'cs')).toBe('1. 7. 2026 12:05');
    expect(formatDateTime(Date.UTC(2026, 10, 22, 10, 5), 'en')).toBe('11/22/2026, 11:05 AM');
  });
});

describe('pragueDay', () => {
  it('puts 23:30 UTC in November on the next Prague day', () => {
    expect(pragueDay(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(pragueDay('2026-11-22T22:59:59Z')).toBe('2026-11-22');
    expect(pragueDay('2026-11-22T23:00:00Z')).toBe('2026-11-23');
  });

  it('follows summer time: the day starts at 22:00 UTC', () => {
    expect(pragueDay('2026-07-01T21:59:59Z')).toBe('2026-07-01');
    expect(pragueDay('2026-07-01T22:00:00Z')).toBe('2026-07-02');
    expect(pragueDay('2026-12-31T23:30:00Z')).toBe('2027-01-01');
  });

  it('is the UTC day of the moment shifted by the Prague offset (1 or 2 hours)', () => {
    const from = Date.UTC(2000, 0, 1);
    const to = Date.UTC(2099, 11, 31);
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        const day = pragueDay(ms);
        const candidates = [1, 2].map((hours) => new Date(ms + hours * 3_600_000).toISOString().slice(0, 10));
        expect(candidates).toContain(day);
        // Noon UTC is 13:00 or 14:00 in Prague, always the same day.
        const noon = new Date(ms);
        noon.setUTCHours(12, 0, 0, 0);
        expect(pragueDay(noon)).toBe(noon.toISOString().slice(0, 10));
      }),
    );
  });
});
