// The text a PDF shows, as a reader's copy-and-paste would give it: pdf.js (Mozilla's PDF reader)
// decodes the embedded fonts' character maps, so a wrong or missing glyph mapping shows up here.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
    }
    return pages.join('\n');
  } finally {
    await document.destroy();
  }
}
