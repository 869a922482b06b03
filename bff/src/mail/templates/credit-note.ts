// "Credit note issued": the shop issued a credit note (opravný daňový doklad) to the order's invoice
// after a withdrawal, an accepted complaint or a cancellation (services/credit-notes.ts). Says what is
// refunded and why, and attaches the credit note as PDF, the same file the order's page downloads, and
// as ISDOC XML.
import { href } from '../../../../schema/routes.ts';
import { formatDate } from '../../../../schema/rules/dates.ts';
import { formatMoney } from '../../../../schema/rules/money.ts';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { creditNoteReasonText } from '../../pdf/credit-note-pdf.ts';
import type { CreditNoteDocument, CreditNoteFile } from '../../services/credit-notes.ts';
import { ISDOC_CONTENT_TYPE, type IsdocFile } from '../../services/isdoc.ts';
import { fill } from './layout.ts';
import { renderOrderNoticeMail } from './order-notice-mail.ts';
import type { MailTemplate } from './types.ts';

/** The note as its PDF shows it, the PDF itself, and its ISDOC (services/isdoc.ts). */
export type CreditNoteMailDocument = { note: CreditNoteDocument; file: CreditNoteFile; isdoc?: IsdocFile | null };

const TEXTS = {
  cs: {
    subject: 'Opravný daňový doklad č. {number} k objednávce č. {order}',
    intro: 'k vaší objednávce č. {order} jsme vystavili opravný daňový doklad č. {number} k faktuře č. {invoice}. Důvod: {reason}.',
    refund: 'Částku {amount} vám vrátíme bez zbytečného odkladu, nejpozději do 14 dnů, stejným způsobem, jakým jste platili, nebo na účet, který jste nám uvedli.',
    attached: 'Doklad najdete v příloze ({file}, pro účetní programy také ve formátu ISDOC); stáhnout si ho můžete i ze shrnutí objednávky.',
    viewOrder: 'Zobrazit objednávku',
    signature: 'Se sportovním pozdravem\ntým {shop}',
  },
  en: {
    subject: 'Credit note No. {number} for order No. {order}',
    intro: 'we have issued credit note No. {number} to invoice No. {invoice} for your order No. {order}. Reason: {reason}.',
    refund: 'We will refund {amount} without undue delay, within 14 days at the latest, the way you paid or to the account you gave us.',
    attached: 'The credit note is attached ({file}, and as ISDOC for accounting software); you can also download it from your order summary.',
    viewOrder: 'View your order',
    signature: 'Best regards\nthe {shop} team',
  },
} as const;

export const creditNote: MailTemplate<CreditNoteMailDocument> = {
  async render(context, { note, file, isdoc }, language) {
    const t = TEXTS[language];
    const { order } = note;
    const values = {
      number: note.number,
      order: order.number,
      invoice: note.invoiceNumber,
      reason: creditNoteReasonText(note.reason, language).toLowerCase(),
      amount: formatMoney(-note.totalGross, note.currency, language),
      date: formatDate(note.issuedAt, language),
      file: file.fileName,
      shop: SUPPLIER.shopName,
    };
    const paragraphs = [fill(t.intro, values), ...(note.totalGross < 0 ? [fill(t.refund, values)] : []), fill(t.attached, values)];
    return renderOrderNoticeMail(language, {
      subject: fill(t.subject, values),
      firstName: order.invoiceAddress.firstName || null,
      paragraphs,
      viewOrder: t.viewOrder,
      summaryUrl: context.publicUrl + href('orderSummary', language, { id: order.id, hash: order.hash }),
      signature: fill(t.signature, values),
      attachments: [
        { filename: file.fileName, content: file.bytes, contentType: 'application/pdf' },
        ...(isdoc ? [{ filename: isdoc.fileName, content: isdoc.bytes, contentType: ISDOC_CONTENT_TYPE }] : []),
      ],
    });
  },
};
