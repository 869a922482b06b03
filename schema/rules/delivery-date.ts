// The delivery date promise (issue 43 §3, docs/decisions/0069): "Doručíme ve čtvrtek 3. 12." on the product
// page, in the cart and per delivery method in the checkout, from one rule. Goods in stock ordered on a
// working day before the dispatch cut-off (DISPATCH_CUTOFF, Prague wall clock) leave that day, else on the
// next working day; the delivery method's transit days (working days) follow. Working days are Monday to
// Friday without the Czech public holidays (zákon č. 245/2000 Sb.). Pure: `now` is always passed in.
import { addDays, isoDayOfWeek, pragueClock } from './opening-hours.ts';
import type { Locale } from './locale.ts';

/** The cut-off's default: what is ordered by 13:00 on a working day leaves the same day. */
export const DEFAULT_DISPATCH_CUTOFF = '13:00';
/** A delivery method never takes longer than this (the column's CHECK constraint says the same). */
export const MAX_TRANSIT_DAYS = 30;

const CUTOFF = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

/** The cut-off's minute of the day, or null when it is not HH:MM (00:00–23:59). */
export function parseDispatchCutoff(value: string): number | null {
  const match = CUTOFF.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Easter Sunday of a Gregorian year (YYYY-MM-DD), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The fixed public holidays and days off of the Czech Republic (MM-DD). */
const FIXED_HOLIDAYS = ['01-01', '05-01', '05-08', '07-05', '07-06', '09-28', '10-28', '11-17', '12-24', '12-25', '12-26'];

const holidayYears = new Map<number, ReadonlySet<string>>();

/** Every Czech public holiday of a year (YYYY-MM-DD): the fixed ones, Good Friday and Easter Monday. */
export function czechPublicHolidays(year: number): ReadonlySet<string> {
  let days = holidayYears.get(year);
  if (!days) {
    const easter = easterSunday(year);
    days = new Set([...FIXED_HOLIDAYS.map((day) => `${year}-${day}`), addDays(easter, -2), addDays(easter, 1)]);
    holidayYears.set(year, days);
  }
  return days;
}

/** A working day: Monday to Friday and not a public holiday. */
export function isWorkingDay(date: string): boolean {
  return isoDayOfWeek(date) <= 5 && !czechPublicHolidays(Number(date.slice(0, 4))).has(date);
}

/** The first working day on or after `date`. */
export function workingDayFrom(date: string): string {
  let day = date;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/** The working day `days` working days after `date` (0: `date` itself, which should be a working day). */
export function addWorkingDays(date: string, days: number): string {
  let day = date;
  for (let left = days; left > 0; left--) day = workingDayFrom(addDays(day, 1));
  return day;
}

/** The offset of Prague time from UTC at a moment, in minutes (60 in winter, 120 in summer). */
function pragueOffsetMinutes(at: number): number {
  const clock = pragueClock(new Date(at));
  const wall = Date.UTC(Number(clock.date.slice(0, 4)), Number(clock.date.slice(5, 7)) - 1, Number(clock.date.slice(8, 10))) + clock.minute * 60_000;
  return Math.round((wall - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** The moment a Prague wall-clock time of a day happens (summer time included; a time in the spring gap counts after it). */
export function pragueMoment(date: string, minuteOfDay: number): Date {
  const wall = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + minuteOfDay * 60_000;
  const first = wall - pragueOffsetMinutes(wall) * 60_000;
  return new Date(wall - pragueOffsetMinutes(first) * 60_000);
}

/** The working day the goods ordered at `now` leave the warehouse. */
export function dispatchDay(now: Date, cutoff: string): string {
  const cutoffMinute = parseDispatchCutoff(cutoff);
  if (cutoffMinute === null) throw new RangeError(`Invalid dispatch cut-off: ${cutoff}`);
  const clock = pragueClock(now);
  if (isWorkingDay(clock.date) && clock.minute < cutoffMinute) return clock.date;
  return workingDayFrom(addDays(clock.date, 1));
}

/** What a delivery method takes: its transit days (working days after dispatch) and whether it is a store pickup. */
export type DeliveryTiming = { transitDays: number; isPickup: boolean };

export type DeliveryPromise =
  | {
      /** Delivered (home, pick-up point) or ready in a store on `date`. */
      kind: 'DELIVERY' | 'PICKUP';
      /** The Prague day promised (YYYY-MM-DD). */
      date: string;
      /** The working day the goods leave. */
      dispatchDate: string;
      /**
       * The promise holds for orders placed before this moment (the dispatch day's cut-off); after it
       * the same goods get a later date. Nothing else of the clock changes it: pages may be kept until then.
       */
      orderBy: Date;
    }
  | { kind: 'UNAVAILABLE'; date: null; dispatchDate: null; orderBy: null };

export const UNAVAILABLE_PROMISE: DeliveryPromise = { kind: 'UNAVAILABLE', date: null, dispatchDate: null, orderBy: null };

/** The promise for goods ordered at `now` with a delivery method: none for goods not in stock. */
export function deliveryPromise(input: { now: Date; inStock: boolean; method: DeliveryTiming; cutoff: string }): DeliveryPromise {
  if (!input.inStock) return UNAVAILABLE_PROMISE;
  const transitDays = input.method.transitDays;
  if (!Number.isInteger(transitDays) || transitDays < 0 || transitDays > MAX_TRANSIT_DAYS) throw new RangeError(`Invalid transit days: ${transitDays}`);
  const dispatchDate = dispatchDay(input.now, input.cutoff);
  return {
    kind: input.method.isPickup ? 'PICKUP' : 'DELIVERY',
    date: addWorkingDays(dispatchDate, transitDays),
    dispatchDate,
    orderBy: pragueMoment(dispatchDate, parseDispatchCutoff(input.cutoff)!),
  };
}

/**
 * The promise a product page and the cart state: the earliest of the methods that bring the goods
 * (not a store pickup), else the earliest pickup; UNAVAILABLE when out of stock or no method is offered.
 */
export function earliestPromise(input: { now: Date; inStock: boolean; methods: readonly DeliveryTiming[]; cutoff: string }): DeliveryPromise {
  if (!input.inStock) return UNAVAILABLE_PROMISE;
  const delivering = input.methods.filter((method) => !method.isPickup);
  const candidates = delivering.length > 0 ? delivering : input.methods;
  let best: DeliveryPromise = UNAVAILABLE_PROMISE;
  for (const method of candidates) {
    const promise = deliveryPromise({ ...input, method });
    if (best.date === null || (promise.date !== null && promise.date < best.date)) best = promise;
  }
  return best;
}

// ------------------------------------------------------------------ words

/** Weekday after "od" (from), genitive in Czech: od pondělí, od středy, od čtvrtka. */
const FROM_WEEKDAY: Record<Locale, readonly string[]> = {
  cs: ['pondělí', 'úterý', 'středy', 'čtvrtka', 'pátku', 'soboty', 'neděle'],
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
};

/** Weekday after "v"/"ve" (on), accusative in Czech; ve before st- and čt- (ve středu, ve čtvrtek). */
const ON_WEEKDAY: Record<Locale, readonly string[]> = {
  cs: ['v pondělí', 'v úterý', 've středu', 've čtvrtek', 'v pátek', 'v sobotu', 'v neděli'],
  en: ['on Monday', 'on Tuesday', 'on Wednesday', 'on Thursday', 'on Friday', 'on Saturday', 'on Sunday'],
};

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The day without the year, as Czech writes it ("3. 12.") or British English ("3 Dec"). */
export function shortDay(date: string, locale: Locale): string {
  const day = Number(date.slice(8, 10));
  const month = Number(date.slice(5, 7));
  return locale === 'cs' ? `${day}. ${month}.` : `${day} ${MONTHS_EN[month - 1]}`;
}

export const DELIVERY_PROMISE_TEXTS = {
  DELIVERY: { cs: 'Doručíme {on} {day}', en: 'Delivered {on} {day}' },
  PICKUP: { cs: 'K vyzvednutí na prodejně od {from} {day}', en: 'Ready for pickup in store from {from} {day}' },
  UNAVAILABLE: {
    cs: 'Momentálně nedostupné, termín doručení zatím neznáme',
    en: 'Currently unavailable, no delivery date yet',
  },
} as const;

/** The promise as a sentence: "Doručíme ve čtvrtek 3. 12." / "Delivered on Thursday 3 Dec". */
export function formatDeliveryPromise(promise: DeliveryPromise, locale: Locale): string {
  if (promise.kind === 'UNAVAILABLE') return DELIVERY_PROMISE_TEXTS.UNAVAILABLE[locale];
  const weekday = isoDayOfWeek(promise.date) - 1;
  return DELIVERY_PROMISE_TEXTS[promise.kind][locale]
    .replace('{on}', ON_WEEKDAY[locale][weekday])
    .replace('{from}', FROM_WEEKDAY[locale][weekday])
    .replace('{day}', shortDay(promise.date, locale));
}

/** Heureka's availability feed writes the deadline and the date as "YYYY-MM-DD HH:MM" in Prague time. */
export function pragueDateTimeText(moment: Date): string {
  const clock = pragueClock(moment);
  const hours = String(Math.floor(clock.minute / 60)).padStart(2, '0');
  const minutes = String(clock.minute % 60).padStart(2, '0');
  return `${clock.date} ${hours}:${minutes}`;
}
