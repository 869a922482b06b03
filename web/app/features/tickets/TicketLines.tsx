// The cart's ticket lines (the cart page and the checkout): the match, the seat, its price and how
// long the seat is still held (15 minutes from its hold, counted down), with a button that lets the
// seat go. Every cart answer carries them (TicketLinesFields is part of CartLinesFields).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { useTranslation } from '../../i18n/index.ts';
import { href, useLanguage } from '../../language.ts';
import { Money } from '../../components/ui/Money.tsx';
import { useNotify } from '../../components/ui/Toasts.tsx';
import { formatDateTime } from '../../../../schema/rules/dates.ts';

export const TicketLinesFieldsFragment = graphql(`
  fragment TicketLinesFields on Cart {
    tickets {
      id
      seat
      section
      row
      number
      heldUntil
      price {
        ...PriceFields
      }
      category {
        id
        code
        name
      }
      event {
        id
        slug
        name
        kickoff
        venue {
          name
          city
        }
      }
    }
  }
`);

export const ReleaseSeatsMutation = graphql(`
  mutation ReleaseSeats($eventId: ID!, $seats: [Int!]!) {
    releaseSeats(eventId: $eventId, seats: $seats) {
      ...CartPageFields
    }
  }
`);

export type TicketLinesRef = FragmentType<typeof TicketLinesFieldsFragment>;

export const ticketLinesOf = (cart: TicketLinesRef) => getFragmentData(TicketLinesFieldsFragment, cart).tickets;

/** Minutes and seconds left until `until` ("14:05"), "0:00" once it has passed. */
export function timeLeft(until: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The time a hold has left, counted down every second (the server's render shows it as rendered). */
export function HoldCountdown({ until }: { until: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const expired = Date.parse(until) <= now;
  return (
    <span className={`hold-countdown${expired ? ' hold-countdown--expired' : ''}`} suppressHydrationWarning>
      {expired ? t('tickets.holdExpired') : t('tickets.heldFor', { time: timeLeft(until, now) })}
    </span>
  );
}

/** `editable`: with a button to let each seat go (the cart); the checkout lists them only. */
export function TicketLines({ cart, editable = true }: { cart: TicketLinesRef; editable?: boolean }) {
  const tickets = ticketLinesOf(cart);
  const { t } = useTranslation();
  const language = useLanguage();
  const { notify } = useNotify();
  const [release, { loading }] = useMutation(ReleaseSeatsMutation);
  if (tickets.length === 0) return null;

  const remove = async (eventId: string, seat: number) => {
    try {
      await release({ variables: { eventId, seats: [seat] } });
    } catch {
      notify('error', t('error.generic'));
    }
  };

  return (
    <section className="ticket-lines" aria-labelledby="ticket-lines-heading">
      <h2 id="ticket-lines-heading" className="ticket-lines__heading">
        {t('tickets.tickets')}
      </h2>
      <ul className="ticket-lines__list">
        {tickets.map((ticket) => {
          const seat = t('tickets.seatShort', { section: ticket.section, row: ticket.row, number: ticket.number });
          return (
            <li key={ticket.id} className="ticket-line" data-testid="ticket-line">
              <div className="ticket-line__what">
                <Link to={href('event', language, { slug: ticket.event.slug })} className="ticket-line__event">
                  {ticket.event.name}
                </Link>
                <span className="muted">
                  {formatDateTime(ticket.event.kickoff, language)}, {ticket.event.venue.name}
                </span>
                <span className="ticket-line__seat">{seat}</span>
                <span className="muted">{t('tickets.categoryName', { code: ticket.category.code, name: ticket.category.name })}</span>
              </div>
              <div className="ticket-line__price">
                <Money price={ticket.price} />
                <HoldCountdown until={ticket.heldUntil} />
                {editable ? (
                  <button type="button" className="link-button" disabled={loading} onClick={() => void remove(ticket.event.id, ticket.seat)} aria-label={t('tickets.removeTicket', { seat })}>
                    {t('cart.remove')}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
