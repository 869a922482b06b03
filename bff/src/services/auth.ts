// Signing in. Brute force (A4): every attempt is counted per client address and per account before
// the password is looked at, so parallel or aliased attempts cannot slip past the limit; once over
// it, the answer is "too many attempts" without checking the password, for an existing e-mail and an
// unknown one alike (A5: no account enumeration). A successful login clears the account's count
// (not the address's), so in effect the account rule counts failures.
import type { Db } from '../db/client.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { RATE_RULES, ipKey, type RateLimiter } from './rate-limit.ts';

export type AuthDeps = { prisma: Db; rateLimiter: RateLimiter };

export type LoginOutcome =
  | { kind: 'success'; customerId: number }
  | { kind: 'invalidCredentials' }
  | { kind: 'tooManyAttempts'; retryAfterMs: number };

/** How an e-mail identifies an account: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; clientIp: string },
): Promise<LoginOutcome> {
  const email = normalizeEmail(input.email);
  const byAddress = await deps.rateLimiter.consume(RATE_RULES.loginPerIp, ipKey(input.clientIp));
  if (!byAddress.allowed) return { kind: 'tooManyAttempts', retryAfterMs: byAddress.retryAfterMs };
  const byAccount = await deps.rateLimiter.consume(RATE_RULES.loginPerAccount, email);
  if (!byAccount.allowed) return { kind: 'tooManyAttempts', retryAfterMs: byAccount.retryAfterMs };
  // Only attempts that get this far check a password; those count towards the longer wait, so a
  // guesser who keeps coming back every 15 minutes waits hours after the third round (A4).
  const byAccountLong = await deps.rateLimiter.consume(RATE_RULES.loginPerAccountLong, email);
  if (!byAccountLong.allowed) return { kind: 'tooManyAttempts', retryAfterMs: byAccountLong.retryAfterMs };

  const customer = await deps.prisma.customer.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  // an unknown e-mail is verified against a dummy hash, so it takes as long as a known one
  const valid = await verifyPassword(customer?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!customer || !valid) return { kind: 'invalidCredentials' };
  await deps.rateLimiter.reset(RATE_RULES.loginPerAccount, email);
  await deps.rateLimiter.reset(RATE_RULES.loginPerAccountLong, email);
  return { kind: 'success', customerId: customer.id };
}

