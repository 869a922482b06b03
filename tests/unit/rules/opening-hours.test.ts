import { describe, expect, it } from 'vitest';
import {
  addDays,
  hoursOn,
  isoDayOfWeek,
  onWeekday,
  openingStatus,
  pragueClock,
  type SpecialDay,
  type WeeklySlot,
} from '../../../schema/rules/opening-hours.ts';

// The Vinohrady store's week: Mon–Fri 9–19, Sat 9–17, Sun 10–16.
const week: WeeklySlot[] = [
  ...[1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, opens: '09:00', closes: '19:00' })),
  { dayOfWeek: 6, opens: '09:00', closes: '17:00' },
  { dayOfWeek: 7, opens: '10:00', closes: '16:00' },
];

describe('pragueClock', () => {
  it('reads the Prague wall clock in winter (UTC+1) and summer (UTC+2)', () => {
    expect(pragueClock(new Date('2026-11-23T08:30:00Z'))).toEqual({ date: '2026-11-23', dayOfWeek: 1, minute: 9 * 60 + 30 });
    expect(pragueClock(new Date('2026-07-01T08:30:00Z'))).toEqual({ date: '2026-07-01', dayOfWeek: 3, minute: 10 * 60 + 30 });
    expect(pragueClock(new Date('2026-11-22T23:30:00Z')).date).toBe('2026-11-23');
  });

  it('gives each moment its own minute, asked again or not, through both summer-time changes', () => {
    const format = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const expected = (at: number) => {
      const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
      return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
    };
    // every 59 s over the two hours around each change, each moment twice and out of order
    for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z']) {
      const moments = Array.from({ length: 122 }, (_, i) => Date.parse(change) - 3_600_000 + i * 59_000);
      for (const at of [...moments, ...moments.reverse()]) {
        const clock = pragueClock(new Date(at));
        expect({ date: clock.date, minute: clock.minute }, new Date(at).toISOString()).toEqual(expected(at));
      }
    }
  });

  it('knows weekdays and month ends', () => {
    expect(isoDayOfWeek('2026-11-22')).toBe(7);
    expect(isoDayOfWeek('2026-11-23')).toBe(1);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('openingStatus', () => {
  it('is open on a Monday morning and says when it closes', () => {
    expect(openingStatus(new Date('2026-11-23T09:15:00Z'), week, [])).toMatchObject({ open: true, closesAt: '19:00' });
  });

  it('is closed before opening and opens the same day', () => {
    // 07:30 UTC = 08:30 in Prague
    expect(openingStatus(new Date('2026-11-23T07:30:00Z'), week, [])).toMatchObject({
      open: false,
      nextOpening: { date: '2026-11-23', dayOfWeek: 1, opens: '09:00' },
    });
  });

  it('closes at the closing minute and then opens the next day', () => {
    // 18:00 UTC = 19:00 in Prague
    expect(openingStatus(new Date('2026-11-23T18:00:00Z'), week, [])).toMatchObject({
      open: false,
      nextOpening: { date: '2026-11-24', opens: '09:00' },
    });
    expect(openingStatus(new Date('2026-11-23T17:59:00Z'), week, [])).toMatchObject({ open: true, closesAt: '19:00' });
  });

  it('is closed on a holiday the shop defines, although the week says open', () => {
    const holidays: SpecialDay[] = [{ date: '2026-12-25', opens: null, closes: null }, { date: '2026-12-26', opens: null, closes: null }];
    // Friday 25 December 2026, 11:00 in Prague
    const status = openingStatus(new Date('2026-12-25T10:00:00Z'), week, holidays);
    expect(status).toMatchObject({ open: false, holidayToday: true, specialToday: true });
    // 26 December is a holiday too: the next opening is Sunday 27 December at 10:00
    expect(status.nextOpening).toEqual({ date: '2026-12-27', dayOfWeek: 7, opens: '10:00' });
  });

  it('keeps special hours (24 December until 12:00) and a store’s own day wins over the shop’s', () => {
    const days: SpecialDay[] = [
      { date: '2026-12-24', opens: '08:00', closes: '12:00' },
      { date: '2026-12-31', opens: null, closes: null },
      { date: '2026-12-31', opens: '09:00', closes: '14:00', storeSpecific: true },
    ];
    expect(openingStatus(new Date('2026-12-24T07:30:00Z'), week, days)).toMatchObject({ open: true, closesAt: '12:00', specialToday: true });
    expect(openingStatus(new Date('2026-12-24T11:30:00Z'), week, days)).toMatchObject({ open: false, nextOpening: { date: '2026-12-25' } });
    expect(hoursOn('2026-12-31', week, days).slots).toEqual([{ opens: '09:00', closes: '14:00' }]);
  });

  it('follows the spring change to summer time (29 March 2026)', () => {
    // Sunday 29 March, 08:30 UTC: 10:30 summer time, the store (Sun 10–16) is open
    expect(openingStatus(new Date('2026-03-29T08:30:00Z'), week, [])).toMatchObject({ open: true, closesAt: '16:00' });
    // a week earlier the same UTC moment is 09:30 winter time: still closed
    expect(openingStatus(new Date('2026-03-22T08:30:00Z'), week, [])).toMatchObject({ open: false, nextOpening: { date: '2026-03-22', opens: '10:00' } });
    // 14:30 UTC on the change day = 16:30 summer time: closed (in UTC+1 it would still be open)
    expect(openingStatus(new Date('2026-03-29T14:30:00Z'), week, [])).toMatchObject({ open: false });
  });

  it('follows the autumn change back to winter time (25 October 2026)', () => {
    // Sunday 25 October, 15:30 UTC = 16:30 winter time: closed; the day before, 15:30 UTC = 17:30 summer time
    expect(openingStatus(new Date('2026-10-25T14:30:00Z'), week, [])).toMatchObject({ open: true, closesAt: '16:00' });
    expect(openingStatus(new Date('2026-10-25T15:30:00Z'), week, [])).toMatchObject({ open: false, nextOpening: { date: '2026-10-26' } });
  });

  it('says nothing about a next opening when the store has no hours at all', () => {
    expect(openingStatus(new Date('2026-11-23T09:15:00Z'), [], [])).toEqual({
      open: false,
      closesAt: null,
      nextOpening: null,
      specialToday: false,
      holidayToday: false,
    });
  });
});

describe('onWeekday (issue 40, item 23)', () => {
  it("says each weekday with its preposition: 'otevírá v pondělí', 've středu', 've čtvrtek'; 'opens on Monday'", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((day) => onWeekday(day, 'cs'))).toEqual([
      'v pondělí',
      'v úterý',
      've středu',
      've čtvrtek',
      'v pátek',
      'v sobotu',
      'v neděli',
    ]);
    expect([1, 2, 3, 4, 5, 6, 7].map((day) => onWeekday(day, 'en'))).toEqual([
      'on Monday',
      'on Tuesday',
      'on Wednesday',
      'on Thursday',
      'on Friday',
      'on Saturday',
      'on Sunday',
    ]);
  });

  it('refuses a day that is not an ISO weekday', () => {
    for (const day of [0, 8, -1, 1.5, Number.NaN]) expect(() => onWeekday(day, 'cs'), String(day)).toThrow(RangeError);
  });
});
