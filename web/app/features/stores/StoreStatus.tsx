// "Nyní otevřeno · zavírá v 19:00" and the days ahead with other hours, as the server judged them on
// the Prague clock with the shop's holidays (bff/src/graphql/schema/store-hours.ts); and the directions link.
import { useTranslation } from '../../i18n/index.ts';
import { useEffect, useState } from 'react';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { addDays, onWeekday, openingStatus, pragueClock, type OpeningStatus as Status, type WeeklySlot } from '../../../../schema/rules/opening-hours.ts';
import { formatDate } from '../../../../schema/rules/dates.ts';
import { useLanguage } from '../../language.ts';

/** "Open now" as the server judged it when it answered. */
export const OpeningStatusFieldsFragment = graphql(`
  fragment OpeningStatusFields on StoreOpeningStatus {
    open
    closesAt
    holidayToday
    nextOpening {
      date
      dayOfWeek
      opens
    }
  }
`);

/** A day ahead with other hours than the week's (closed when it has none). */
export const SpecialDayFieldsFragment = graphql(`
  fragment SpecialDayFields on StoreSpecialDay {
    date
    dayOfWeek
    opens
    closes
  }
`);

type ShownStatus = Pick<Status, 'open' | 'closesAt' | 'holidayToday' | 'nextOpening'>;
type SpecialDayRef = FragmentType<typeof SpecialDayFieldsFragment>;

/** Directions from wherever the shopper is to the store (opens the map app on a phone). */
export function directionsUrl(store: { latitude: number; longitude: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${store.latitude},${store.longitude}`;
}

function statusText(status: ShownStatus, t: (key: string, values?: Record<string, unknown>) => string, language: 'cs' | 'en'): string {
  if (status.open && status.closesAt) return t('stores.openNow', { time: status.closesAt });
  const next = status.nextOpening;
  const prefix = status.holidayToday ? `${t('stores.holidayToday')} · ` : '';
  if (!next) return status.holidayToday ? t('stores.holidayToday') : t('stores.closedNow');
  // "today" and "tomorrow" on the Prague calendar, as the server decided the dates
  const today = pragueClock(new Date()).date;
  if (next.date === today) return prefix + t('stores.opensToday', { time: next.opens });
  if (next.date === addDays(today, 1)) return prefix + t('stores.opensTomorrow', { time: next.opens });
  return prefix + t('stores.opensOn', { day: onWeekday(next.dayOfWeek, language), date: formatDate(`${next.date}T12:00:00Z`, language), time: next.opens });
}

type OpeningStatusProps = {
  /** What the server said when it rendered the page. */
  status: FragmentType<typeof OpeningStatusFieldsFragment>;
  /**
   * The week and the special days ahead: with them the browser judges "open now" again after
   * hydration and every minute, so a page served from the response cache, or left open past the
   * closing time, never says "open" when the store has closed.
   */
  week?: readonly WeeklySlot[];
  days?: readonly SpecialDayRef[];
  as?: 'p' | 'span';
};

export function OpeningStatus({ week, as: Tag = 'p', ...props }: OpeningStatusProps) {
  const rendered = getFragmentData(OpeningStatusFieldsFragment, props.status);
  const specialDays = getFragmentData(SpecialDayFieldsFragment, props.days);
  const { t } = useTranslation();
  const [status, setStatus] = useState<ShownStatus>(rendered);
  useEffect(() => {
    if (!week || !specialDays) {
      setStatus(rendered);
      return;
    }
    const judge = () => setStatus(openingStatus(new Date(), week, specialDays));
    judge();
    const timer = setInterval(judge, 60_000);
    return () => clearInterval(timer);
  }, [rendered, week, specialDays]);
  const language = useLanguage();
  return (
    <Tag className={status.open ? 'store-status store-status--open' : 'store-status store-status--closed'} data-testid="store-status">
      <span className="store-status__dot" aria-hidden="true" />
      {statusText(status, t, language)}
    </Tag>
  );
}

export function SpecialDays(props: { days: readonly SpecialDayRef[] }) {
  const days = getFragmentData(SpecialDayFieldsFragment, props.days);
  const { t } = useTranslation();
  const language = useLanguage();
  const names = t('stores.days', { returnObjects: true }) as string[];
  if (days.length === 0) return null;
  return (
    <section className="store-special-days" aria-labelledby="store-special-days">
      <h2 id="store-special-days" className="store-special-days__title">
        {t('stores.specialDays')}
      </h2>
      <ul>
        {days.map((day) => (
          <li key={day.date}>
            {names[day.dayOfWeek]} {formatDate(`${day.date}T12:00:00Z`, language)}: {day.opens && day.closes ? `${day.opens}–${day.closes}` : t('stores.specialClosed')}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DirectionsLink({ store }: { store: { name: string; latitude: number; longitude: number } }) {
  const { t } = useTranslation();
  return (
    <a className="store-directions" href={directionsUrl(store)} target="_blank" rel="noopener noreferrer" aria-label={t('stores.directionsTo', { name: store.name })}>
      {t('stores.directions')}
    </a>
  );
}
