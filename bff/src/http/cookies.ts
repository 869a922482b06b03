import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { cookieValue } from '../../../schema/rules/cookies.ts';

/** Reads one cookie from the Cookie header, as the pages and the response cache read it (schema/rules/cookies.ts). */
export function readCookie(req: Request, name: string): string | undefined {
  return cookieValue(req.headers.cookie, name);
}

/**
 * The session id in express-session's signed cookie (`s:<id>.<HMAC-SHA256 of the id by the secret, base64
 * without padding>`, as its cookie-signature signs it), or undefined when there is no such cookie or its
 * signature is not the secret's. What express-session itself would take the cookie's session id to be.
 */
export function signedSessionId(cookieHeader: string | undefined, name: string, secret: string): string | undefined {
  const value = cookieValue(cookieHeader, name);
  if (!value?.startsWith('s:')) return undefined;
  const signed = value.slice(2);
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const id = signed.slice(0, dot);
  const expected = Buffer.from(`${id}.${createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, '')}`);
  const given = Buffer.from(signed);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}
