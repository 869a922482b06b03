// Newsletter sign-up. The spec makes an already subscribed e-mail an error, which tells whether an
// address is subscribed; the per-address limit keeps anyone from asking about many addresses (or
// signing up strangers in bulk).
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { normalizeEmail } from './auth.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';

export type NewsletterDeps = { prisma: Db; rateLimiter: RateLimiter };

export type SubscribeOutcome =
  | { kind: 'subscribed'; subscriptionId: number }
  | { kind: 'alreadySubscribed' }
  | { kind: 'tooManyAttempts'; retryAfterMs: number };

export async function subscribe(
  deps: NewsletterDeps,
  input: { email: string; language: Locale; customerId: number | null; clientIp: string },
): Promise<SubscribeOutcome> {
  const limit = await deps.rateLimiter.consume(RATE_RULES.newsletterPerIp, ipKey(input.clientIp));
  if (!limit.allowed) return { kind: 'tooManyAttempts', retryAfterMs: limit.retryAfterMs };
  const email = normalizeEmail(input.email);
  const existing = await deps.prisma.newsletterSubscription.findUnique({ where: { email }, select: { unsubscribedAt: true } });
  if (existing && !existing.unsubscribedAt) return { kind: 'alreadySubscribed' };
  const subscription = await deps.prisma.newsletterSubscription.upsert({
    where: { email },
    create: { email, language: input.language, customerId: input.customerId },
    update: { unsubscribedAt: null, language: input.language },
    select: { id: true },
  });
  return { kind: 'subscribed', subscriptionId: subscription.id };
}
