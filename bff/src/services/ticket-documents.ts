// What an order's tickets PDF shows (pdf/tickets-pdf.ts, attached to the confirmation e-mail): each
// ticket's match, venue, kick-off, seat, price and signed code, and whether the order is paid.
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import type { Currency } from '../../../schema/rules/money.ts';
import { orderPaid, ticketCode, type TicketKeyConfig } from './ticket-codes.ts';
import { competitionName, eventName } from './tickets.ts';

export type TicketDocumentItem = {
  event: string;
  competition: string;
  kickoff: Date;
  venue: string;
  section: string;
  row: string;
  number: number;
  category: string;
  priceGross: number;
  code: string;
};

export type OrderTicketsDocument = {
  orderNumber: string;
  language: Locale;
  currency: Currency;
  /** False for a bank-transfer order not yet paid: the tickets say they let no one in until it is. */
  paid: boolean;
  tickets: TicketDocumentItem[];
};

/** The order's tickets in the order's language; null when it has none. */
export async function loadOrderTickets(db: Db, keys: TicketKeyConfig, orderId: number): Promise<OrderTicketsDocument | null> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: {
      number: true,
      language: true,
      currency: true,
      status: true,
      paymentCode: true,
      tickets: {
        orderBy: [{ eventId: 'asc' }, { seat: 'asc' }],
        include: { event: { include: { venue: { select: { name: true, city: true } }, categories: { select: { code: true, nameCs: true, nameEn: true } } } } },
      },
    },
  });
  if (!order || order.tickets.length === 0) return null;
  return {
    orderNumber: order.number,
    language: order.language,
    currency: order.currency,
    paid: orderPaid(order),
    tickets: order.tickets.map((ticket) => {
      const category = ticket.event.categories.find((row) => row.code === ticket.categoryCode);
      return {
        event: eventName(ticket.event),
        competition: competitionName(ticket.event, order.language),
        kickoff: ticket.event.kickoff,
        venue: `${ticket.event.venue.name}, ${ticket.event.venue.city}`,
        section: ticket.section,
        row: ticket.row,
        number: ticket.number,
        category: category ? (order.language === 'en' ? category.nameEn : category.nameCs) : ticket.categoryCode,
        priceGross: ticket.priceGross,
        code: ticketCode(keys, { ticketId: ticket.id, eventId: ticket.eventId, seat: ticket.seat, orderId }),
      };
    }),
  };
}
