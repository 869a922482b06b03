// Store opening hours: "open now, closes at 19:00" or "closed, opens Monday at 9:00", judged on the
// Prague wall clock (summer time included) and on the days the shop defines as holidays or special
// hours. Pure: the moment is always passed in, so a fixed clock tests every case.
import { TIME_ZONE } from './constants.ts';
import type { Locale } from './locale.ts';

/** One opening of the regular week: ISO day (1 = Monday), HH:MM to HH:MM. */
export type WeeklySlot = { dayOfWeek: number; opens: string; closes: string };

/** A day with other hours than the week's: closed when opens and closes are null. */
export type SpecialDay = { date: string; opens: string | null; closes: string | null; storeSpecific?: boolean };

export type DayHours = { date: string; dayOfWeek: number; slots: { opens: string; closes: string }[]; special: boolean };

export type OpeningStatus = {
  open: boolean;
  /** While open: when the current opening ends (HH:MM). */
  closesAt: string | null;
  /** While closed: the next opening within two weeks, or null. */
  nextOpening: { date: string; dayOfWeek: number; opens: string } | null;
  /** Today is a holiday or has special hours. */
  specialToday: boolean;
  /** Today is a holiday: closed all day although the week says open. */
  holidayToday: boolean;
};

const TIME = /^([01][0-9]|2[0-3]):([0-5][0-9])$|^24:00$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isTimeOfDay(value: string): boolean {
  return TIME.test(value);
}

function minutes(time: string): number {
  const [hours, mins] = time.split(':').map(Number);
  return hours * 60 + mins;
}

// Made at its first use, not when the module loads (a time zone's data costs a page's first CPU, dates.ts).
let clockFormat: Intl.DateTimeFormat | undefined;

type PragueClock = { readonly date: string; readonly dayOfWeek: number; readonly minute: number };

/**
 * The clocks of the last minutes asked for: a page's delivery promises ask for the same few minutes
 * for every variant and method, and `formatToParts` was 1 % of a product page's render (issue 41).
 * A minute's clock never changes: the time zone's offsets are whole minutes.
 */
const recentClocks = new Map<number, PragueClock>();

/** The Prague calendar day (YYYY-MM-DD), ISO weekday and minute of the day of a moment. */
export function pragueClock(now: Date): PragueClock {
  const minuteOfEpoch = Math.floor(now.getTime() / 60_000);
  let clock = recentClocks.get(minuteOfEpoch);
  if (!clock) {
    clock = Object.freeze(formatPragueClock(now));
    if (recentClocks.size >= 64) recentClocks.clear();
    recentClocks.set(minuteOfEpoch, clock);
  }
  return clock;
}

function formatPragueClock(now: Date): PragueClock {
  clockFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(clockFormat.formatToParts(now).map((part) => [part.type, part.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, dayOfWeek: isoDayOfWeek(date), minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** ISO day of week (1 = Monday … 7 = Sunday) of a calendar day YYYY-MM-DD. */
export function isoDayOfWeek(date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Invalid date: ${date}`);
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * "on Wednesday" as a sentence says when a store opens: "otevírá ve středu". Czech puts the weekday
 * in the accusative after the preposition v, which becomes ve before the st- of středa and the čt-
 * of čtvrtek ("otevírá pondělí" lacked it).
 */
const ON_WEEKDAY: Record<Locale, readonly string[]> = {
  cs: ['v pondělí', 'v úterý', 've středu', 've čtvrtek', 'v pátek', 'v sobotu', 'v neděli'],
  en: ['on Monday', 'on Tuesday', 'on Wednesday', 'on Thursday', 'on Friday', 'on Saturday', 'on Sunday'],
};

/** The weekday with its preposition: onWeekday(3, 'cs') -> 've středu', onWeekday(1, 'en') -> 'on Monday' (ISO days, 1 = Monday). */
export function onWeekday(dayOfWeek: number, language: Locale): string {
  const phrase = ON_WEEKDAY[language][dayOfWeek - 1];
  if (!Number.isInteger(dayOfWeek) || phrase === undefined) throw new RangeError(`Invalid ISO day of week: ${dayOfWeek}`);
  return phrase;
}

/** The calendar day `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Invalid date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days)).toISOString().slice(0, 10);
}

/** The hours of one calendar day: a special day when there is one (a store's own before the shop's), else the week's. */
export function hoursOn(date: string, week: readonly WeeklySlot[], specialDays: readonly SpecialDay[]): DayHours {
  const dayOfWeek = isoDayOfWeek(date);
  const candidates = specialDays.filter((day) => day.date === date);
  const special = candidates.find((day) => day.storeSpecific) ?? candidates[0];
  if (special) {
    const slots = special.opens !== null && special.closes !== null ? [{ opens: special.opens, closes: special.closes }] : [];
    return { date, dayOfWeek, slots, special: true };
  }
  const slots = week
    .filter((slot) => slot.dayOfWeek === dayOfWeek)
    .map(({ opens, closes }) => ({ opens, closes }))
    .sort((a, b) => minutes(a.opens) - minutes(b.opens));
  return { date, dayOfWeek, slots, special: false };
}

/** Whether the store is open at `now`, until when, or when it opens next. */
export function openingStatus(now: Date, week: readonly WeeklySlot[], specialDays: readonly SpecialDay[]): OpeningStatus {
  const clock = pragueClock(now);
  const today = hoursOn(clock.date, week, specialDays);
  const current = today.slots.find((slot) => minutes(slot.opens) <= clock.minute && clock.minute < minutes(slot.closes));
  const weekHasToday = week.some((slot) => slot.dayOfWeek === clock.dayOfWeek);
  const holidayToday = today.special && today.slots.length === 0 && weekHasToday;
  if (current) return { open: true, closesAt: current.closes, nextOpening: null, specialToday: today.special, holidayToday: false };

  const laterToday = today.slots.find((slot) => minutes(slot.opens) > clock.minute);
  if (laterToday) {
    return { open: false, closesAt: null, nextOpening: { date: today.date, dayOfWeek: today.dayOfWeek, opens: laterToday.opens }, specialToday: today.special, holidayToday };
  }
  for (let offset = 1; offset <= 14; offset++) {
    const day = hoursOn(addDays(clock.date, offset), week, specialDays);
    if (day.slots.length > 0) {
      return { open: false, closesAt: null, nextOpening: { date: day.date, dayOfWeek: day.dayOfWeek, opens: day.slots[0].opens }, specialToday: today.special, holidayToday };
    }
  }
  return { open: false, closesAt: null, nextOpening: null, specialToday: today.special, holidayToday };
}
