// An order's tickets on its summary and detail: per seat the match, the section, row and seat in
// large type, the price and the QR code of the signed ticket (the server draws it from the code;
// no shopper input in it). A ticket of an order not yet paid says that it is not valid yet.
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { useTranslation } from '../../i18n/index.ts';
import { useLanguage } from '../../language.ts';
import { useFormatPrice } from '../../components/ui/Money.tsx';
import { formatDateTime } from '../../../../schema/rules/dates.ts';

export const OrderTicketsFieldsFragment = graphql(`
  fragment OrderTicketsFields on Order {
    tickets {
      id
      section
      row
      number
      code
      qrSvg
      paid
      price {
        ...PriceFields
      }
      event {
        id
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

export function OrderTickets({ order }: { order: FragmentType<typeof OrderTicketsFieldsFragment> }) {
  const { tickets } = getFragmentData(OrderTicketsFieldsFragment, order);
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormatPrice();
  if (tickets.length === 0) return null;
  return (
    <section aria-labelledby="order-tickets" className="section order-tickets-section" data-testid="order-tickets">
      <h2 id="order-tickets">{t('tickets.tickets')}</h2>
      <p className="muted">{t('tickets.ticketsHint')}</p>
      <ul className="order-tickets">
        {tickets.map((ticket) => {
          const seat = t('tickets.seatShort', { section: ticket.section, row: ticket.row, number: ticket.number });
          return (
            <li key={ticket.id} className="order-ticket" data-testid="order-ticket">
              <strong>{ticket.event.name}</strong>
              <span className="muted">
                {formatDateTime(ticket.event.kickoff, language)}, {ticket.event.venue.name}, {ticket.event.venue.city}
              </span>
              <span className="order-ticket__seat" data-testid="order-ticket-seat">
                {seat}
              </span>
              <span>{format(ticket.price)}</span>
              <img className="order-ticket__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ticket.qrSvg)}`} width={180} height={180} alt={t('tickets.qrFor', { seat })} data-code={ticket.code} />
              {ticket.paid ? null : <span className="order-ticket__unpaid">{t('tickets.unpaid')}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
