// The cookie consent log: every choice a browser makes (its anonymous id, the three optional
// categories, the version of the consent text, the time), so the shop can prove consent.
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { CONSENT_TEXT_VERSION, UUID_PATTERN, type ConsentChoice } from '../../../schema/rules/consent.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';
import { message } from '../i18n/messages.ts';
import { TooManyAttemptsError, ValidationError } from './errors.ts';

export type ConsentDeps = { prisma: Db; rateLimiter: RateLimiter };

/** Stores the choice and returns its row. Throws ValidationError (an id or text version it does not know) or TooManyAttemptsError. */
export async function recordConsent(
  deps: ConsentDeps,
  input: ConsentChoice & { anonymousId: string; textVersion: string; language: Locale; clientIp: string },
): Promise<{ id: number; createdAt: Date }> {
  const invalid = (field: 'anonymousId' | 'textVersion') =>
    new ValidationError([{ field, message: message('invalidInput', input.language) }], message('invalidInput', input.language));
  if (!UUID_PATTERN.test(input.anonymousId)) throw invalid('anonymousId');
  if (input.textVersion !== CONSENT_TEXT_VERSION) throw invalid('textVersion');
  const limit = await deps.rateLimiter.consume(RATE_RULES.consentPerIp, ipKey(input.clientIp));
  if (!limit.allowed) throw TooManyAttemptsError.after(limit.retryAfterMs, input.language);
  const row = await deps.prisma.consentLog.create({
    data: {
      anonymousId: input.anonymousId,
      analytical: input.analytical,
      marketing: input.marketing,
      advertising: input.advertising,
      textVersion: input.textVersion,
      language: input.language,
    },
    select: { id: true, createdAt: true },
  });
  return row;
}
