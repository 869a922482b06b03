// Withdrawal from the contract (docs/decisions/0061) as PDFs, in the page frame of every shop PDF
// (page-frame.ts): the customer's declaration as the shop received it (attached to its
// acknowledgement), and the model withdrawal form of Annex I(B) (the page /odstoupeni-od-smlouvy's
// download and the acknowledgement's second attachment). Pure: the same input gives the same bytes.
import { formatDate, formatDateTime } from '../../../schema/rules/dates.ts';
import { piecesText } from '../../../schema/rules/plural.ts';
import { SUPPLIER } from '../../../schema/rules/supplier.ts';
import { declarationText, modelFormText } from '../../../schema/rules/withdrawal.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { openPdfFrame, PDF_COLOURS } from './page-frame.ts';
import type { WithdrawalDocument } from '../services/withdrawals.ts';

const MARGIN = 48;
const { accent: ACCENT, grey: GREY } = PDF_COLOURS;

const LABELS = {
  cs: {
    title: 'Odstoupení od smlouvy',
    seller: 'Prodávající',
    receivedAt: 'Přijato dne',
    email: 'E-mail',
    footer: 'Toto potvrzení jsme vám poslali e-mailem jako doklad, že jsme odstoupení přijali.',
  },
  en: {
    title: 'Withdrawal from the contract',
    seller: 'Seller',
    receivedAt: 'Received on',
    email: 'E-mail',
    footer: 'We sent you this acknowledgement by e-mail as the record that we received your withdrawal.',
  },
} as const;

export function withdrawalFileName(orderNumber: string, language: Locale): string {
  return language === 'cs' ? `odstoupeni-${orderNumber}.pdf` : `withdrawal-${orderNumber}.pdf`;
}

export function modelFormFileName(language: Locale): string {
  return language === 'cs' ? 'formular-pro-odstoupeni.pdf' : 'model-withdrawal-form.pdf';
}

/** An item as the declaration lists it: "Dres domácí 2026, M, 2 kusy". */
function withdrawalItemText(item: { name: string; size: string | null; quantity: number }, language: Locale): string {
  return [item.name, item.size, piecesText(item.quantity, language)].filter(Boolean).join(', ');
}

/** The declaration as the shop received it, line by line: the PDF and the acknowledgement e-mail quote it. */
export function withdrawalDeclarationLines(withdrawal: WithdrawalDocument, language: Locale): string[] {
  return declarationText(
    {
      name: withdrawal.name,
      orderNumber: withdrawal.orderNumber,
      orderedOn: formatDate(withdrawal.orderedAt, language),
      items: withdrawal.items.map((item) => withdrawalItemText(item, language)),
      refundAccount: withdrawal.refundAccount,
      reason: withdrawal.reason,
    },
    language,
  );
}

export function renderWithdrawalPdf(withdrawal: WithdrawalDocument): Promise<Buffer> {
  const language = withdrawal.language;
  const labels = LABELS[language];
  const title = `${labels.title} – ${withdrawal.orderNumber}`;
  const createdAt = withdrawal.receivedAt ?? withdrawal.orderedAt;
  const { doc, contentWidth: width, finish } = openPdfFrame({ language, title, margin: MARGIN, createdAt });
  doc.font('bold').fontSize(18).fillColor(ACCENT).text(title, MARGIN, MARGIN, { width });
  doc.moveDown(0.3);
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(1).strokeColor(ACCENT).stroke();
  doc.moveDown(0.8);
  doc.font('bold').fontSize(9).fillColor(GREY).text(labels.seller.toUpperCase(), MARGIN, doc.y, { width });
  doc.font('regular').fontSize(10).fillColor('black').text(`${SUPPLIER.company}, ${SUPPLIER.street}, ${SUPPLIER.postcode} ${SUPPLIER.city}, ${SUPPLIER.email}`, { width });
  doc.moveDown(0.8);
  const facts: [string, string][] = [
    [labels.receivedAt, withdrawal.receivedAt ? formatDateTime(withdrawal.receivedAt, language) : '—'],
    [labels.email, withdrawal.email],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('regular').fontSize(10).fillColor(GREY).text(label, MARGIN, y, { width: 150 });
    doc.font('bold').fillColor('black').text(value, MARGIN + 155, y, { width: width - 155 });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.8);
  const lines = withdrawalDeclarationLines(withdrawal, language);
  for (const line of lines) doc.font('regular').fontSize(11).fillColor('black').text(line, MARGIN, doc.y, { width }).moveDown(0.3);
  doc.moveDown(1.2);
  doc.font('regular').fontSize(9).fillColor(GREY).text(labels.footer, MARGIN, doc.y, { width });
  return finish();
}

/** The model form with the shop's period (config.withdrawalPeriodDays); its creation date is fixed so every download is the same file. */
export function renderModelFormPdf(language: Locale, periodDays: number): Promise<Buffer> {
  const { title, lines } = modelFormText(language, periodDays);
  const { doc, contentWidth: width, finish } = openPdfFrame({ language, title, margin: MARGIN, createdAt: new Date('2026-06-19T00:00:00Z') });
  doc.font('bold').fontSize(18).fillColor(ACCENT).text(title, MARGIN, MARGIN, { width });
  doc.moveDown(0.3);
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(1).strokeColor(ACCENT).stroke();
  doc.moveDown(1);
  for (const line of lines) doc.font('regular').fontSize(11).fillColor('black').text(line, MARGIN, doc.y, { width }).moveDown(0.8);
  return finish();
}
