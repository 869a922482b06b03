// The layers that begin every response the Express app gives (app.ts lists them first; layer.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../config.ts';
import { securityHeaderSetter } from '../security-headers.ts';
import { newNonce } from '../nonce.ts';
import { requestIsHttps, trustFunction } from '../https.ts';
import { requestIdOf } from '../request-log.ts';
import { compression } from '../compression.ts';
import type { Layer } from './layer.ts';

/**
 * What every response carries: a nonce for its scripts, the security headers; and its request id (set
 * by the request log in front). The response cache's and the personal answers' hits set it too.
 */
export function responseStarter(config: Config): (req: IncomingMessage, res: ServerResponse) => { nonce: string; requestId: string } {
  const setSecurityHeaders = securityHeaderSetter(config);
  const trustProxy = trustFunction(config.trustProxy);
  return (req, res) => {
    const nonce = newNonce();
    const requestId = requestIdOf(req);
    // (whether it came over https matters only for HSTS, sent only with secure cookies)
    setSecurityHeaders(req.url ?? '/', nonce, res, config.secureCookies && requestIsHttps(req, trustProxy));
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
