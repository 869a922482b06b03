// The rate-limit header fields every token response carries (issue 27, decision 0039): the four
// fields of draft-ietf-httpapi-ratelimit-headers-06, for the token's request limit.
//   RateLimit-Limit: 120          requests the window allows
//   RateLimit-Remaining: 117      requests left in the current window (0 on a 429)
//   RateLimit-Reset: 42           seconds until the window ends and the whole limit is back (= Retry-After on a 429)
//   RateLimit-Policy: 120;w=60    the policy: 120 requests in a window of 60 seconds
import type { Response } from 'express';
import type { RateLimitResult, RateRule } from '../rate-limit/rate-limit.ts';

export const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'] as const;

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
