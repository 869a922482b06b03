// The seat picker of an event page: the plan (or the list of free seats), the legend with the
// price categories, and beside them the shopper's seats with their prices. A click on a free seat
// shows it 'Vybrané' at once and asks the server to hold it (holdSeats); when another shopper was
// faster the seat goes back, 'Místo už je obsazené' is shown and the plan is read again. Seats
// taken or freed by others arrive live (live-seats.ts).
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { useTranslation } from '../../i18n/index.ts';
import { href, useLanguage } from '../../language.ts';
import { priceOf, useFormatMoney } from '../../components/ui/Money.tsx';
import { sessionCartIs } from '../../apollo/cache.ts';
import { errorOf } from '../../apollo/errors.ts';
import { layOutPlan, seatPlace, type SeatLayout } from './seat-plan.ts';
import { categoryColours, SEAT_COLOURS } from './seat-colours.ts';
import { useLiveAvailability } from './live-seats.ts';
import { SeatPlanSvg } from './SeatPlanSvg.tsx';
import { FreeSeatList } from './FreeSeatList.tsx';
import { ReleaseSeatsMutation } from './TicketLines.tsx';
import { runWithCaptcha, useCaptcha } from '../captcha/useCaptcha.ts';

/** The server asks once per session, after its first hold: always try without a token first. */
const CAPTCHA_WHEN_ASKED = { captchaNeeded: false, setCaptchaNeeded: () => undefined };

export const SeatPickerFieldsFragment = graphql(`
  fragment SeatPickerFields on Event {
    id
    slug
    maxSeatsPerOrder
    salesOpen
    categories {
      id
      code
      name
      price {
        ...PriceFields
      }
    }
    plan {
      width
      height
      seatCount
      pitch {
        x
        y
        width
        height
      }
      sections {
        id
        name
        label {
          x
          y
        }
        rows {
          name
          x
          y
          dx
          dy
          count
          firstNumber
          firstIndex
          categoryCode
        }
      }
    }
    availability {
      taken
      mine
    }
  }
`);

