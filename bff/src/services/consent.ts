// The cookie consent log: every choice a browser makes (its anonymous id, the three optional
// categories, the version of the consent text, the time), so the shop can prove consent.
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { CONSENT_TEXT_VERSION, UUID_PATTERN, type ConsentChoice } from '../../../schema/rules/consent.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';

export type ConsentDeps = { prisma: Db; rateLimiter: RateLimiter };

export type RecordConsentOutcome =
  | { kind: 'recorded'; id: number; createdAt: Date }
  | { kind: 'invalid'; field: 'anonymousId' | 'textVersion' }
  | { kind: 'tooManyAttempts'; retryAfterMs: number };

export async function recordConsent(
  deps: ConsentDeps,
  input: ConsentChoice & { anonymousId: string; textVersion: string; language: Locale; clientIp: string },
): Promise<RecordConsentOutcome> {
  if (!UUID_PATTERN.test(input.anonymousId)) return { kind: 'invalid', field: 'anonymousId' };
  if (input.textVersion !== CONSENT_TEXT_VERSION) return { kind: 'invalid', field: 'textVersion' };
  const limit = await deps.rateLimiter.consume(RATE_RULES.consentPerIp, ipKey(input.clientIp));
  if (!limit.allowed) return { kind: 'tooManyAttempts', retryAfterMs: limit.retryAfterMs };
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
  return { kind: 'recorded', id: row.id, createdAt: row.createdAt };
}
