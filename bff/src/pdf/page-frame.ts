// The frame every PDF of the shop is drawn in (invoice, return protocol, tickets): an A4 document in
// the document's language with its margin, its title and the shop in the metadata, the DejaVu fonts
// registered as 'regular' and 'bold', the shop's colours, and the bytes collected when drawing ends.
// A layout opens a frame, draws its own content, and returns `finish()`.
//
// The fonts: DejaVu Sans from the dejavu-fonts-ttf package. PDF's built-in fonts (Helvetica ...) cover
// only Latin-1, so "č", "ř", "ů" would come out wrong; DejaVu has every Czech and Slovak letter, and
// pdfkit embeds only the glyphs a document uses.
//
// Each face is parsed by fontkit once per process and handed to every document as that parsed font:
// given the file's bytes, pdfkit parsed its tables again for every document, which was half of an
// invoice's CPU (issue 41).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import type PDFKitDocument from 'pdfkit';
import { lazyModule } from '../lazy-module.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { SUPPLIER } from '../../../schema/rules/supplier.ts';

const require = createRequire(import.meta.url);
const pdfKit = lazyModule<typeof PDFKitDocument>('pdfkit');
const fontkit = lazyModule<typeof import('fontkit')>('fontkit');

declare global {
  // pdfkit takes a font that fontkit has parsed as well as the file's bytes; its types name only the bytes
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace PDFKit.Mixins {
    interface PDFFont {
      registerFont(name: string, src: Font): this;
    }
  }
}

/** An A4 page in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
/** An A6 page (a parcel label) in PDF points. */
export const A6 = { width: 297.64, height: 419.53 } as const;

/** The colours the documents share: headings and frames, and labels and hints. */
export const PDF_COLOURS = { accent: '#0a5096', grey: '#555555' } as const;

function loadFont(file: string): Font {
  const font = fontkit().create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not one face.`);
  return font;
}

let fonts: { regular: Font; bold: Font } | null = null;

/** fontkit's cache of the glyphs it has made (not in its types). */
type GlyphCache = { _glyphs: Record<number, unknown> };

/**
 * The regular and bold faces for a new document: read and parsed once per process, their glyph cache
 * emptied. fontkit keeps each glyph with the characters it was first made for, and pdfkit maps a glyph
 * back to text (copy and paste, search) from those: a "c" first made inside another document's "č"
 * carried no character, and an English invoice drawn after a Czech one read "Invoie". Emptied, every
 * document's bytes are what a freshly parsed face gives. The drawing of a document is synchronous from
 * its frame's opening to `finish()`, so two documents never share the cache at once.
 */
function documentFonts(): { regular: Font; bold: Font } {
  fonts ??= { regular: loadFont('DejaVuSans.ttf'), bold: loadFont('DejaVuSans-Bold.ttf') };
  for (const font of [fonts.regular, fonts.bold]) (font as Font & GlyphCache)._glyphs = {};
  return fonts;
}

export type PdfFrameOptions = {
  language: Locale;
  /** The document's title: the metadata's, which PDF readers show instead of the file name. */
  title: string;
  /** The space left blank on every side of a page, in points. */
  margin: number;
  /**
   * The creation date in the metadata. A document that is its own record (invoice, return protocol)
   * passes its date, so drawing it again gives the same bytes; without it, the clock's.
   */
  createdAt?: Date;
  /** The pages' size: A4 unless said (a parcel label is A6). */
  size?: 'A4' | 'A6';
};

export type PdfFrame = {
  /** The pdfkit document to draw on, its fonts 'regular' and 'bold' registered. */
  doc: InstanceType<typeof PDFKitDocument>;
  margin: number;
  /** The width between the left and the right margin. */
  contentWidth: number;
  /** Where the bottom margin starts (content ends above it). */
  bottom: number;
  /** Ends the document; resolves with its bytes. */
  finish: () => Promise<Buffer>;
};

export function openPdfFrame(options: PdfFrameOptions): PdfFrame {
  const page = options.size === 'A6' ? A6 : A4;
  const doc = new (pdfKit())({
    size: options.size ?? 'A4',
    margin: options.margin,
    lang: options.language === 'cs' ? 'cs-CZ' : 'en-GB',
    displayTitle: true,
    // no built-in Helvetica to start with (pdfkit's default, parsed from its metrics file for every
    // document, 3 % of an invoice, and unused): the document starts in the regular face below
    font: '',
    info: {
      Title: options.title,
      Author: SUPPLIER.company,
      Creator: SUPPLIER.shopName,
      Producer: SUPPLIER.shopName,
      ...(options.createdAt ? { CreationDate: options.createdAt } : {}),
    },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = documentFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular');
  return {
    doc,
    margin: options.margin,
    contentWidth: page.width - 2 * options.margin,
    bottom: page.height - options.margin,
    finish() {
      doc.end();
      return bytes;
    },
  };
}

/**
 * Where a block of `height` points is drawn: at `y` when it fits above the bottom margin, otherwise
 * at the top of a new page.
 */
export function roomFor(frame: PdfFrame, y: number, height: number): number {
  if (y + height <= frame.bottom) return y;
  frame.doc.addPage();
  return frame.margin;
}
