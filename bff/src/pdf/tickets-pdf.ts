// An order's match tickets as one PDF (attached to the order confirmation): two tickets to an A4 page,
// each with the match, the kick-off in Prague time, the venue, the seat in large letters and the QR code
// of its signed code. Drawn in the page frame of every shop PDF (page-frame.ts: A4, DejaVu, colours).
import { formatDateTime } from '../../../schema/rules/dates.ts';
import { formatMoney } from '../../../schema/rules/money.ts';
import { SUPPLIER } from '../../../schema/rules/supplier.ts';
import { openPdfFrame, PDF_COLOURS } from './page-frame.ts';
import { qrModules } from '../services/qr.ts';
import type { OrderTicketsDocument } from '../services/ticket-documents.ts';

const LABELS = {
  cs: {
    title: 'Vstupenky k objednávce č. {number}',
    ticket: 'VSTUPENKA',
    section: 'Sektor',
    row: 'Řada',
    seat: 'Místo',
    kickoff: 'Výkop',
    venue: 'Stadion',
    category: 'Kategorie',
    price: 'Cena vč. DPH',
    order: 'Objednávka',
    unpaid: 'NEZAPLACENO – vstupenka platí až po připsání platby za objednávku na náš účet.',
    hint: 'Při vstupu ukažte QR kód, vytištěný nebo v telefonu. Každá vstupenka platí pro jeden vstup.',
  },
  en: {
    title: 'Tickets of order No. {number}',
    ticket: 'TICKET',
    section: 'Section',
    row: 'Row',
    seat: 'Seat',
    kickoff: 'Kick-off',
    venue: 'Venue',
    category: 'Category',
    price: 'Price incl. VAT',
    order: 'Order',
    unpaid: 'UNPAID – the ticket is valid only once the payment for the order has reached our account.',
    hint: 'Show the QR code at the entrance, printed or on your phone. Each ticket admits one person once.',
  },
} as const;

const MARGIN = 40;
const TICKET_HEIGHT = 370;
const { accent: ACCENT, grey: GREY } = PDF_COLOURS;
const WARNING = '#b00020';

/** vstupenky-2026000123.pdf */
export function ticketsFileName(orderNumber: string, language: 'cs' | 'en'): string {
  return `${language === 'cs' ? 'vstupenky' : 'tickets'}-${orderNumber}.pdf`;
}

export function renderTicketsPdf(document: OrderTicketsDocument): Promise<Buffer> {
  const labels = LABELS[document.language];
  const title = labels.title.replace('{number}', document.orderNumber);
  const { doc, contentWidth: width, finish } = openPdfFrame({ language: document.language, title, margin: MARGIN });

  document.tickets.forEach((ticket, index) => {
    const onPage = index % 2;
    if (index > 0 && onPage === 0) doc.addPage();
    const top = MARGIN + onPage * (TICKET_HEIGHT + 20);
    doc.roundedRect(MARGIN, top, width, TICKET_HEIGHT, 8).lineWidth(1.5).strokeColor(ACCENT).stroke();
    const left = MARGIN + 18;
    const textWidth = width - 36 - 170;

    doc.font('bold').fontSize(9).fillColor(GREY).text(`${labels.ticket} · ${SUPPLIER.shopName}`, left, top + 16, { width: textWidth });
    doc.font('bold').fontSize(20).fillColor(ACCENT).text(ticket.event, left, top + 32, { width: textWidth });
    doc.font('regular').fontSize(11).fillColor('black').text(ticket.competition, left, doc.y + 2, { width: textWidth });

    const facts: [string, string][] = [
      [labels.kickoff, formatDateTime(ticket.kickoff, document.language)],
      [labels.venue, ticket.venue],
      [labels.category, ticket.category],
      [labels.price, formatMoney(ticket.priceGross, document.currency, document.language)],
      [labels.order, document.orderNumber],
    ];
    let y = doc.y + 10;
    for (const [label, value] of facts) {
      doc.font('regular').fontSize(10).fillColor(GREY).text(label, left, y, { width: 95 });
      doc.font('bold').fontSize(10).fillColor('black').text(value, left + 100, y, { width: textWidth - 100 });
      y = doc.y + 3;
    }

    // the seat, large: what an usher reads from a distance
    const seatTop = top + 215;
    const columns: [string, string][] = [
      [labels.section, ticket.section],
      [labels.row, ticket.row],
      [labels.seat, String(ticket.number)],
    ];
    const columnWidth = textWidth / 3;
    columns.forEach(([label, value], column) => {
      const x = left + column * columnWidth;
      doc.font('regular').fontSize(11).fillColor(GREY).text(label.toUpperCase(), x, seatTop, { width: columnWidth - 8 });
      doc.font('bold').fontSize(34).fillColor('black').text(value, x, seatTop + 16, { width: columnWidth - 8 });
    });

    // the QR code of the signed code, and the code itself for a scanner that cannot read it
    const qrSize = 160;
    const qrX = MARGIN + width - 18 - qrSize;
    const qrY = top + 30;
    const modules = qrModules(ticket.code);
    const cell = qrSize / modules.length;
    modules.forEach((moduleRow, rowIndex) =>
      moduleRow.forEach((dark, columnIndex) => {
        if (dark) doc.rect(qrX + columnIndex * cell, qrY + rowIndex * cell, cell, cell);
      }),
    );
    doc.fillColor('black').fill();
    doc.font('regular').fontSize(6).fillColor(GREY).text(ticket.code, qrX, qrY + qrSize + 6, { width: qrSize, align: 'center' });

    const bottom = top + TICKET_HEIGHT - 60;
    if (!document.paid) {
      doc.font('bold').fontSize(11).fillColor(WARNING).text(labels.unpaid, left, bottom, { width: width - 36 });
    } else {
      doc.font('regular').fontSize(9).fillColor(GREY).text(labels.hint, left, bottom + 14, { width: width - 36 });
    }
  });
  return finish();
}