export const HoldSeatsMutation = graphql(`
  mutation HoldSeats($eventId: ID!, $seats: [Int!]!, $captcha: String) {
    holdSeats(eventId: $eventId, seats: $seats, captcha: $captcha) {
      __typename
      ... on Cart {
        ...CartFields
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

type Notice = { kind: 'limit' | 'error'; text: string; hint?: string } | null;

export function SeatPicker({ event: eventRef }: { event: FragmentType<typeof SeatPickerFieldsFragment> }) {
  const event = getFragmentData(SeatPickerFieldsFragment, eventRef);
  const { t } = useTranslation();
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const layout = useMemo<SeatLayout>(() => layOutPlan(event.plan), [event.plan]);
  const colourOf = useMemo(() => categoryColours(event.categories.map((category) => category.code)), [event.categories]);
  const categories = useMemo(() => new Map(event.categories.map((category) => [category.code, { ...category, amount: priceOf(category.price) }])), [event.categories]);
  const { availability, setAvailability, refresh } = useLiveAvailability(event, event.availability);
  const [pending, setPending] = useState<ReadonlyMap<number, 'hold' | 'release'>>(new Map());
  const [notice, setNotice] = useState<Notice>(null);
  const [view, setView] = useState<'plan' | 'list'>('plan');
  const [holdSeats] = useMutation(HoldSeatsMutation, {
    update: (cache, { data }) => {
      if (data?.holdSeats.__typename === 'Cart') sessionCartIs(cache, data.holdSeats);
    },
  });
  const [releaseSeats] = useMutation(ReleaseSeatsMutation);
  // after a session's first hold the server asks for the captcha once (decision 0048): solved in the background
  const captcha = useCaptcha('HOLD_SEATS');
  const captchaPrepared = useRef(false);

  /** The shopper's seats as shown: held ones and those being held, less those being let go. */
  const selected = useMemo(() => {
    const seats = new Set(availability.mine);
    for (const [seat, change] of pending) {
      if (change === 'hold') seats.add(seat);
      else seats.delete(seat);
    }
    return [...seats].sort((a, b) => a - b);
  }, [availability.mine, pending]);

  const settle = (seat: number) =>
    setPending((current) => {
      const next = new Map(current);
      next.delete(seat);
      return next;
    });

  const priceText = (seat: number) => {
    const category = categories.get(layout.category[seat]);
    return category ? formatMoney(category.amount.withVat, category.amount.currency) : '';
  };

  const seatName = useCallback(
    (seat: number) => {
      const place = seatPlace(layout, seat);
      return t('tickets.seatName', { section: place.section, row: place.row, number: place.number, category: place.category, price: priceText(seat) });
    },
    // priceText reads categories and the language's money format
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layout, t, categories, formatMoney],
  );

  const seatLabel = (seat: number) => {
    const state = selected.includes(seat) ? t('tickets.selected') : availability.taken.has(seat) ? t('tickets.occupied') : t('tickets.available');
    return `${seatName(seat)} – ${state.toLocaleLowerCase(language)}`;
  };

  const hold = async (seat: number) => {
    setPending((current) => new Map(current).set(seat, 'hold'));
    try {
      const answered = await runWithCaptcha(captcha, CAPTCHA_WHEN_ASKED, async (token) => (await holdSeats({ variables: { eventId: event.id, seats: [seat], captcha: token } })).data?.holdSeats);
      const outcome = answered?.outcome;
      if (outcome?.__typename === 'Cart') {
        setAvailability((current) => ({ ...current, mine: current.mine.includes(seat) ? current.mine : [...current.mine, seat] }));
        if (!captchaPrepared.current) {
          captchaPrepared.current = true;
          captcha.prepare();
        }
      } else if (!answered) {
        setNotice({ kind: 'error', text: captcha.error ?? t('captcha.failed') });
      } else {
        const error = outcome ? errorOf(outcome) : null;
        // the limits of one client and the cool-down say what to do themselves; only a taken seat needs the hint
        const hint = outcome?.__typename === 'SeatTakenError' ? t('tickets.takenHint') : undefined;
        setNotice({ kind: 'error', text: error?.message ?? t('tickets.holdFailed'), hint });
        await refresh();
      }
    } catch {
      setNotice({ kind: 'error', text: t('tickets.holdFailed') });
    } finally {
      settle(seat);
    }
  };

  const release = async (seat: number) => {
    setPending((current) => new Map(current).set(seat, 'release'));
    try {
      await releaseSeats({ variables: { eventId: event.id, seats: [seat] } });
      setAvailability((current) => {
        const taken = new Set(current.taken);
        taken.delete(seat);
        return { taken, mine: current.mine.filter((mine) => mine !== seat) };
      });
    } catch {
      setNotice({ kind: 'error', text: t('error.generic') });
    } finally {
      settle(seat);
    }
  };

  const toggle = (seat: number) => {
    if (pending.has(seat)) return;
    if (selected.includes(seat)) {
      setNotice(null);
      void release(seat);
    } else if (availability.taken.has(seat)) {
      setNotice({ kind: 'error', text: t('tickets.taken') });
    } else if (selected.length >= event.maxSeatsPerOrder) {
      setNotice({ kind: 'limit', text: t('tickets.limitReached', { count: event.maxSeatsPerOrder }) });
    } else {
      setNotice(null);
      void hold(seat);
    }
  };

  const total = selected.reduce((sum, seat) => sum + (categories.get(layout.category[seat])?.amount.withVat ?? 0), 0);
  const currency = event.categories[0] ? priceOf(event.categories[0].price).currency : 'CZK';
  // The plan's taken seats less the shopper's own (the live stream reports her holds as taken too).
  // The same set while a click only changes seats that are not taken, so the 8 000 seats' paths are
  // not drawn again on a click.
  const ownTaken = selected.filter((seat) => availability.taken.has(seat)).join(' ');
  const shown = useMemo(() => {
    if (!ownTaken) return availability.taken;
    const taken = new Set(availability.taken);
    for (const seat of ownTaken.split(' ')) taken.delete(Number(seat));
    return taken;
  }, [availability.taken, ownTaken]);

  return (
    <div className="seat-picker">
      <div className="seat-picker__main">
        <div className="seat-picker__views" role="group" aria-label={t('tickets.plan')}>
          <button type="button" className="button seat-picker__view" aria-pressed={view === 'plan'} onClick={() => setView('plan')}>
            {t('tickets.viewPlan')}
          </button>
          <button type="button" className="button seat-picker__view" aria-pressed={view === 'list'} onClick={() => setView('list')}>
            {t('tickets.viewList')}
          </button>
        </div>
        {view === 'plan' ? (
          <SeatPlanSvg layout={layout} pitch={event.plan.pitch} colourOf={colourOf} taken={shown} selected={selected} seatLabel={seatLabel} onToggle={toggle} disabled={!event.salesOpen} onShowList={() => setView('list')} />
        ) : (
          <FreeSeatList layout={layout} taken={availability.taken} selected={selected} seatName={seatName} onToggle={toggle} disabled={!event.salesOpen} />
        )}
        <ul className="seat-legend" aria-label={t('tickets.legend')}>
          <li>
            <span className="seat-legend__dot seat-legend__dot--selected" style={{ background: SEAT_COLOURS.selected }} aria-hidden="true" />
            {t('tickets.selected')}
          </li>
          <li>
            <span className="seat-legend__dot" style={{ background: SEAT_COLOURS.taken }} aria-hidden="true" />
            {t('tickets.occupied')}
          </li>
          {event.categories.map((category) => (
            <li key={category.id}>
              <span className="seat-legend__dot" style={{ background: colourOf(category.code) }} aria-hidden="true" />
              {t('tickets.available')}: {t('tickets.categoryPrice', { code: category.code, price: formatMoney(priceOf(category.price).withVat, priceOf(category.price).currency) })}
              <span className="muted"> ({category.name})</span>
            </li>
          ))}
        </ul>
      </div>
      <aside className="seat-picker__side" aria-labelledby="your-seats-heading">
        <h2 id="your-seats-heading">{t('tickets.yourSeats')}</h2>
        <div className="seat-picker__notice" role="status">
          {notice ? (
            <p className={`seat-picker__message seat-picker__message--${notice.kind}`}>
              {notice.text}
              {notice.hint ? <span className="seat-picker__hint"> {notice.hint}</span> : null}
            </p>
          ) : null}
        </div>
        {selected.length === 0 ? (
          <p className="muted">{t('tickets.noSeats')}</p>
        ) : (
          <ul className="selected-seats" aria-label={t('tickets.selected')}>
            {selected.map((seat) => (
              <li key={seat} className="selected-seats__seat" data-testid="selected-seat">
                <span className="seat-legend__dot seat-legend__dot--selected" style={{ background: SEAT_COLOURS.selected }} aria-hidden="true" />
                <span className="selected-seats__name">
                  {seatName(seat)}
                  <span className="selected-seats__state"> – {t('tickets.selected')}</span>
                </span>
                <button type="button" className="link-button" onClick={() => toggle(seat)} disabled={pending.has(seat)} aria-label={t('tickets.releaseName', { seat: seatName(seat) })}>
                  {t('cart.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="selected-seats__total">
          <span>{t('tickets.seatsTotal')}</span> <strong>{formatMoney(total, currency)}</strong>
        </p>
        <p className="muted">{t('tickets.perOrder', { count: event.maxSeatsPerOrder })}</p>
        {selected.length > 0 ? (
          <Link className="button button--primary" to={href('cart', language)}>
            {t('tickets.toCart')}
          </Link>
        ) : null}
      </aside>
    </div>
  );
}
