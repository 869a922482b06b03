// The delivery date promise (decision 0069): every moment is a fixed UTC instant, never the machine's
// clock; the expected days were worked out on a calendar (Prague is UTC+1 in winter, UTC+2 in summer).
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  czechPublicHolidays,
  deliveryPromise,
  dispatchDay,
  earliestPromise,
  easterSunday,
  formatDeliveryPromise,
  isWorkingDay,
  parseDispatchCutoff,
  pragueDateTimeText,
  pragueMoment,
  type DeliveryTiming,
} from '../../../schema/rules/index.ts';

// the demo's methods (prisma/seed/data/checkout.ts)
const COURIER: DeliveryTiming = { transitDays: 1, isPickup: false };
const PARCEL_POINT: DeliveryTiming = { transitDays: 2, isPickup: false };
const STORE_PICKUP: DeliveryTiming = { transitDays: 1, isPickup: true };
const METHODS = [STORE_PICKUP, PARCEL_POINT, COURIER];

const at = (iso: string) => new Date(iso);
const promised = (now: string, method: DeliveryTiming, cutoff = '13:00') => deliveryPromise({ now: at(now), inStock: true, method, cutoff }).date;

describe('Easter and the public holidays', () => {
  it('computes Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('lists the thirteen holidays with Good Friday and Easter Monday', () => {
    expect([...czechPublicHolidays(2026)].sort()).toEqual([
      '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-05-08', '2026-07-05', '2026-07-06',
      '2026-09-28', '2026-10-28', '2026-11-17', '2026-12-24', '2026-12-25', '2026-12-26',
    ]);
    expect(czechPublicHolidays(2027).has('2027-03-26')).toBe(true);
    expect(czechPublicHolidays(2027).has('2027-03-29')).toBe(true);
    expect(czechPublicHolidays(2027).has('2027-04-05')).toBe(false);
  });

  it('a working day is Monday to Friday without a holiday', () => {
    expect(isWorkingDay('2026-12-03')).toBe(true); // Thursday
    expect(isWorkingDay('2026-12-05')).toBe(false); // Saturday
    expect(isWorkingDay('2026-12-06')).toBe(false); // Sunday
    expect(isWorkingDay('2026-09-28')).toBe(false); // Monday, St Wenceslas
    expect(isWorkingDay('2026-10-28')).toBe(false); // Wednesday, 28 October
    expect(isWorkingDay('2026-11-17')).toBe(false); // Tuesday, 17 November
    expect(isWorkingDay('2026-04-03')).toBe(false); // Good Friday
    expect(isWorkingDay('2026-04-06')).toBe(false); // Easter Monday
    expect(isWorkingDay('2026-04-07')).toBe(true);
    expect(addWorkingDays('2026-12-23', 1)).toBe('2026-12-28');
    expect(addWorkingDays('2026-12-31', 1)).toBe('2027-01-04');
  });
});

