// The drawing thread (bff/src/pdf/drawing-thread.ts, decision 0085): a running shop's PDFs are drawn
// in a worker thread with the very layouts of pdf/drawing.ts. The bytes are the calling thread's, to
// the byte; one thread draws many documents; a document the layout refuses fails alone; a thread that
// dies fails what it was drawing and the next document starts another; an idle thread ends.
import { afterEach, describe, expect, it } from 'vitest';
import { createDrawingThread, type DrawingThread } from '../../../bff/src/pdf/drawing-thread.ts';
import { drawHere, type DrawingKind } from '../../../bff/src/pdf/drawing.ts';
import type { InvoiceData } from '../../../bff/src/services/invoices.ts';
import { orderSpayd } from '../../../bff/src/services/qr.ts';
import type { Locale } from '../../../schema/rules/index.ts';
import { orderDocument } from '../../support/order-document.ts';
import { pdfText } from '../../support/pdf-text.ts';

const invoice = (language: Locale): InvoiceData => {
  const order = { ...orderDocument(language), paymentCode: 'bank-transfer', paymentDueAt: new Date('2026-12-06T10:00:00Z') };
  return {
    order,
    number: order.number,
    issuedAt: new Date('2026-11-22T10:00:00Z'),
    taxableSupplyAt: new Date('2026-11-22T10:00:00Z'),
    dueAt: new Date('2026-12-06T10:00:00Z'),
    spayd: orderSpayd(order),
    eurRate: 25,
  };
};

let thread: DrawingThread;

afterEach(async () => {
  await thread?.close();
});

describe('the drawing thread', () => {
  it('draws the same bytes as the calling thread, many documents in one thread', async () => {
    thread = createDrawingThread();
    const inThread = await Promise.all([thread.draw('invoice', invoice('cs')), thread.draw('invoice', invoice('en')), thread.draw('modelForm', 'cs', 14)]);
    const here = await Promise.all([drawHere('invoice', invoice('cs')), drawHere('invoice', invoice('en')), drawHere('modelForm', 'cs', 14)]);
    // the subset's tag is random per document (pdf/page-frame.ts); everything else is the same
    const untagged = (bytes: Buffer) => bytes.toString('latin1').replace(/\/[A-Z]{6}\+DejaVu/g, '/TAG+DejaVu');
    expect(inThread.map(untagged)).toEqual(here.map(untagged));
    expect(await pdfText(inThread[0])).toContain('2026000123');
    expect(await pdfText(inThread[1])).toContain('Invoice');
    expect(thread.started).toBe(1);
  }, 30_000);

  it('fails a document its layout refuses, and goes on with the next in the same thread', async () => {
    thread = createDrawingThread();
    const broken = { ...invoice('cs'), order: null } as unknown as InvoiceData;
    await expect(thread.draw('invoice', broken)).rejects.toThrow(/could not draw the document/);
    expect((await thread.draw('invoice', invoice('cs'))).subarray(0, 5).toString()).toBe('%PDF-');
    expect(thread.started).toBe(1);
  }, 30_000);

  it('fails what a dying thread was drawing, and the next document starts another', async () => {
    thread = createDrawingThread();
    // a kind no layout draws throws outside any document's promise: the thread's own uncaught exception
    await expect(thread.draw('no such kind' as DrawingKind, invoice('cs') as never)).rejects.toThrow(/the drawing thread (failed|ended)/);
    expect((await thread.draw('invoice', invoice('cs'))).subarray(0, 5).toString()).toBe('%PDF-');
    expect(thread.started).toBe(2);
  }, 30_000);

  it('ends when idle, starts again for the next document, and refuses documents once closed', async () => {
    thread = createDrawingThread({ idleMs: 50 });
    await thread.draw('modelForm', 'en', 14);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await thread.draw('modelForm', 'en', 14);
    expect(thread.started).toBe(2);
    await thread.close();
    await expect(thread.draw('modelForm', 'en', 14)).rejects.toThrow('closed');
  }, 30_000);
});
