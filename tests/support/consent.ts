// A stored cookie consent for browser tests that are not about the consent bar: with it the bar
// stays closed. `await context.addCookies([consentCookie(shop.url)])` before the first page.
import { randomUUID } from 'node:crypto';
import { CONSENT_TEXT_VERSION, NONE_GRANTED, formatConsentCookie, type ConsentChoice } from '../../schema/rules/consent.ts';

export function consentCookie(url: string, choice: ConsentChoice = NONE_GRANTED) {
  const value = formatConsentCookie({ ...choice, version: CONSENT_TEXT_VERSION, date: new Date().toISOString(), id: randomUUID() });
  return { name: 'consent', value, url };
}
