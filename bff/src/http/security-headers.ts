// Security headers on every response. Scripts run only with the per-request nonce.
import type { NextFunction, Request, Response } from 'express';
import { mapTileOrigin, type Config } from '../config.ts';

export function securityHeaders(config: Config) {
  // the store maps' tiles (MAP_TILE_URL) come from their own server
  const tileOrigin = mapTileOrigin(config.mapTileUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = res.locals.nonce as string;
    const dev = config.ssr === 'vite';
    const graphiql = config.graphiql && req.path.startsWith('/graphql');
    const script = graphiql
      ? "'self' 'unsafe-inline' https://unpkg.com"
      : `'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ''}`;
    res.setHeader(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src ${script}`,
        `style-src 'self' 'unsafe-inline'${graphiql ? ' https://unpkg.com' : ''}`,
        `img-src 'self' data:${tileOrigin ? ` ${tileOrigin}` : ''}`,
        `connect-src 'self'${dev ? ' ws:' : ''}`,
        "font-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    if (config.secureCookies) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
