// The cookie bar's form without JavaScript: "Odmítnout vše", "Přijmout vše", "Nastavení" and "Uložit
// výběr" post to /souhlas-s-cookies, which records the choice in the consent log through the same
// mutation as the browser, sets the same cookie and goes back to the page the bar was on (303). With
// JavaScript the bar's buttons save in place and nothing here runs.
import { redirect } from 'react-router';
import { apolloFor } from '../../apollo/load.ts';
import { readPageForm, type ActionArgs } from '../../forms/page-form.server.ts';
import type { ShopLoadContext } from '../../context.ts';
import { href, languageOfRequest } from '../../language.ts';
import { safeLocalPath } from '../../../../schema/routes.ts';
import {
  ALL_GRANTED,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_SETTINGS_PARAM,
  CONSENT_TEXT_VERSION,
  consentFromCookieHeader,
  formatConsentCookie,
  NONE_GRANTED,
  type ConsentChoice,
  type StoredConsent,
} from '../../../../schema/rules/consent.ts';
import { RecordConsentMutation } from './ConsentProvider.tsx';

const CONSENT_INTENTS = ['rejectAll', 'acceptAll', 'saveChoice', 'settings'] as const;

/** The page the bar was on, as a path of this site (home otherwise), with or without the categories open. */
function backTo(returnTo: string, language: 'cs' | 'en', settings: boolean): string {
  const url = new URL(safeLocalPath(returnTo, href('home', language)), 'http://shop.invalid');
  if (settings) url.searchParams.set(CONSENT_SETTINGS_PARAM, '1');
  else url.searchParams.delete(CONSENT_SETTINGS_PARAM);
  return url.pathname + url.search;
}

export async function consentAction(args: ActionArgs) {
  const form = await readPageForm(args);
  const language = languageOfRequest(args.request);
  const intent = form.choice('intent', CONSENT_INTENTS);
  const returnTo = form.text('returnTo', 2000);
  // a form shown for another session, or an unknown button: the page again, the bar still open
  if (form.staleToken || intent === null || intent === 'settings') return redirect(backTo(returnTo, language, intent === 'settings'), 303);
  const choice: ConsentChoice =
    intent === 'acceptAll'
      ? ALL_GRANTED
      : intent === 'rejectAll'
        ? NONE_GRANTED
        : { analytical: form.flag('analytical'), marketing: form.flag('marketing'), advertising: form.flag('advertising') };
  const previous = consentFromCookieHeader(args.request.headers.get('cookie'));
  const stored: StoredConsent = { ...choice, version: CONSENT_TEXT_VERSION, date: new Date().toISOString(), id: previous?.id ?? crypto.randomUUID() };
  const result = await apolloFor(args).mutate({ mutation: RecordConsentMutation, variables: { input: { anonymousId: stored.id, textVersion: stored.version, ...choice } } });
  // as in the browser: the choice is the visitor's even when the log did not take it
  if (result.data?.recordConsent.__typename !== 'ConsentRecord') console.error('The consent could not be recorded', result.data?.recordConsent.__typename ?? result.error);
  const secure = (args.context as ShopLoadContext | undefined)?.publicUrl.startsWith('https:') ? '; Secure' : '';
  return redirect(backTo(returnTo, language, false), {
    status: 303,
    headers: { 'Set-Cookie': `${CONSENT_COOKIE}=${formatConsentCookie(stored)}; Max-Age=${CONSENT_MAX_AGE_DAYS * 86_400}; Path=/; SameSite=Lax${secure}` },
  });
}
