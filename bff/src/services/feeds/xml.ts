// Text as the feeds write it: what XML 1.0 cannot carry taken out, the rest escaped. No CDATA sections
// anywhere, so a product text holding "]]>" is just text; control characters (a paste from a
// spreadsheet) would make the whole file unreadable to Heureka, so they go, with lone surrogates and
// the noncharacters U+FFFE/U+FFFF.

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Bidi overrides and isolates: a product text must not turn the comparison site's line around. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;

/** The text with what XML 1.0 cannot hold (and bidi controls) removed, runs of white space as one space. */
export function cleanText(text: string): string {
  return text.replace(NOT_XML, '').replace(BIDI, '').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters (code points), cut at a word where one is near, with "…" when cut. */
export function limitText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.7 ? cut.slice(0, space) : cut}…`;
}

/** Escaped for element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `<name>text</name>`, the text cleaned, limited and escaped; '' when nothing is left of it. */
export function element(name: string, text: string | null | undefined, max = Number.MAX_SAFE_INTEGER): string {
  if (text === null || text === undefined) return '';
  const value = limitText(cleanText(text), max);
  return value === '' ? '' : `<${name}>${escapeXml(value)}</${name}>`;
}

/** Minor units as the feeds write amounts: "1899.00", "69.90". */
export function amount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
