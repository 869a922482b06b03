// The credit notes of an order (opravný daňový doklad; services/credit-notes.ts, decision 0062), on the
// Order a shopper reads by her summary link or in her account, and a partner token with `cart` by
// `order(databaseId, hash)`: number, reason, the invoice it corrects, its amounts (negative) and VAT
// recap, and where its PDF is downloaded.
import { builder } from './builder.ts';
import { Price } from './catalog.ts';
import { VatRecapRowRef } from './checkout.ts';
import { readCreditNoteRecap } from '../../services/credit-notes.ts';
import { accountCreditNoteIsdocPath, accountCreditNotePath, creditNoteIsdocPath, creditNotePath } from '../../http/credit-note.ts';

const CreditNoteReasonEnum = builder.enumType('CreditNoteReason', {
  description: 'Why a credit note was issued.',
  values: {
    WITHDRAWAL: { description: 'The customer withdrew from the contract (odstoupení od smlouvy).' },
    COMPLAINT: { description: 'The shop accepted a complaint (reklamace) with a refund.' },
    CANCELLATION: { description: 'The order, or part of it, was cancelled after it was invoiced.' },
  } as const,
});

builder.prismaObject('CreditNote', {
  description:
    'A credit note (opravný daňový doklad) to the order’s invoice: what is refunded, with minus signs, in the order’s currency; ' +
    'its VAT summary in CZK uses the invoice’s exchange rate.',
  select: { id: true },
  fields: (t) => ({
    number: t.exposeString('number', { description: 'D + year + 6 digits, its own series without gaps per year, e.g. D2026000001.' }),
    issuedAt: t.expose('issuedAt', { type: 'DateTime', description: 'When it was issued (also its date of taxable supply).' }),
    reason: t.field({ type: CreditNoteReasonEnum, description: 'Why it was issued.', select: { reason: true }, resolve: (note) => note.reason }),
    note: t.exposeString('note', { description: 'What it refers to (e.g. the return protocol’s number); empty when nothing.' }),
    invoiceNumber: t.string({
      description: 'The number of the invoice it corrects.',
      select: { invoice: { select: { number: true } } },
      resolve: (note) => note.invoice.number,
    }),
    total: t.field({
      type: Price,
      description: 'What it takes off the invoice, negative: with VAT (including any cash-on-delivery rounding), without VAT and the VAT.',
      select: { currency: true, totalGross: true, totalNet: true, totalVat: true },
      resolve: (note) => ({ currency: note.currency, withVat: note.totalGross, withoutVat: note.totalNet, vat: note.totalVat }),
    }),
    vatRecap: t.field({
      type: [VatRecapRowRef],
      description: 'Per VAT rate, in the order’s currency, negative amounts.',
      select: { vatRecap: true },
      resolve: (note) => readCreditNoteRecap(note.vatRecap),
    }),
    url: t.string({
      description: 'The PDF through the order summary’s secret link, in the order’s language (keep it private).',
      select: { number: true, order: { select: { id: true, hash: true, language: true } } },
      resolve: (note) => creditNotePath(note.order.language, note.order.id, note.order.hash, note.number),
    }),
    isdocUrl: t.string({
      description: 'The same credit note as ISDOC XML (the Czech e-invoice accounting programs import), through the secret link (keep it private).',
      select: { number: true, order: { select: { id: true, hash: true, language: true } } },
      resolve: (note) => creditNoteIsdocPath(note.order.language, note.order.id, note.order.hash, note.number),
    }),
  }),
});

builder.prismaObjectField('Order', 'creditNotes', (t) =>
  t.relation('creditNotes', { description: 'The credit notes to the order’s invoice, oldest first; empty when none.', query: { orderBy: { id: 'asc' } } }),
);

builder.prismaObjectField('CreditNote', 'accountUrl', (t) =>
  t.string({
    description: 'The PDF for the logged-in owner of the order (no secret link needed), in the request’s language.',
    select: { number: true, orderId: true },
    resolve: (note, _args, ctx) => accountCreditNotePath(ctx.language, note.orderId, note.number),
  }),
);

builder.prismaObjectField('CreditNote', 'accountIsdocUrl', (t) =>
  t.string({
    description: 'The credit note as ISDOC XML for the logged-in owner of the order, in the request’s language.',
    select: { number: true, orderId: true },
    resolve: (note, _args, ctx) => accountCreditNoteIsdocPath(ctx.language, note.orderId, note.number),
  }),
);
