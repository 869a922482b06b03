// The demo shop's parcel labels (decision 0068): a demo pick-up point's parcel is never sent to Packeta,
// so the shop draws its label, plainly marked as a demo: the packet's barcode text in large type and the
// order number. One A6 page per label, or four A6 labels to an A4 page (two by two, in reading order).
import type { LabelRef, PdfBytes } from '../carriers/index.ts';
import { A4, A6, openPdfFrame, type PdfFrame } from './page-frame.ts';

/** "Z9026000123" -> "Z 902 6000 123", as Packeta prints a barcode's text. */
export function barcodeText(packetId: string): string {
  return `Z ${packetId.slice(0, 3)} ${packetId.slice(3, 7)} ${packetId.slice(7)}`;
}

function drawLabel(frame: PdfFrame, label: LabelRef, x: number, y: number): void {
  const { doc } = frame;
  const margin = 18;
  const width = A6.width - 2 * margin;
  doc.lineWidth(1).rect(x + 8, y + 8, A6.width - 16, A6.height - 16).stroke('#000000');
  doc.font('bold').fontSize(11).fillColor('#b00020').text('DEMO – not a Packeta label', x + margin, y + margin + 4, { width, align: 'center' });
  doc.font('bold').fontSize(22).fillColor('#000000').text(barcodeText(label.packetId), x + margin, y + 80, { width, align: 'center' });
  doc.font('regular').fontSize(10).text(`Packet ${label.packetId}`, x + margin, y + 120, { width, align: 'center' });
  doc.font('regular').fontSize(12).text(`Order ${label.orderNumber}`, x + margin, y + 170, { width, align: 'center' });
}

/** The labels as a PDF: one A6 page each (`A6`), or four to an A4 page (`A4`). */
export async function renderDemoLabels(labels: readonly LabelRef[], sheet: 'A6' | 'A4'): Promise<PdfBytes> {
  const frame = openPdfFrame({ language: 'cs', title: 'Demo parcel labels', margin: 0, size: sheet, createdAt: new Date(0) });
  const across = sheet === 'A4' ? 2 : 1;
  const perPage = across * across;
  labels.forEach((label, index) => {
    if (index > 0 && index % perPage === 0) frame.doc.addPage({ size: sheet, margin: 0 });
    const slot = index % perPage;
    const x = (slot % across) * (sheet === 'A4' ? A4.width / 2 : 0);
    const y = Math.floor(slot / across) * (sheet === 'A4' ? A4.height / 2 : 0);
    drawLabel(frame, label, x, y);
  });
  return new Uint8Array(await frame.finish());
}