describe('the cut-off', () => {
  it('parses HH:MM and nothing else', () => {
    expect(parseDispatchCutoff('13:00')).toBe(780);
    expect(parseDispatchCutoff('00:00')).toBe(0);
    expect(parseDispatchCutoff('23:59')).toBe(1439);
    for (const bad of ['24:00', '13', '1:00', '13:60', ' 13:00', '13:00:00', '']) expect(parseDispatchCutoff(bad)).toBeNull();
    expect(() => dispatchDay(at('2026-12-03T08:00:00Z'), '25:00')).toThrow(RangeError);
  });

  // Thursday 3 December 2026, winter time: 13:00 in Prague is 12:00 UTC
  it('an order a minute before 13:00 leaves the same day, at 13:00 the next working day', () => {
    expect(dispatchDay(at('2026-12-03T11:59:59Z'), '13:00')).toBe('2026-12-03');
    expect(dispatchDay(at('2026-12-03T12:00:00Z'), '13:00')).toBe('2026-12-04');
    expect(promised('2026-12-03T11:59:59Z', COURIER)).toBe('2026-12-04');
    expect(promised('2026-12-03T12:00:00Z', COURIER)).toBe('2026-12-07');
  });

  it('a Friday after the cut-off and the weekend leave on Monday', () => {
    expect(promised('2026-12-04T12:30:00Z', COURIER)).toBe('2026-12-08');
    expect(promised('2026-12-05T09:00:00Z', COURIER)).toBe('2026-12-08');
    expect(promised('2026-12-06T22:59:00Z', COURIER)).toBe('2026-12-08');
    // Sunday 23:00 UTC is already Monday in Prague, before the cut-off
    expect(promised('2026-12-06T23:00:00Z', COURIER)).toBe('2026-12-08');
    expect(dispatchDay(at('2026-12-06T23:00:00Z'), '13:00')).toBe('2026-12-07');
  });

  it('follows the setting', () => {
    expect(promised('2026-12-03T14:00:00Z', COURIER, '16:00')).toBe('2026-12-04');
    expect(promised('2026-12-03T14:00:00Z', COURIER, '13:00')).toBe('2026-12-07');
  });

  it('says until when the promise holds: the dispatch day’s cut-off', () => {
    const before = deliveryPromise({ now: at('2026-12-03T09:00:00Z'), inStock: true, method: COURIER, cutoff: '13:00' });
    expect(before.orderBy).toEqual(at('2026-12-03T12:00:00Z'));
    const after = deliveryPromise({ now: at('2026-12-04T15:00:00Z'), inStock: true, method: COURIER, cutoff: '13:00' });
    expect(after.dispatchDate).toBe('2026-12-07');
    expect(after.orderBy).toEqual(at('2026-12-07T12:00:00Z'));
    expect(pragueDateTimeText(after.orderBy!)).toBe('2026-12-07 13:00');
  });
});

describe('summer time', () => {
  it('13:00 in Prague is 11:00 UTC in summer and 12:00 UTC in winter', () => {
    expect(pragueMoment('2026-03-27', 780)).toEqual(at('2026-03-27T12:00:00Z'));
    expect(pragueMoment('2026-03-30', 780)).toEqual(at('2026-03-30T11:00:00Z'));
    expect(pragueMoment('2026-10-23', 780)).toEqual(at('2026-10-23T11:00:00Z'));
    expect(pragueMoment('2026-10-26', 780)).toEqual(at('2026-10-26T12:00:00Z'));
    // the change days themselves: the spring gap and the autumn's repeated hour
    expect(pragueMoment('2026-03-29', 120)).toEqual(at('2026-03-29T01:00:00Z'));
    expect(pragueMoment('2026-03-29', 180)).toEqual(at('2026-03-29T01:00:00Z'));
    expect(pragueMoment('2026-10-25', 780)).toEqual(at('2026-10-25T12:00:00Z'));
  });

  it('the first Monday of summer time: 10:59 UTC is before the cut-off, 11:00 UTC after it', () => {
    expect(dispatchDay(at('2026-03-30T10:59:00Z'), '13:00')).toBe('2026-03-30');
    expect(dispatchDay(at('2026-03-30T11:00:00Z'), '13:00')).toBe('2026-03-31');
  });

  it('the first Monday of winter time: 11:30 UTC is 12:30 in Prague, before the cut-off', () => {
    expect(dispatchDay(at('2026-10-26T11:30:00Z'), '13:00')).toBe('2026-10-26');
    expect(dispatchDay(at('2026-10-26T12:00:00Z'), '13:00')).toBe('2026-10-27');
    // the last Friday of summer time: 11:30 UTC is 13:30 in Prague, after it
    expect(dispatchDay(at('2026-10-23T11:30:00Z'), '13:00')).toBe('2026-10-26');
  });

  it('an order on the night of the change leaves on Monday, and the promise holds until 13:00 summer time', () => {
    const promise = deliveryPromise({ now: at('2026-03-29T01:30:00Z'), inStock: true, method: COURIER, cutoff: '13:00' });
    expect(promise).toMatchObject({ kind: 'DELIVERY', dispatchDate: '2026-03-30', date: '2026-03-31' });
    expect(promise.orderBy).toEqual(at('2026-03-30T11:00:00Z'));
  });
});

