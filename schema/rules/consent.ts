// Cookie consent: the categories, the version of the consent text and the cookie that keeps the
// choice (read by the server for the first render and by the browser). No I/O.

/** Raise when the consent text or the categories change: every visitor is asked again. */
export const CONSENT_TEXT_VERSION = '2026-11-22';
export const CONSENT_COOKIE = 'consent';
/** How long a choice is kept before the bar asks again (days). */
export const CONSENT_MAX_AGE_DAYS = 180;

/** Technical cookies are always on; the other three are the visitor's choice. */
export type ConsentChoice = { analytical: boolean; marketing: boolean; advertising: boolean };
export type StoredConsent = ConsentChoice & {
  /** CONSENT_TEXT_VERSION the visitor answered. */
  version: string;
  /** When (ISO 8601). */
  date: string;
  /** Anonymous id of this browser's choices in the server's consent log (a UUID). */
  id: string;
};

/** The query parameter that opens the cookie bar's categories (its "Nastavení" button without JavaScript). */
export const CONSENT_SETTINGS_PARAM = 'nastaveni-cookies';

export const CONSENT_CATEGORIES = ['technical', 'analytical', 'marketing', 'advertising'] as const;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const ALL_GRANTED: ConsentChoice = { analytical: true, marketing: true, advertising: true };
export const NONE_GRANTED: ConsentChoice = { analytical: false, marketing: false, advertising: false };

/** The cookie's value: version|date|analytical marketing advertising as 0/1|id, URL-encoded. */
export function formatConsentCookie(consent: StoredConsent): string {
  const flags = [consent.analytical, consent.marketing, consent.advertising].map((granted) => (granted ? '1' : '0')).join('');
  return encodeURIComponent([consent.version, consent.date, flags, consent.id].join('|'));
}

/** The stored choice, or null when there is none, it is malformed, or it answered an older text. */
export function parseConsentCookie(value: string | null | undefined): StoredConsent | null {
  if (!value || value.length > 200) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const [version, date, flags, id, ...rest] = decoded.split('|');
  if (rest.length > 0 || version !== CONSENT_TEXT_VERSION || !/^[01]{3}$/.test(flags ?? '') || !UUID_PATTERN.test(id ?? '')) return null;
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(date ?? '') || Number.isNaN(Date.parse(date))) return null;
  return { version, date, id, analytical: flags[0] === '1', marketing: flags[1] === '1', advertising: flags[2] === '1' };
}

/** Reads the consent cookie from a Cookie header (the server's first render). */
export function consentFromCookieHeader(header: string | null | undefined): StoredConsent | null {
  const match = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`).exec(header ?? '');
  return parseConsentCookie(match?.[1]);
}

/** Only the three categories of a stored choice (what a page shows and loads by), or null. */
export function consentChoiceOf(consent: ConsentChoice | null): ConsentChoice | null {
  return consent ? { analytical: consent.analytical, marketing: consent.marketing, advertising: consent.advertising } : null;
}
