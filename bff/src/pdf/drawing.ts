// Every PDF the shop draws, by kind: one function each, and the same data always gives the same bytes.
// Where they are drawn is the caller's choice of `Draw`: here, in the calling thread (`drawHere`: the
// operator commands, tests of a layout), or in the drawing thread of a running shop
// (drawing-thread.ts), so that an invoice's ~15 ms of shaping, subsetting and compression never stall
// the requests of the event loop (docs/decisions/0085).
import { renderInvoicePdf } from './invoice-pdf.ts';
import { renderCreditNotePdf } from './credit-note-pdf.ts';
import { renderTicketsPdf } from './tickets-pdf.ts';
import { renderReturnProtocolPdf } from './return-protocol.ts';
import { renderModelFormPdf, renderWithdrawalPdf } from './withdrawal.ts';

export const DRAWINGS = {
  invoice: renderInvoicePdf,
  creditNote: renderCreditNotePdf,
  tickets: renderTicketsPdf,
  returnProtocol: renderReturnProtocolPdf,
  withdrawal: renderWithdrawalPdf,
  modelForm: renderModelFormPdf,
};

export type Drawings = typeof DRAWINGS;
export type DrawingKind = keyof Drawings;

/** Draws one PDF of `kind` from its plain data (dates, numbers, strings: what a thread's message can carry). */
export type Draw = <Kind extends DrawingKind>(kind: Kind, ...args: Parameters<Drawings[Kind]>) => Promise<Buffer>;

export const drawHere: Draw = (kind, ...args) => (DRAWINGS[kind] as (...values: typeof args) => Promise<Buffer>)(...args);
