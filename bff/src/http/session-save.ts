// Storing a session before the answer that hands out its cookie (issue 25, finding 3).
//
// express-session stores a new or changed session only when the response ends, and writes its cookie
// with the headers whether the store took the session or not: while PostgreSQL restarts, a shopper
// got a cookie (and a CSRF token bound to it) for a session that was never stored, and her next POST
// a 419. So whatever starts or changes a session before answering (GET /api/csrf-cookie, a page's
// first form, a GraphQL request that logs in, starts a cart ...) stores it first with saveSessionNow.
// When that fails the session is forgotten for this response, so express-session sets no cookie and
// stores nothing when it ends, and the caller answers the shop's 503 (server-errors.ts) instead:
// the shopper keeps the session she had, and tries again.
import type { Request, Response } from 'express';

/** Stores the request's session now; when the store fails, forgets it for this response and rejects. */
export function saveSessionNow(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.save((error: unknown) => {
      if (!error) return resolve();
      forgetSession(req, res);
      reject(error instanceof Error ? error : new Error(String(error)));
    }),
  );
}

/**
 * This response sets no cookie and stores no session: express-session skips both when the request
 * has no session left, and cookies already set for it (a CSRF token bound to the new session) go too.
 */
export function forgetSession(req: Request, res: Response): void {
  (req as { session?: unknown }).session = undefined;
  if (!res.headersSent) res.removeHeader('Set-Cookie');
}

/**
 * Replaces the session by a new one (login, logout: a new id) that takes the old one's place only
 * once it is stored: the old session is removed after the new one was saved (replaceStoredSession),
 * so a store that fails in between leaves the shopper her old session rather than none.
 */
export function startNewSession(req: Request): string {
  const previousId = req.sessionID;
  req.sessionStore.generate(req);
  return previousId;
}

/** After the new session was stored: removes the one it replaced. */
export function removeReplacedSession(req: Request, previousId: string): Promise<void> {
  return new Promise((resolve, reject) =>
    req.sessionStore.destroy(previousId, (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve())),
  );
}
