// The shopper's session, and what needs it before GraphQL and the pages (app.ts lists them in order).
import session from 'express-session';
import { issueCsrfCookie } from '../csrf.ts';
import { saveSessionNow } from '../session-save.ts';
import { currencySwitch, homeLanguageRedirect, languageSwitch } from '../language.ts';
import { accountInvoiceRoutes } from '../invoice.ts';
import { accountCreditNoteRoutes } from '../credit-note.ts';
import { privacyExportRoutes } from '../privacy-export.ts';
import { ipKey, RATE_RULES } from '../../rate-limit/rate-limit.ts';
import { formatMessage } from '../../i18n/messages.ts';
import { requestLanguage } from '../../graphql/server/request-language.ts';
import type { ShopSession } from '../../graphql/context.ts';
import type { Layer } from './layer.ts';

const SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** The session of a request with its cookie (loaded from the database); none is started here. */
export const sessions: Layer = {
  name: 'session',
  mount: (app, { config, sessionCookie, sessionSecret, sessionStore }) =>
    void app.use(
      session({
        name: sessionCookie,
        secret: sessionSecret,
        store: sessionStore,
        resave: false,
        saveUninitialized: false,
        rolling: false,
        // Secure cookies only when the request came over https, as seen through a trusted proxy (TRUST_PROXY)
        cookie: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/', maxAge: SESSION_MAX_AGE_MS },
      }),
    ),
};

/**
 * The spec's CSRF-cookie endpoint. It starts the session (the token is bound to its id), so requests a
 * browser sends in parallel afterwards share one session and one cart.
 */
export const csrfCookie: Layer = {
  name: 'csrf cookie',
  mount: (app, { rateLimiter, csrf }) =>
    void app.get('/api/csrf-cookie', async (req, res, next) => {
      const session = req.session as ShopSession;
      if (session.startedAt === undefined) {
        // a new session is stored here: their number per address is limited (issue 31, finding 10)
        const limit = await rateLimiter.consume(RATE_RULES.newSessionPerIp, ipKey(req.ip ?? req.socket.remoteAddress ?? 'unknown'));
        if (!limit.allowed) {
          const minutes = Math.max(1, Math.ceil(limit.retryAfterMs / 60_000));
          res.setHeader('Retry-After', String(Math.ceil(limit.retryAfterMs / 1000)));
          res.status(429).json({ message: formatMessage('tooManyAttempts', requestLanguage(req), { minutes }) });
          return;
        }
        session.startedAt = Date.now();
        // stored before its cookie goes out: a store that fails (the database restarting) is the
        // shop's 503 with no cookie, never a cookie of a session that does not exist (a 419 next)
        try {
          await saveSessionNow(req, res);
        } catch (error) {
          return next(error);
        }
      }
      issueCsrfCookie(req, res, csrf);
      res.status(204).end();
    }),
};

/** The language and currency links (they set a cookie and go back). */
export const preferences: Layer = {
  name: 'language and currency',
  mount(app, { config }) {
    app.get(['/language/:code', '/jazyk/:code'], languageSwitch(config));
    app.get(['/currency/:code', '/mena/:code'], currencySwitch(config));
  },
};

/** The owner's invoice and credit note downloads and her privacy export need her session. */
export const accountDownloads: Layer = {
  name: 'account downloads',
  mount(app, { prisma, config }) {
    app.use(accountInvoiceRoutes(prisma, config));
    app.use(accountCreditNoteRoutes(prisma));
    app.use(privacyExportRoutes(prisma));
  },
};

/** A first visit to the home page in English goes to /en (homeGoesToEnglish). */
export const homeLanguage: Layer = {
  name: 'home language',
  mount: (app) => void app.use(homeLanguageRedirect),
};
