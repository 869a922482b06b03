// Signing in. Brute force (A4): every attempt is counted per client address and per account before
// the password is looked at, so parallel or aliased attempts cannot slip past the limit; once over
// it, the answer is "too many attempts" without checking the password, for an existing e-mail and an
// unknown one alike (A5: no account enumeration). A successful login clears the account's count
// (not the address's), so in effect the account rule counts failures.
//
// The account's count is everybody's, so anyone could lock its owner out. A locked account therefore
// lets an attempt through with a solved captcha (LOGIN), counted per account and address instead
// (the owner's own address has its own count) and per account over 6 hours (brute force with solved
// captchas stays bounded). The per-address limit holds for every attempt.
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { message } from '../i18n/messages.ts';
import { AuthenticationError, TooManyAttemptsError } from './errors.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';

export type AuthDeps = { prisma: Db; rateLimiter: RateLimiter; language: Locale };

/** How a way of signing in takes a captcha (the login form does; an app's token login does not). */
export type LoginCaptcha = {
  /** Checks and uses up the request's token (throwing the captcha's ValidationError); null when the request sent none. */
  check: (() => Promise<void>) | null;
};

/** How an e-mail identifies an account: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** When the account's own counts refuse the attempt: how long they hold; null while it is not locked. */
async function accountLockedForMs(deps: AuthDeps, email: string): Promise<number | null> {
  const byAccount = await deps.rateLimiter.consume(RATE_RULES.loginPerAccount, email);
  if (!byAccount.allowed) return byAccount.retryAfterMs;
  // Only attempts that get this far check a password; those count towards the longer wait, so a
  // guesser who keeps coming back every 15 minutes waits hours after the third round (A4).
  const byAccountLong = await deps.rateLimiter.consume(RATE_RULES.loginPerAccountLong, email);
  if (!byAccountLong.allowed) return byAccountLong.retryAfterMs;
  return null;
}

/**
 * The customer's id when the e-mail and password are hers. Throws TooManyAttemptsError past a limit
 * (with captchaAccepted when the account is locked and this way of signing in takes a captcha that was
 * not sent) and AuthenticationError for a wrong e-mail or password. `captcha.check` is called only
 * when the account is locked; null `captcha`: this way of signing in takes none.
 */
export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; clientIp: string },
  captcha: LoginCaptcha | null = null,
): Promise<number> {
  const tooMany = (retryAfterMs: number, captchaAccepted = false) =>
    TooManyAttemptsError.after(retryAfterMs, deps.language, 'tooManyLoginAttempts', captchaAccepted);
  const email = normalizeEmail(input.email);
  const address = ipKey(input.clientIp);
  const byAddress = await deps.rateLimiter.consume(RATE_RULES.loginPerIp, address);
  if (!byAddress.allowed) throw tooMany(byAddress.retryAfterMs);
  const lockedForMs = await accountLockedForMs(deps, email);
  const ownerKey = `${email}\n${address}`;
  if (lockedForMs !== null) {
    if (!captcha?.check) throw tooMany(lockedForMs, captcha !== null);
    await captcha.check();
    const fromHere = await deps.rateLimiter.consume(RATE_RULES.loginLockedPerAccountAndIp, ownerKey);
    if (!fromHere.allowed) throw tooMany(fromHere.retryAfterMs);
    const fromEverywhere = await deps.rateLimiter.consume(RATE_RULES.loginLockedPerAccount, email);
    if (!fromEverywhere.allowed) throw tooMany(fromEverywhere.retryAfterMs);
  }

  const customer = await deps.prisma.customer.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  // an unknown e-mail is verified against a dummy hash, so it takes as long as a known one
  const valid = await verifyPassword(customer?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!customer || !valid) throw new AuthenticationError(message('loginFailed', deps.language));
  await deps.rateLimiter.reset(RATE_RULES.loginPerAccount, email);
  await deps.rateLimiter.reset(RATE_RULES.loginPerAccountLong, email);
  await deps.rateLimiter.reset(RATE_RULES.loginLockedPerAccountAndIp, ownerKey);
  return customer.id;
}
