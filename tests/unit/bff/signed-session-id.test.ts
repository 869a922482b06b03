// The session id the personal answers read from the session cookie (bff/src/http/cookies.ts) must be the
// one express-session itself accepts: signed by express-session's own signer, read back; anything else
// (another secret, a changed id or signature, an unsigned value) is no session.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { signedSessionId } from '../../../bff/src/http/cookies.ts';

// the module express-session signs its cookie with (its own dependency)
const fromSession = createRequire(createRequire(import.meta.url).resolve('express-session'));
const signature = fromSession('cookie-signature') as { sign: (value: string, secret: string) => string };

const SECRET = 'unit-test-session-secret-0123456789';
const cookieOf = (value: string) => `lang=cs; sid=${encodeURIComponent(value)}; XSRF-TOKEN=abc`;

describe('signedSessionId', () => {
  it("reads the id from express-session's signed cookie", () => {
    const id = 'Zq3-x_9AbCdEfGhIjKlMnOpQrStUvWx';
    expect(signedSessionId(cookieOf(`s:${signature.sign(id, SECRET)}`), 'sid', SECRET)).toBe(id);
  });

  it('is undefined for another secret, a changed id or signature, an unsigned value or no cookie', () => {
    const signed = signature.sign('session-id', SECRET);
    expect(signedSessionId(cookieOf(`s:${signature.sign('session-id', 'another-secret')}`), 'sid', SECRET)).toBeUndefined();
    expect(signedSessionId(cookieOf(`s:${signed.replace('session-id', 'session-ie')}`), 'sid', SECRET)).toBeUndefined();
    expect(signedSessionId(cookieOf(`s:${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}`), 'sid', SECRET)).toBeUndefined();
    expect(signedSessionId(cookieOf(signed), 'sid', SECRET)).toBeUndefined();
    expect(signedSessionId('lang=cs', 'sid', SECRET)).toBeUndefined();
    expect(signedSessionId(undefined, 'sid', SECRET)).toBeUndefined();
  });
});
