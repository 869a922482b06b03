// Dates are shown and grouped in Prague time, whatever the time zone of the server or the browser.
import { TIME_ZONE } from './constants.ts';
import { localeTag, type Locale } from './locale.ts';

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

// Built once per locale: Intl formatters are expensive to create and cheap to reuse.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(kind: 'date' | 'dateTime', locale: Locale): Intl.DateTimeFormat {
  const key = `${kind}:${locale}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTag(locale), {
      timeZone: TIME_ZONE,
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      ...(kind === 'dateTime' ? { hour: '2-digit', minute: '2-digit' } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** cs: '22. 11. 2026', en: '11/22/2026'. */
export function formatDate(date: DateInput, locale: Locale): string {
  return dateFormat('date', locale).format(toDate(date));
}

/** cs: '22. 11. 2026 11:00', en: '11/22/2026, 11:00 AM'. */
export function formatDateTime(date: DateInput, locale: Locale): string {
  return dateFormat('dateTime', locale).format(toDate(date));
}

// Made at its first use, not when the module loads: the first formatter with a time zone loads the
// zone data (~40 ms of a browser's main thread before a page could hydrate, docs/performance.md).
let pragueDayFormat: Intl.DateTimeFormat | undefined;

/** YYYY-MM-DD of the Prague calendar day the moment falls on (23:30 UTC in November is already the next day). */
export function pragueDay(date: DateInput): string {
  pragueDayFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = pragueDayFormat.formatToParts(toDate(date));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
