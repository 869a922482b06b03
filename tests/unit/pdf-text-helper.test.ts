// tests/support/pdf-text.ts reads PDFs with pdf.js in a worker thread: pdf.js's Node build replaces
// builtins of the process that loads it (JSON.stringify, Array.prototype.push ...), and the test files
// after it in the same process would run the shop on those.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../support/pdf-text.ts';
import { openPdfFrame } from '../../bff/src/pdf/page-frame.ts';

/** Function.prototype.toString of a fresh context: it tells a builtin from a replacement even where the replacement has patched this context's toString. */
const sourceOf: (fn: unknown) => string = runInNewContext('(fn) => Function.prototype.toString.call(fn)');
const isBuiltin = (fn: unknown) => /\{\s*\[native code\]\s*\}$/.test(sourceOf(fn));

describe('the PDF text helper', () => {
  it('reads the text of a PDF and leaves this process its own JSON and arrays', async () => {
    const frame = openPdfFrame({ language: 'cs', title: 'Zkouška', margin: 40 });
    frame.doc.font('regular').text('Příliš žluťoučký kůň úpěl ďábelské ódy');
    expect(await pdfText(await frame.finish())).toContain('Příliš žluťoučký kůň úpěl ďábelské ódy');
    for (const builtin of [JSON.stringify, JSON.parse, Array.prototype.push, Function.prototype.toString]) expect(isBuiltin(builtin), sourceOf(builtin).slice(0, 60)).toBe(true);
  });

  it('says when the bytes are not a PDF', async () => {
    await expect(pdfText(new TextEncoder().encode('not a PDF'))).rejects.toThrow(/pdf\.js could not read the PDF: InvalidPDFException/);
  });
});
