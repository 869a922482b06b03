// The layers that begin every response the Express app gives (app.ts lists them first; layer.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../config.ts';
import { securityHeaderList, setHeaderList } from '../security-headers.ts';
import { newNonce } from '../nonce.ts';
import { requestIsHttps, trustFunction } from '../https.ts';
import { requestIdOf } from '../request-log.ts';
import { compression } from '../compression.ts';
import type { Layer } from './layer.ts';

/** What every response begins with: a nonce for its scripts, its request id, and its headers (X-Request-Id, the security headers) as a flat list of names and values. */
export type ResponseHead = { nonce: string; requestId: string; headers: string[] };

/**
 * The head of a response: a hit of the response cache writes its headers in one `writeHead` (Node's
 * fast path, which skips a `setHeader` per header; issue 41), the app's other answers set them
 * (responseStarter).
 */
export function responseHeads(config: Config): (req: IncomingMessage) => ResponseHead {
  const securityHeaders = securityHeaderList(config);
  const trustProxy = trustFunction(config.trustProxy);
  return (req) => {
    const nonce = newNonce();
    const requestId = requestIdOf(req);
    // (whether it came over https matters only for HSTS, sent only with secure cookies)
    const headers = securityHeaders(nonce, config.secureCookies && requestIsHttps(req, trustProxy));
    headers.unshift('X-Request-Id', requestId);
    return { nonce, requestId, headers };
  };
}

/**
 * What every response of the Express app carries, set on it: the head of responseHeads (a nonce for
 * its scripts, the security headers, its request id). The personal answers' hits set it too.
 */
export function responseStarter(config: Config): (req: IncomingMessage, res: ServerResponse) => { nonce: string; requestId: string } {
  const head = responseHeads(config);
  return (req, res) => {
    const { nonce, requestId, headers } = head(req);
    setHeaderList(res, headers);
    return { nonce, requestId };
  };
}

/** The nonce, the security headers and the request id, on res.locals for what follows. */
export const responseStart: Layer = {
  name: 'response start',
  mount: (app, { startResponse }) =>
    void app.use((req, res, next) => {
      Object.assign(res.locals, startResponse(req, res));
      next();
    }),
};

/** Keeps the personal query's answer for its session, and drops it when a request may change it. */
export const personalAnswerKeeping: Layer = {
  name: 'personal answers',
  mount: (app, { personalAnswers }) => void (personalAnswers && app.use(personalAnswers.middleware)),
};

/** Compresses what the layers below answer (a cached body already encoded goes through). */
export const compressed: Layer = {
  name: 'compression',
  mount: (app) => void app.use(compression()),
};
