// A shopper's cookies as her browser holds them, for the benches that measure pages as she sees them.
import { randomUUID } from 'node:crypto';
import { operationHashes } from '../../web/app/gql/operation-hashes.ts';
import { CONSENT_TEXT_VERSION, NONE_GRANTED, formatConsentCookie } from '../../schema/rules/consent.ts';

/** A browser's cookies after it started a session (as before its first change): the Cookie header. */
export async function sessionCookies(shopUrl: string): Promise<string> {
  const response = await fetch(`${shopUrl}/api/csrf-cookie`);
  if (response.status !== 204) throw new Error(`/api/csrf-cookie answered ${response.status}`);
  return response.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
}

/**
 * A shopper as a browser holds her after putting 3 pieces in her cart (issue 28): session, CSRF token,
 * the header's hint and a consent choice; the Cookie header and the token for her own requests.
 */
export async function shopperWithCart(shopUrl: string, variantId: string): Promise<{ cookie: string; token: string }> {
  const cookie = await sessionCookies(shopUrl);
  const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)![1]);
  const response = await fetch(`${shopUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
    body: JSON.stringify({ operationName: 'AddToCart', variables: { variantId, quantity: 3 }, extensions: { persistedQuery: { version: 1, sha256Hash: operationHashes.AddToCart } } }),
  });
  const answer = (await response.json()) as { data?: { addToCart?: { __typename: string; goodsToPay?: { withVat: number } } } };
  if (answer.data?.addToCart?.__typename !== 'Cart') throw new Error(`AddToCart answered ${JSON.stringify(answer)}`);
  const hint = `shopper_hint=1.3.${answer.data.addToCart.goodsToPay!.withVat}.CZK.0.0`;
  const consent = `consent=${formatConsentCookie({ ...NONE_GRANTED, version: CONSENT_TEXT_VERSION, date: new Date().toISOString(), id: randomUUID() })}`;
  return { cookie: `${cookie}; ${hint}; ${consent}`, token };
}
