// The layers in front of Express, on node:http's own request: what can be answered without Express,
// sessions or the database is answered here (app.ts lists them in order; layer.ts).
import type { IncomingMessage } from 'node:http';
import { observeRequests } from '../request-log.ts';
import { httpsRedirect } from '../https.ts';
import { homeGoesToEnglish } from '../language.ts';
import type { FrontLayer } from './layer.ts';

/** Every request logged (and counted for /metrics) when it finishes, whoever answered it. */
export const requestLog: FrontLayer = {
  name: 'request log',
  wrap: (next, { log, metrics }) => observeRequests(next, { log, finished: metrics?.requestFinished }),
};

/** The scraper's /metrics (METRICS_TOKEN), over plain http too, like /health. */
export const metricsScrape: FrontLayer = {
  name: 'metrics',
  wrap: (next, { metrics }) => (metrics ? (req, res) => void (metrics.serve(req, res) || next(req, res)) : next),
};

/** With an https PUBLIC_URL, plain http (as the trusted proxy reports it) goes to https. */
export const toHttps: FrontLayer = {
  name: 'https redirect',
  wrap: (next, { config }) => {
    if (!config.secureCookies) return next;
    const redirected = httpsRedirect(config);
    return (req, res) => void (redirected(req, res) || next(req, res));
  },
};

// (a first visit to the home page in English, redirected to /en, goes to the app: the cached `/` is the Czech page)
const toEnglishHome = (req: IncomingMessage) => (req.url === '/' || req.url?.startsWith('/?') === true) && homeGoesToEnglish(req.headers);

/** A cached page or catalog answer goes out before Express, sessions and the rest (cache/response-cache.ts). */
export const cachedAnswers: FrontLayer = {
  name: 'cached answers',
  wrap: (next, { responseCache }) => (responseCache ? (req, res) => (toEnglishHome(req) ? next(req, res) : responseCache.front(req, res, () => next(req, res))) : next),
};

/** Then the personal query's answer kept for the session asking, if it is still good (cache/personal-answers.ts). */
export const keptPersonalAnswers: FrontLayer = {
  name: 'kept personal answers',
  wrap: (next, { personalAnswers }) => (personalAnswers ? (req, res) => personalAnswers.front(req, res, () => next(req, res)) : next),
};