describe('holiday weekends', () => {
  it('Easter 2026: Thursday afternoon leaves on Tuesday after Easter Monday', () => {
    const now = '2026-04-02T12:30:00Z'; // Thursday 14:30 summer time
    expect(dispatchDay(at(now), '13:00')).toBe('2026-04-07');
    expect(promised(now, COURIER)).toBe('2026-04-08');
    expect(promised(now, PARCEL_POINT)).toBe('2026-04-09');
    expect(promised(now, STORE_PICKUP)).toBe('2026-04-08');
    // Thursday morning: it leaves that day, the courier brings it after the long weekend
    expect(promised('2026-04-02T08:00:00Z', COURIER)).toBe('2026-04-07');
  });

  it('Easter 2027 (summer time starts on Easter Sunday): Thursday afternoon leaves on Tuesday 30 March', () => {
    const promise = deliveryPromise({ now: at('2027-03-25T13:00:00Z'), inStock: true, method: PARCEL_POINT, cutoff: '13:00' });
    expect(promise).toMatchObject({ dispatchDate: '2027-03-30', date: '2027-04-01' });
    expect(promise.orderBy).toEqual(at('2027-03-30T11:00:00Z'));
  });

  it('Christmas 2026: Wednesday 23 December', () => {
    expect(promised('2026-12-23T10:00:00Z', COURIER)).toBe('2026-12-28');
    expect(promised('2026-12-23T10:00:00Z', PARCEL_POINT)).toBe('2026-12-29');
    expect(promised('2026-12-23T12:00:00Z', COURIER)).toBe('2026-12-29');
    // and over New Year: Friday 1 January 2027 is a holiday
    expect(promised('2026-12-31T12:00:00Z', COURIER)).toBe('2027-01-05');
    expect(promised('2026-12-30T12:00:00Z', COURIER)).toBe('2027-01-04');
  });

  it('Christmas 2027 falls on Friday to Sunday', () => {
    expect(promised('2027-12-23T12:00:00Z', COURIER)).toBe('2027-12-28');
  });

  it('28 September, 28 October and 17 November on weekdays', () => {
    // 2026: Monday, Wednesday, Tuesday
    expect(promised('2026-09-25T12:00:00Z', COURIER)).toBe('2026-09-30'); // Friday afternoon: leaves Tuesday 29
    expect(promised('2026-10-27T10:00:00Z', COURIER)).toBe('2026-10-29'); // Tuesday morning: over the Wednesday holiday
    expect(promised('2026-11-16T10:00:00Z', COURIER)).toBe('2026-11-18'); // Monday morning: over the Tuesday holiday
    // 2027: Tuesday, Thursday, Wednesday
    expect(promised('2027-09-27T10:00:00Z', COURIER)).toBe('2027-09-29');
    expect(promised('2027-10-27T12:00:00Z', PARCEL_POINT)).toBe('2027-11-02'); // Wednesday afternoon: leaves Friday
    expect(promised('2027-11-16T13:00:00Z', COURIER)).toBe('2027-11-19');
    // 17.11.2025 is a Monday: Friday afternoon leaves on Tuesday
    expect(promised('2025-11-14T12:00:00Z', COURIER)).toBe('2025-11-19');
  });

  it('the same holidays on weekends change nothing', () => {
    expect(promised('2024-09-27T10:00:00Z', COURIER)).toBe('2024-09-30'); // 28.9.2024 is a Saturday
    expect(promised('2025-09-26T10:00:00Z', COURIER)).toBe('2025-09-29'); // 28.9.2025 is a Sunday
    expect(promised('2028-10-27T09:00:00Z', COURIER)).toBe('2028-10-30'); // 28.10.2028 is a Saturday
    expect(promised('2024-11-15T12:00:00Z', COURIER)).toBe('2024-11-19'); // 17.11.2024 is a Sunday
  });
});

