// The /graphql chain, after the session: one ordered list of what a GraphQL request meets
// (app.ts mounts it after the session layers and before the pages).
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { createGraphQLError } from 'graphql-yoga';
import { csrfProtection, issueCsrfCookie } from '../csrf.ts';
import { OPERATION_LIMITS } from '../../graphql/server/limits.ts';
import { localisedRefusal } from '../../graphql/server/request-errors.ts';
import { errorLanguage } from '../../graphql/server/request-language.ts';
import type { Layer } from './layer.ts';

const passThrough: RequestHandler = (_req, _res, next) => next();

export const graphqlChain: Layer = {
  name: 'graphql',
  mount(app, { csrf, yoga, responseCache }) {
    // 1. the session's CSRF token in cookie and header (a partner's or the explorer's request has no session)
    app.use('/graphql', csrfProtection(csrf), (req, res, next) => {
      // login and logout replace the session id; the token follows it in the same response
      res.locals.refreshCsrfCookie = () => issueCsrfCookie(req, res, csrf);
      next();
    });
    // 2. the body is read here, with a size cap, before yoga parses it (requirement G6)
    app.post('/graphql', express.raw({ type: () => true, limit: OPERATION_LIMITS.bodyBytes }));
    // 3. the response cache (a hit, or a miss's answer stored), then yoga executes
    app.use(yoga.graphqlEndpoint, responseCache?.middleware ?? passThrough, yoga as unknown as RequestHandler);
    // 4. a body too large, or one that cannot be read (an unknown Content-Encoding, broken gzip): the
    // client's error, answered in its language and not logged (the errors layers for the rest)
    app.use('/graphql', (error: { type?: string; status?: number }, req: Request, res: Response, next: NextFunction) => {
      const status = error.status;
      if (typeof status !== 'number' || status < 400 || status > 499 || res.headersSent) return next(error);
      const tooLarge = error.type === 'entity.too.large';
      const refused = createGraphQLError('The request body cannot be read.', { extensions: { code: tooLarge ? 'BODY_TOO_LARGE' : 'BAD_REQUEST' } });
      res.status(tooLarge ? 413 : status).json({ errors: [localisedRefusal(refused, errorLanguage(req)).toJSON()] });
    });
  },
};
