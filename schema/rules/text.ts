// Text that no database column can store and no page can print: NUL bytes (and the other C0
// control characters except tab and line breaks) and lone UTF-16 surrogates. The API refuses
// them; a page strips them from what the shopper typed into the URL (search) before asking.

/** The longest search phrase the shop looks for (the web cuts, the API refuses longer). */
export const SEARCH_MAX_LENGTH = 100;
/** The longest slug a URL can name. */
export const SLUG_MAX_LENGTH = 200;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069): invisible, they reorder what
// follows them, so a name can print as something else on the invoice or the shared wishlist.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAKS = /[\r\n\u0085\u2028\u2029]/;

export function hasBidiControls(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

export function hasLineBreaks(text: string): boolean {
  return LINE_BREAKS.test(text);
}

export function hasUnsafeCharacters(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text);
}

export function stripUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE, '');
}

/** What the search page sends for `?q=`: safe characters only, trimmed, at most SEARCH_MAX_LENGTH. */
export function searchPhrase(raw: string | null): string {
  return stripUnsafeCharacters(raw ?? '').trim().slice(0, SEARCH_MAX_LENGTH).trim();
}