describe('stock and methods', () => {
  it('goods out of stock get no date', () => {
    expect(deliveryPromise({ now: at('2026-12-03T08:00:00Z'), inStock: false, method: COURIER, cutoff: '13:00' })).toEqual({
      kind: 'UNAVAILABLE',
      date: null,
      dispatchDate: null,
      orderBy: null,
    });
    expect(earliestPromise({ now: at('2026-12-03T08:00:00Z'), inStock: false, methods: METHODS, cutoff: '13:00' }).kind).toBe('UNAVAILABLE');
  });

  it('every method: store pickup is a pickup, the others deliveries', () => {
    const now = at('2026-12-03T08:00:00Z');
    expect(deliveryPromise({ now, inStock: true, method: STORE_PICKUP, cutoff: '13:00' })).toMatchObject({ kind: 'PICKUP', date: '2026-12-04' });
    expect(deliveryPromise({ now, inStock: true, method: COURIER, cutoff: '13:00' })).toMatchObject({ kind: 'DELIVERY', date: '2026-12-04' });
    expect(deliveryPromise({ now, inStock: true, method: PARCEL_POINT, cutoff: '13:00' })).toMatchObject({ kind: 'DELIVERY', date: '2026-12-07' });
    expect(deliveryPromise({ now, inStock: true, method: { transitDays: 0, isPickup: true }, cutoff: '13:00' }).date).toBe('2026-12-03');
    expect(() => deliveryPromise({ now, inStock: true, method: { transitDays: -1, isPickup: false }, cutoff: '13:00' })).toThrow(RangeError);
  });

  it('the earliest promise prefers a delivery to a pickup, and the fastest delivery', () => {
    const now = at('2026-12-03T08:00:00Z');
    expect(earliestPromise({ now, inStock: true, methods: METHODS, cutoff: '13:00' })).toMatchObject({ kind: 'DELIVERY', date: '2026-12-04' });
    expect(earliestPromise({ now, inStock: true, methods: [STORE_PICKUP], cutoff: '13:00' })).toMatchObject({ kind: 'PICKUP' });
    expect(earliestPromise({ now, inStock: true, methods: [], cutoff: '13:00' }).kind).toBe('UNAVAILABLE');
  });
});

describe('the words', () => {
  const on = (date: string, kind: 'DELIVERY' | 'PICKUP' = 'DELIVERY') => ({ kind, date, dispatchDate: date, orderBy: new Date(0) });

  it('Czech puts the weekday after v / ve', () => {
    expect(formatDeliveryPromise(on('2026-12-03'), 'cs')).toBe('Doručíme ve čtvrtek 3. 12.');
    expect(formatDeliveryPromise(on('2026-12-02'), 'cs')).toBe('Doručíme ve středu 2. 12.');
    expect(formatDeliveryPromise(on('2026-11-30'), 'cs')).toBe('Doručíme v pondělí 30. 11.');
    expect(formatDeliveryPromise(on('2026-12-01'), 'cs')).toBe('Doručíme v úterý 1. 12.');
    expect(formatDeliveryPromise(on('2026-12-04'), 'cs')).toBe('Doručíme v pátek 4. 12.');
    expect(formatDeliveryPromise(on('2026-12-05'), 'cs')).toBe('Doručíme v sobotu 5. 12.');
    expect(formatDeliveryPromise(on('2026-12-06'), 'cs')).toBe('Doručíme v neděli 6. 12.');
  });

  it('English', () => {
    expect(formatDeliveryPromise(on('2026-12-03'), 'en')).toBe('Delivered on Thursday 3 Dec');
    expect(formatDeliveryPromise(on('2027-01-04'), 'en')).toBe('Delivered on Monday 4 Jan');
  });

  it('a pickup says from when, the Czech weekday in the genitive', () => {
    expect(formatDeliveryPromise(on('2026-12-03', 'PICKUP'), 'cs')).toBe('K vyzvednutí na prodejně od čtvrtka 3. 12.');
    expect(formatDeliveryPromise(on('2026-12-02', 'PICKUP'), 'cs')).toBe('K vyzvednutí na prodejně od středy 2. 12.');
    expect(formatDeliveryPromise(on('2026-12-04', 'PICKUP'), 'cs')).toBe('K vyzvednutí na prodejně od pátku 4. 12.');
    expect(formatDeliveryPromise(on('2026-12-03', 'PICKUP'), 'en')).toBe('Ready for pickup in store from Thursday 3 Dec');
  });

  it('goods out of stock say so', () => {
    const none = deliveryPromise({ now: at('2026-12-03T08:00:00Z'), inStock: false, method: COURIER, cutoff: '13:00' });
    expect(formatDeliveryPromise(none, 'cs')).toBe('Momentálně nedostupné, termín doručení zatím neznáme');
    expect(formatDeliveryPromise(none, 'en')).toBe('Currently unavailable, no delivery date yet');
  });
});
