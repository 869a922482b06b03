// Phones (docs/decisions/0033-one-phone-format.md). Accepted as people type them: a Czech number of
// 9 digits with or without +420 or 00420, a Slovak one with +421 or 00421, with spaces, dashes or
// brackets anywhere. Stored in one form, the country code and the digits ('+420777123456'), and
// shown grouped for reading ('+420 777 123 456').

const SEPARATORS = /[\s\-()]/g;
const CANONICAL = /^\+42[01][0-9]{9}$/;

/** The stored form of a phone ('+420777123456'), or null when it is not a Czech or Slovak number. */
export function normalizePhone(value: string): string | null {
  if (typeof value !== 'string') return null;
  const compact = value.replace(SEPARATORS, '');
  if (/^[0-9]{9}$/.test(compact)) return `+420${compact}`;
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  return CANONICAL.test(international) ? international : null;
}

export function validatePhone(value: string): boolean {
  return normalizePhone(value) !== null;
}

/**
 * What is kept of a phone field: its stored form, or '' when it was left empty. Call it on values the
 * rules have passed; anything else is kept trimmed, as typed (the rules refuse it before it gets here).
 */
export function storedPhone(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? '' : (normalizePhone(trimmed) ?? trimmed);
}

/**
 * A phone as the shop shows it: '+420 777 123 456'. Phones saved before the one format (with spaces,
 * without +420) are read through it too; what is not a phone at all is shown as it was saved.
 */
export function formatPhone(value: string | null | undefined): string {
  const stored = storedPhone(value);
  if (!CANONICAL.test(stored)) return stored;
  return `${stored.slice(0, 4)} ${stored.slice(4, 7)} ${stored.slice(7, 10)} ${stored.slice(10)}`;
}
