// Pick-up points (the 'parcel-point' delivery): the method's code, the search's limits, and how a
// point's distance and opening hours read, the same in the checkout, the API and the documents.
import type { Locale } from './locale.ts';

/** The delivery method (its code) that goes to a carrier's pick-up point or parcel locker. */
export const PARCEL_POINT_DELIVERY_CODE = 'parcel-point';

/** The longest search (a town, a street or a PSČ) the picker sends. */
export const PICKUP_POINT_SEARCH_MAX_LENGTH = 100;
/** Points one search lists at most, and by default. */
export const PICKUP_POINTS_MAX_FIRST = 50;
export const PICKUP_POINTS_DEFAULT_FIRST = 20;

const DAY_NAMES: Record<Locale, readonly string[]> = {
  cs: ['Po', 'Út', 'St', 'Čt', 'Pá', 'So', 'Ne'],
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
};

/** "350 m", "1,2 km", "14 km" (English: "1.2 km"). */
export function formatDistance(km: number, locale: Locale): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  const rounded = km < 10 ? km.toFixed(1) : String(Math.round(km));
  return `${locale === 'cs' ? rounded.replace('.', ',') : rounded} km`;
}

/**
 * A week of opening hours (seven strings, Monday first, "" for a closed day) as one line, days with
 * the same hours joined: "Po–Pá 08:00–18:00, So 09:00–12:00". Closed days are left out; a week with
 * no hours at all reads as the closed text.
 */
export function formatOpeningHours(week: readonly string[], locale: Locale): string {
  const names = DAY_NAMES[locale];
  const parts: string[] = [];
  let day = 0;
  while (day < 7) {
    const hours = (week[day] ?? '').trim();
    let last = day;
    while (last + 1 < 7 && (week[last + 1] ?? '').trim() === hours) last += 1;
    if (hours !== '') parts.push(`${last === day ? names[day] : `${names[day]}–${names[last]}`} ${hours}`);
    day = last + 1;
  }
  if (parts.length === 0) return locale === 'cs' ? 'otevírací doba neuvedena' : 'opening hours not given';
  return parts.join(', ');
}
