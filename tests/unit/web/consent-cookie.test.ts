// The consent cookie keeps version, date, the three optional categories and the anonymous id; an
// older text version or a tampered value counts as no choice (the bar asks again).
import { describe, expect, it } from 'vitest';
import {
  CONSENT_TEXT_VERSION,
  consentFromCookieHeader,
  formatConsentCookie,
  parseConsentCookie,
  type StoredConsent,
} from '../../../schema/rules/consent.ts';

const stored: StoredConsent = {
  version: CONSENT_TEXT_VERSION,
  date: '2026-11-22T16:30:00.000Z',
  id: '0b6f3c1e-8a2d-4f7b-9c3e-1d2a3b4c5d6e',
  analytical: true,
  marketing: false,
  advertising: true,
};

describe('consent cookie', () => {
  it('round-trips version, date, categories and id', () => {
    expect(parseConsentCookie(formatConsentCookie(stored))).toEqual(stored);
    expect(consentFromCookieHeader(`lang=cs; consent=${formatConsentCookie(stored)}; currency=EUR`)).toEqual(stored);
  });

  it('an older text version asks again', () => {
    expect(parseConsentCookie(formatConsentCookie({ ...stored, version: '2020-01-01' }))).toBeNull();
  });

  it('no cookie, tampered or hostile values count as no choice', () => {
    expect(consentFromCookieHeader(undefined)).toBeNull();
    expect(consentFromCookieHeader('lang=cs')).toBeNull();
    for (const value of ['', '%E0%A4%A', 'x'.repeat(500), encodeURIComponent(`${CONSENT_TEXT_VERSION}|yesterday|111|${stored.id}`),
      encodeURIComponent(`${CONSENT_TEXT_VERSION}|${stored.date}|121|${stored.id}`), encodeURIComponent(`${CONSENT_TEXT_VERSION}|${stored.date}|111|not-a-uuid`),
      encodeURIComponent(`${CONSENT_TEXT_VERSION}|${stored.date}|111|${stored.id}|extra`)]) {
      expect(parseConsentCookie(value), value).toBeNull();
    }
  });
});
