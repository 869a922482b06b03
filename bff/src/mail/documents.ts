// What each e-mail shows, read when it is sent from its outbox row's payload: the templates receive
// it and load nothing. The reading is the services' (their document loaders); the order confirmation
// also issues the order's invoice (services/invoices.ts), drawn by the PDF layout in the drawing
// thread (pdf/drawing-thread.ts) as every PDF the shop sends.
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import type { MailKind, MailPayload } from '../services/mail-outbox.ts';
import { welcomeMailDocument } from '../services/registration.ts';
import { watchMailDocument } from '../services/availability-watch.ts';
import { cancelledOrderMailDocument } from '../services/unpaid-orders.ts';
import { paymentReceivedMailDocument } from '../services/order-payments.ts';
import { orderProgressMailDocument } from '../services/order-progress.ts';
import { loadReturnProtocol } from '../services/returns.ts';
import { loadWithdrawalDocument } from '../services/withdrawals.ts';
import { reviewRequestMailDocument } from '../services/reviews.ts';
import { loadOrderDocument } from '../services/order-documents.ts';
import { issueOrderInvoice, type InvoiceData } from '../services/invoices.ts';
import { drawInThread } from '../pdf/drawing-thread.ts';
import { creditNotePdf, loadCreditNoteDocument } from '../services/credit-notes.ts';
import { creditNoteIsdoc, invoiceIsdoc } from '../services/isdoc.ts';
import { ticketsFileName } from '../pdf/tickets-pdf.ts';
import { loadOrderTickets } from '../services/ticket-documents.ts';
import type { TicketKeyConfig } from '../services/ticket-codes.ts';
import type { MailDocument } from './templates/index.ts';

export type DocumentDeps = {
  db: Db;
  /** CZK per EUR, for the invoice a confirmation issues. */
  eurRate: number;
  /** The key the tickets' codes are signed with (the confirmation attaches the order's tickets). */
  ticketKeys: TicketKeyConfig;
};

const drawInvoice = (data: InvoiceData) => drawInThread('invoice', data);

type Loaders = {
  [Kind in MailKind]: (deps: DocumentDeps, payload: MailPayload<Kind>, language: Locale) => Promise<MailDocument<Kind> | null>;
};

const LOADERS: Loaders = {
  async orderConfirmation({ db, eurRate, ticketKeys }, { orderId }) {
    const order = await loadOrderDocument(db, orderId);
    if (!order) return null;
    const tickets = await loadOrderTickets(db, ticketKeys, order.id);
    const invoice = await issueOrderInvoice(db, order, { eurRate, render: drawInvoice });
    return {
      order,
      invoice: invoice.file,
      // written from the invoice just issued (or kept): the PDF's numbers, to the haléř
      invoiceIsdoc: invoiceIsdoc(invoice.data),
      tickets: tickets && { fileName: ticketsFileName(tickets.orderNumber, tickets.language), bytes: await drawInThread('tickets', tickets) },
    };
  },
  orderCancelled: ({ db }, { orderId }) => cancelledOrderMailDocument(db, orderId),
  async paymentReceived({ db, ticketKeys }, { orderId }) {
    const order = await paymentReceivedMailDocument(db, orderId);
    if (!order) return null;
    // the order's tickets again, now paid: the confirmation's copy says they let no one in yet
    const tickets = await loadOrderTickets(db, ticketKeys, order.id);
    return { order, tickets: tickets && { fileName: ticketsFileName(tickets.orderNumber, tickets.language), bytes: await drawInThread('tickets', tickets) } };
  },
  orderProgress: ({ db }, { orderId, step }) => orderProgressMailDocument(db, orderId, step),
  availabilityWatch: ({ db }, { watchId }, language) => watchMailDocument(db, watchId, language),
  returnProtocol: ({ db }, { complaintId }) => loadReturnProtocol(db, complaintId),
  async creditNote({ db }, { creditNoteId }) {
    const note = await loadCreditNoteDocument(db, creditNoteId);
    // the PDF drawn once and kept: the e-mail attaches the very file the order's page downloads
    const file = note && (await creditNotePdf(db, creditNoteId, (document) => drawInThread('creditNote', document)));
    return note && file && { note, file, isdoc: await creditNoteIsdoc(db, creditNoteId) };
  },
  accountWelcome: ({ db }, { customerId }) => welcomeMailDocument(db, customerId),
  passwordReset: async (_deps, payload) => payload,
  orderConfirmationLink: async (_deps, payload) => payload,
  withdrawalConfirmationLink: async (_deps, payload) => payload,
  reviewRequest: ({ db }, { orderId, token }, language) => reviewRequestMailDocument(db, orderId, token, language),
  withdrawalAcknowledged: ({ db }, { withdrawalId }) => loadWithdrawalDocument(db, withdrawalId),
  async withdrawalProgress({ db }, { withdrawalId, step }) {
    const withdrawal = await loadWithdrawalDocument(db, withdrawalId);
    return withdrawal && { ...withdrawal, step };
  },
};

/** The document of an e-mail; null when what it announces no longer exists (the row is given up). */
export function loadMailDocument<Kind extends MailKind>(
  kind: Kind,
  deps: DocumentDeps,
  payload: MailPayload<Kind>,
  language: Locale,
): Promise<MailDocument<Kind> | null> {
  return (LOADERS[kind] as Loaders[Kind])(deps, payload, language);
}
