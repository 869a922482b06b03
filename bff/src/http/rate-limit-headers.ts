// The request limit of an API client and the rate-limit header fields that report it (issue 27,
// decision 0039). An API client is a token, or the public explorer's anonymous visitor counted per
// client address (decision 0038): both are counted here, one way, and every answer to them carries the
// four fields of draft-ietf-httpapi-ratelimit-headers-06, the 429 included:
//   RateLimit-Limit: 120          requests the window allows
//   RateLimit-Remaining: 117      requests left in the current window (0 on a 429)
//   RateLimit-Reset: 42           seconds until the window ends and the whole limit is back (= Retry-After on a 429)
//   RateLimit-Policy: 120;w=60    the policy: 120 requests in a window of 60 seconds
// What the request may then spend of its query cost budget is graphql/server/token-cost.ts's, by the
// same client (apiLimitsOf).
import type { Response } from 'express';
import type { RateLimiter, RateLimitResult, RateRule } from '../rate-limit/rate-limit.ts';

export const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'] as const;

/**
 * What res.locals.apiLimits holds for a request of an API client: the key its limits are counted by
 * (`token:<id>`, or `explorer:<client address>`) and its request rate a minute, which its cost budget follows.
 */
export type ApiLimits = { key: string; ratePerMinute: number };

/** The API client whose limits this request counts against, or null for a browser request. */
export function apiLimitsOf(res: Response | undefined): ApiLimits | null {
  return (res?.locals.apiLimits as ApiLimits | undefined) ?? null;
}

/**
 * Whole seconds until `ms` have passed, at least 1 and at most the rule's window (what Retry-After and
 * RateLimit-Reset say): the database keeps a window's end to the millisecond, rounded, so a fresh
 * window may seem a fraction of a millisecond longer than itself.
 */
export function wholeSeconds(ms: number, rule: RateRule): number {
  return Math.min(Math.ceil(rule.windowMs / 1000), Math.max(1, Math.ceil(ms / 1000)));
}

export function setRateLimitHeaders(res: Response, rule: RateRule, outcome: RateLimitResult): void {
  res.setHeader('RateLimit-Limit', String(rule.limit));
  res.setHeader('RateLimit-Remaining', String(outcome.allowed ? outcome.remaining : 0));
  res.setHeader('RateLimit-Reset', String(wholeSeconds(outcome.allowed ? outcome.resetAfterMs : outcome.retryAfterMs, rule)));
  res.setHeader('RateLimit-Policy', `${rule.limit};w=${Math.round(rule.windowMs / 1000)}`);
}

/**
 * Counts one request of an API client against its request limit (`rule`, a minute's window) and sets
 * the rate-limit header fields. Over the limit it sets Retry-After, lets `refuse` answer the 429 and
 * returns false; otherwise it notes the client in res.locals.apiLimits (for the cost budget) and returns true.
 */
export async function countApiRequest(
  rateLimiter: RateLimiter,
  rule: RateRule,
  key: string,
  res: Response,
  refuse: () => void,
): Promise<boolean> {
  const outcome = await rateLimiter.consume(rule, key);
  setRateLimitHeaders(res, rule, outcome);
  if (!outcome.allowed) {
    res.setHeader('Retry-After', String(wholeSeconds(outcome.retryAfterMs, rule)));
    refuse();
    return false;
  }
  res.locals.apiLimits = { key, ratePerMinute: rule.limit } satisfies ApiLimits;
  return true;
}
