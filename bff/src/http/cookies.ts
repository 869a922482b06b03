import type { Request } from 'express';
import { cookieValue } from '../../../schema/rules/cookies.ts';

/** Reads one cookie from the Cookie header, as the pages and the response cache read it (schema/rules/cookies.ts). */
export function readCookie(req: Request, name: string): string | undefined {
  return cookieValue(req.headers.cookie, name);
}
