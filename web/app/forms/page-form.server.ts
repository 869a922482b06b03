// The pages' forms without JavaScript (docs/decisions/0020): the cart, voucher, product and checkout
// forms post to their own page; the route's `action` reads the form here and calls the SAME GraphQL
// mutations as the browser does, through the request's server-side Apollo client (in-process, with
// the shopper's session). Success redirects back (303, post/redirect/get); a failure answers the
// messages and what was typed, which the page renders at the fields. With JavaScript the forms'
// onSubmit handlers prevent the post and nothing here runs.
//
// Every posted value is untrusted: only strings are read, each with a length cap, numbers are
// integers in a range, intents are one of a list; the hidden `_csrf` field must carry the session's
// token (checked by the BFF, bff/src/http/csrf.ts): a form without it changes nothing and comes back
// with a message and what was typed (status 419); a cross-site post never gets here (403).
import { data, redirect } from 'react-router';
import type { ShopLoadContext } from '../context.ts';
import { createI18n } from '../i18n/index.ts';
import { languageOfRequest } from '../language.ts';
import { FORM_TOKEN_FIELD } from './FormToken.tsx';

/** A page form is a few fields; anything bigger is not one of ours. */
export const MAX_FORM_BYTES = 64 * 1024;
/** Ids, codes and intents are short; longer values are refused or cut (the server then names the field). */
export const MAX_ID_LENGTH = 200;

export type ActionArgs = { request: Request; context?: unknown; params?: Record<string, string | undefined> };

export type PageForm = {
  /** A string field: '' when absent or not text; cut one character past `max` so the length rule still fires. */
  text: (name: string, max: number) => string;
  /** An integer in [min, max], or null for anything else. */
  int: (name: string, min: number, max: number) => number | null;
  /** A checkbox: true when sent. */
  flag: (name: string) => boolean;
  /** One of the allowed values, or null. */
  choice: <T extends string>(name: string, allowed: readonly T[]) => T | null;
  has: (name: string) => boolean;
  /**
   * The form's `_csrf` is not the session's: the form was shown for another session (logged in or
   * out in another tab, a session that expired). The action changes nothing and answers the page
   * with `t('noJs.staleForm')` and what was typed; that page carries the session's token.
   */
  staleToken: boolean;
};

/** Reads a page form POST: bounded size, text values only, and whether its CSRF token is stale. */
export async function readPageForm(args: ActionArgs): Promise<PageForm> {
  const declared = args.request.headers.get('content-length');
  if (declared === null) throw data('Length required', { status: 411 });
  if (!/^\d{1,9}$/.test(declared) || Number(declared) > MAX_FORM_BYTES) throw data('Form too large', { status: 413 });
  const type = (args.request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') throw data('Unsupported form', { status: 415 });
  let form: FormData;
  try {
    form = await args.request.formData();
  } catch {
    throw data('Bad form', { status: 400 });
  }
  const context = args.context as ShopLoadContext | undefined;
  if (!context) throw data('No load context', { status: 500 });
  const staleToken = !context.verifyFormToken(form.get(FORM_TOKEN_FIELD));
  const raw = (name: string): string | null => {
    const value = form.get(name);
    return typeof value === 'string' ? value : null;
  };
  return {
    text: (name, max) => (raw(name) ?? '').slice(0, max + 1),
    int: (name, min, max) => {
      const value = (raw(name) ?? '').trim();
      if (!/^-?\d{1,6}$/.test(value)) return null;
      const number = Number(value);
      return number >= min && number <= max ? number : null;
    },
    flag: (name) => raw(name) !== null,
    choice: (name, allowed) => {
      const value = raw(name);
      return value !== null && (allowed as readonly string[]).includes(value) ? (value as (typeof allowed)[number]) : null;
    },
    has: (name) => raw(name) !== null,
    staleToken,
  };
}

/** Post/redirect/get: back to the page that posted, as a GET. */
export function backToPage(request: Request, to?: string) {
  return redirect(to ?? new URL(request.url).pathname, 303);
}

export function translatorFor(request: Request) {
  return createI18n(languageOfRequest(request)).t;
}

/** The status of a page answered to a form whose token was not the session's (Laravel's, which the spec's client knows). */
export const STALE_FORM_STATUS = 419;
