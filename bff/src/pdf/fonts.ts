// The fonts embedded in every PDF: DejaVu Sans from the dejavu-fonts-ttf package. PDF's built-in
// fonts (Helvetica ...) cover only Latin-1, so "č", "ř", "ů" would come out wrong; DejaVu has every
// Czech and Slovak letter, and pdfkit embeds only the glyphs a document uses.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function load(file: string): Buffer {
  return readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
}

let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** The regular and bold faces, read once per process. */
export function documentFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= { regular: load('DejaVuSans.ttf'), bold: load('DejaVuSans-Bold.ttf') };
  return fonts;
}
