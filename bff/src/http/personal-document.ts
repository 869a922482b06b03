// Sends a document with personal data (an invoice, a credit note, as PDF or ISDOC) as a download: no
// shared cache keeps it, no search engine lists it.
import type { Response } from 'express';

export function sendPersonalDocument(res: Response, file: { fileName: string; bytes: Buffer }, contentType = 'application/pdf'): void {
  res.status(200);
  res.type(contentType);
  // the documents' names (faktura-<digits>.pdf, dobropis-D<digits>.isdoc ...) need no escaping
  res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.end(file.bytes);
}
