// Sends a PDF with personal data (an invoice, a credit note) as a download: no shared cache keeps it,
// no search engine lists it.
import type { Response } from 'express';

export function sendPersonalPdf(res: Response, file: { fileName: string; bytes: Buffer }): void {
  res.status(200);
  res.type('application/pdf');
  // the documents' names (faktura-<digits>.pdf, dobropis-D<digits>.pdf ...) need no escaping
  res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.end(file.bytes);
}
