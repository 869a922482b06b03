// The browser's side of CSRF (spec sections 4 and 7): the server binds a token to the session and
// puts it in a readable cookie (`__Host-XSRF-TOKEN` on https); every request echoes it in a header.
// A 419 means the session changed under the page (logged in elsewhere, expired): the token is
// fetched again and the request retried once, with no redirect.

const COOKIE_NAMES = ['__Host-XSRF-TOKEN', 'XSRF-TOKEN'];

export function readCsrfCookie(): string | undefined {
  for (const part of document.cookie.split('; ')) {
    const index = part.indexOf('=');
    if (COOKIE_NAMES.includes(part.slice(0, index))) return decodeURIComponent(part.slice(index + 1));
  }
  return undefined;
}

// A browser's session begins with its first token (GET /api/csrf-cookie starts it). The personal query
// listens: a visitor without a session is asked nothing until she does something (issue 40, item 28).
const sessionStarted = new Set<() => void>();

/** Calls `listener` once a request that began this browser's session has been answered; returns the unsubscribe. */
export function onSessionStarted(listener: () => void): () => void {
  sessionStarted.add(listener);
  return () => void sessionStarted.delete(listener);
}

/**
 * The token fetch in flight, shared by every request that needs a token meanwhile. A page's first
 * calls go out together (the personal query, the seat plan's, a link's loader clicked at once): each
 * fetched its own cookie, so each started a session of its own, and a call that read one session's
 * token but went out after the other's cookie had replaced it got a 419 (issue 40, item 24).
 */
let tokenInFlight: Promise<string | undefined> | null = null;

function freshToken(): Promise<string | undefined> {
  tokenInFlight ??= fetch('/api/csrf-cookie', { credentials: 'same-origin' })
    .then(() => readCsrfCookie())
    .finally(() => {
      tokenInFlight = null;
    });
  return tokenInFlight;
}

function withToken(init: RequestInit | undefined, token: string | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('x-xsrf-token', token);
  return { ...init, headers };
}

/** fetch for the Apollo HttpLink. */
export async function csrfFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const known = readCsrfCookie();
  const token = known ?? (await freshToken());
  let response = await fetch(input, withToken(init, token));
  if (response.status === 419) {
    console.warn('CSRF token mismatch (419): fetching a new token and retrying once');
    response = await fetch(input, withToken(init, await freshToken()));
  }
  // after the answer: what is asked about the new session then sees what this request did (the first add)
  if (known === undefined) for (const listener of sessionStarted) listener();
  return response;
}
