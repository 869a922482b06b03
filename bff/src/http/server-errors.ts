// The last error handler (issue 31, finding 25): what Express would answer with its bare English
// `<pre>Internal Server Error</pre>`, e.g. when the session cannot be loaded because the database is
// away. GraphQL callers get a JSON GraphQL error, shoppers a page of the shop in their language; a
// database outage (connection refused, terminated, timed out) is 503 with Retry-After: worth
// another try in a moment, and the shop recovers by itself once the database answers.
import type { NextFunction, Request, Response } from 'express';
import type { Locale } from '../../../schema/rules/locale.ts';
import { message } from '../i18n/messages.ts';
import { errorLanguage, requestLanguage } from '../graphql/server/request-language.ts';
import { requestIdOf, routeOf } from './request-log.ts';
import { isDatabaseOutage } from '../db/outage.ts';
import { pageTitleWithShop } from '../../../schema/rules/supplier.ts';

export { isDatabaseOutage };

/** Seconds a client should wait before trying again during an outage. */
export const OUTAGE_RETRY_AFTER_S = 5;

const PAGE_TEXT = {
  cs: {
    outageTitle: 'Obchod je na chvíli nedostupný',
    outageText: 'Omlouváme se, právě nemůžeme načíst vaše údaje. Zkuste to prosím za několik sekund znovu.',
    errorTitle: 'Chyba',
    errorText: 'Omlouváme se, ale nastala chyba.',
    retry: 'Zkusit znovu',
    home: 'Návrat na úvodní stránku',
  },
  en: {
    outageTitle: 'The shop is briefly unavailable',
    outageText: 'We are sorry, we cannot load your data right now. Please try again in a few seconds.',
    errorTitle: 'Error',
    errorText: 'We are sorry, but an error occurred.',
    retry: 'Try again',
    home: 'Back to the home page',
  },
} satisfies Record<Locale, Record<string, string>>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page needs no React to say this: nothing else of the shop can fail while it is shown. */
function errorPage(language: Locale, status: number, outage: boolean, retryUrl: string, nonce: string | undefined): string {
  const text = PAGE_TEXT[language];
  const title = outage ? text.outageTitle : text.errorTitle;
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(pageTitleWithShop(title))}</title>
<style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a}main{max-width:36rem;margin:15vh auto;padding:0 1.5rem}p.status{font-size:3rem;font-weight:700;margin:0;color:#666}a{display:inline-block;margin:.5rem 1rem 0 0;color:#0b4fa8}</style>
</head>
<body>
<main>
<p class="status">${status}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(outage ? text.outageText : text.errorText)}</p>
<p><a href="${escapeHtml(retryUrl)}">${escapeHtml(text.retry)}</a><a href="${language === 'en' ? '/en' : '/'}">${escapeHtml(text.home)}</a></p>
</main>
</body>
</html>
`;
}

export function serverErrorHandler(options: { log: (line: string, error?: unknown) => void }) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- Express knows an error handler by its 4 parameters
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const outage = isDatabaseOutage(error);
    const status = outage ? 503 : 500;
    // an outage is logged in one line (it can last and concern every request), anything else with its stack;
    // the route's pattern, not the path (which may hold an order's secret), and the request id
    const what = `[${status}] [request ${requestIdOf(req)}] ${req.method} ${routeOf(req)}`;
    if (outage) options.log(`${what}: database unavailable (${(error as Error)?.message ?? error})`);
    else options.log(`${what} failed`, error);
    res.status(status);
    if (outage) res.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_S));
    res.setHeader('Cache-Control', 'no-store');
    // the API and the page's own calls (/api/csrf-cookie) get JSON, as the page's script reads it
    if (req.path === '/graphql' || req.path.startsWith('/graphql/') || req.path.startsWith('/api/')) {
      const language = req.path.startsWith('/api/') ? requestLanguage(req) : errorLanguage(req);
      res.json({
        errors: [
          outage
            ? { message: message('serviceUnavailable', language), extensions: { code: 'SERVICE_UNAVAILABLE' } }
            : { message: message('somethingWentWrong', language), extensions: { code: 'INTERNAL_SERVER_ERROR' } },
        ],
      });
      return;
    }
    // a page's language is in its path
    const language: Locale = req.path === '/en' || req.path.startsWith('/en/') ? 'en' : 'cs';
    res.type('html').send(errorPage(language, status, outage, req.method === 'GET' ? req.originalUrl : req.path, res.locals.nonce as string | undefined));
  };
}
