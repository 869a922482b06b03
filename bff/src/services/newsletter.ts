// Newsletter sign-up. The spec makes an already subscribed e-mail an error, which tells whether an
// address is subscribed; the per-address limit keeps anyone from asking about many addresses (or
// signing up strangers in bulk).
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { message } from '../i18n/messages.ts';
import { normalizeEmail } from './auth.ts';
import { ShopError, TooManyAttemptsError } from './errors.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';

export type NewsletterDeps = { prisma: Db; rateLimiter: RateLimiter };

/** The e-mail already receives the newsletter (the spec makes this an error). */
export class AlreadySubscribedError extends ShopError {
  constructor(text: string) {
    super('ALREADY_SUBSCRIBED', text);
  }
}

/** Subscribes the e-mail and returns the subscription's id. Throws TooManyAttemptsError or AlreadySubscribedError. */
export async function subscribe(
  deps: NewsletterDeps,
  input: { email: string; language: Locale; customerId: number | null; clientIp: string },
): Promise<number> {
  const limit = await deps.rateLimiter.consume(RATE_RULES.newsletterPerIp, ipKey(input.clientIp));
  if (!limit.allowed) throw TooManyAttemptsError.after(limit.retryAfterMs, input.language);
  const email = normalizeEmail(input.email);
  const existing = await deps.prisma.newsletterSubscription.findUnique({ where: { email }, select: { unsubscribedAt: true } });
  if (existing && !existing.unsubscribedAt) throw new AlreadySubscribedError(message('alreadySubscribed', input.language));
  const subscription = await deps.prisma.newsletterSubscription.upsert({
    where: { email },
    create: { email, language: input.language, customerId: input.customerId },
    update: { unsubscribedAt: null, language: input.language },
    select: { id: true },
  });
  return subscription.id;
}
