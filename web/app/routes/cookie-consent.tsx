// /souhlas-s-cookies, /en/cookie-consent: where the cookie bar posts without JavaScript
// (features/consent/consent-action.server.ts). It has no page of its own: a GET goes home.
import { redirect } from 'react-router';
import type { Route } from './+types/cookie-consent';
import { href, languageOfRequest } from '../language.ts';
import { consentAction } from '../features/consent/consent-action.server.ts';

export function loader(args: Route.LoaderArgs) {
  return redirect(href('home', languageOfRequest(args.request)));
}

export const action = (args: Route.ActionArgs) => consentAction(args);

export default function CookieConsentRoute() {
  return null;
}
