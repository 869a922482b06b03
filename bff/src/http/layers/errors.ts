// The last layers: what the layers above did not answer, or failed at (app.ts lists them last).
import { clientErrorAnswer } from '../client-errors.ts';
import { serverErrorHandler } from '../server-errors.ts';
import type { Layer } from './layer.ts';

/** A client's mistake: its 4xx, with nothing logged (http/client-errors.ts). */
export const clientErrors: Layer = {
  name: 'client errors',
  mount: (app) => void app.use(clientErrorAnswer),
};

/**
 * Last: what failed above (a session the database could not load, a GraphQL request's body) gets the
 * shop's own answer, JSON for /graphql, a page in the shopper's language otherwise; 503 in an outage.
 */
export const serverErrors: Layer = {
  name: 'server errors',
  mount: (app, { backgroundLog }) => void app.use(serverErrorHandler({ log: backgroundLog.error })),
};
