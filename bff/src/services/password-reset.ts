// Forgotten password and password change (issue 7, item 3; requirements A4, A5, A6).
//
// A request is counted per client address and per e-mail before anything is looked up, and is
// answered right after that, the same whether the e-mail has an account or not: looking the
// account up, storing the token and enqueueing the e-mail happen after the answer (one transaction),
// so neither the answer nor its time tells whether the account exists (A5).
//
// A reset token is 32 bytes from the CSPRNG (256 bits), sent only in the e-mail and stored as its
// SHA-256. It works once, for 60 minutes, and only while it is the account's newest: a new request,
// a successful reset and a password change mark every older token used. Redeeming claims the token
// with one conditional UPDATE (`usedAt IS NULL AND expiresAt > now`), so of parallel redemptions
// exactly one wins (A6). A new password ends every session of the customer (the caller then signs
// the shopper in with a new session id, A2), revokes her personal access tokens (issue 40, item 6)
// and is checked against the common passwords (A1).
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { LineLog } from '../log.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { endCustomerSessions } from './sessions.ts';
import { revokeCustomerTokens } from './api-tokens.ts';
import { enqueueMail } from './mail-outbox.ts';
import { inTransaction } from '../events/record.ts';
import { changePasswordFormSchema, forgottenPasswordFormSchema, resetPasswordFormSchema } from '../../../schema/rules/identity.ts';
import { validateForm } from '../../../schema/rules/index.ts';
import { message } from '../i18n/messages.ts';
import { normalizeEmail } from './auth.ts';
import { ShopError, TooManyAttemptsError, ValidationError, type FieldError } from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { checkPasswordForm } from './password-policy.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';

export const RESET_TOKEN_VALID_MINUTES = 60;
/** How long after the answer the link is issued. */
const AFTER_ANSWER_DELAY_MS = 50;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type PasswordDeps = { prisma: Db; rateLimiter: RateLimiter };

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toFieldErrors(errors: Record<string, string>): FieldError[] {
  return Object.entries(errors).map(([field, text]) => ({ field, message: text }));
}

/** The password was not changed: a wrong, used or expired link, or a wrong old password (the spec's one message). */
export class PasswordChangeError extends ShopError {
  constructor(text: string) {
    super('PASSWORD_CHANGE_FAILED', text);
  }
}

function invalidForm(fieldErrors: FieldError[], language: Locale): ValidationError {
  return new ValidationError(fieldErrors, message('invalidInput', language));
}

/**
 * Accepts a request for a reset link: answered the same whether the e-mail has an account or not (A5),
 * the link issued after the answer. Throws ValidationError (the form) or TooManyAttemptsError.
 */
export async function requestPasswordReset(
  deps: PasswordDeps,
  input: { email: string },
  context: { language: Locale; clientIp: string; afterResponse?: (task: () => void) => void; log: LineLog },
  /** Runs after the form's own checks, before anything is counted or written (the captcha). */
  beforeWrite: () => Promise<void> = async () => {},
): Promise<void> {
  const fieldErrors = toFieldErrors(validateForm({ email: input.email.trim() }, forgottenPasswordFormSchema, context.language));
  if (fieldErrors.length > 0) throw invalidForm(fieldErrors, context.language);
  await beforeWrite();
  const email = normalizeEmail(input.email);
  const byAddress = await deps.rateLimiter.consume(RATE_RULES.passwordResetPerIp, ipKey(context.clientIp));
  if (!byAddress.allowed) throw TooManyAttemptsError.after(byAddress.retryAfterMs, context.language);
  const byAccount = await deps.rateLimiter.consume(RATE_RULES.passwordResetPerAccount, email);
  if (!byAccount.allowed) throw TooManyAttemptsError.after(byAccount.retryAfterMs, context.language);

  // Begun a moment after the answer has been sent: rendering and writing the e-mail takes this
  // process's time, which must not hold up the answer (nor, in the tests, the client reading it).
  const schedule = context.afterResponse ?? ((task: () => void) => task());
  const work = new Promise<void>((resolve) => schedule(() => void setTimeout(resolve, AFTER_ANSWER_DELAY_MS)))
    .then(() => issueResetToken(deps.prisma, email))
    .catch((error: unknown) => context.log.error('[password reset] could not issue a reset link', error))
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
}

const inFlight = new Set<Promise<void>>();

/** Resolves when every reset link asked for so far is stored and its e-mail is in the outbox (tests, shutdown). */
export async function settledResetRequests(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

async function issueResetToken(prisma: Db, email: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const hash = tokenHash(token);
  await inTransaction(prisma, async (tx, changes) => {
    const customer = await tx.customer.findUnique({ where: { email }, select: { id: true, language: true, firstName: true } });
    const customerId = customer?.id ?? -1;
    // a newer request invalidates every earlier link
    await tx.passwordResetToken.updateMany({ where: { customerId, usedAt: null }, data: { usedAt: new Date() } });
    if (!customer) return;
    await tx.passwordResetToken.create({
      data: { customerId, tokenHash: hash, expiresAt: new Date(Date.now() + RESET_TOKEN_VALID_MINUTES * 60_000) },
    });
    await enqueueMail(tx, {
      kind: 'passwordReset',
      recipient: email,
      language: customer.language,
      payload: { token, validMinutes: RESET_TOKEN_VALID_MINUTES, firstName: customer.firstName },
    });
    changes.record({ kind: 'MailEnqueued' });
  });
}

/**
 * Sets the password, ends every session of the customer, revokes her personal access tokens and
 * voids every open reset token, in one transaction.
 */
async function setPassword(tx: Pick<Db, 'customer' | 'passwordResetToken' | 'session' | 'apiToken'>, customerId: number, passwordHash: string) {
  await tx.customer.update({ where: { id: customerId }, data: { passwordHash } });
  await tx.passwordResetToken.updateMany({ where: { customerId, usedAt: null }, data: { usedAt: new Date() } });
  await endCustomerSessions(tx, customerId);
  await revokeCustomerTokens(tx, customerId);
}

/**
 * Sets a new password with the e-mailed link's token and returns the customer's id. Throws
 * ValidationError (the form), TooManyAttemptsError, or PasswordChangeError for a wrong, used,
 * expired or superseded token.
 */
export async function resetPassword(
  deps: PasswordDeps,
  input: { token: string; password: string; passwordConfirmation: string },
  context: { language: Locale; clientIp: string },
): Promise<number> {
  const failed = () => new PasswordChangeError(message('passwordChangeFailed', context.language));
  const fieldErrors = checkPasswordForm(input, resetPasswordFormSchema, context.language);
  if (fieldErrors.length > 0) throw invalidForm(fieldErrors, context.language);
  const byAddress = await deps.rateLimiter.consume(RATE_RULES.passwordResetPerIp, ipKey(context.clientIp));
  if (!byAddress.allowed) throw TooManyAttemptsError.after(byAddress.retryAfterMs, context.language);
  if (!TOKEN_PATTERN.test(input.token)) throw failed();
  const row = await deps.prisma.passwordResetToken.findUnique({
    where: { tokenHash: tokenHash(input.token) },
    select: { id: true, customerId: true, usedAt: true, expiresAt: true },
  });
  if (!row || row.usedAt || row.expiresAt <= new Date()) throw failed();
  const passwordHash = await hashPassword(input.password);
  const changed = await deps.prisma.$transaction(async (tx) => {
    // the claim: of parallel redemptions only one finds the row still unused
    const claim = await tx.passwordResetToken.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (claim.count !== 1) return false;
    await setPassword(tx, row.customerId, passwordHash);
    return true;
  });
  if (!changed) throw failed();
  return row.customerId;
}

/**
 * The signed-in customer changes her password with the old one (counted like login attempts, A4);
 * returns her id. Throws ValidationError, TooManyAttemptsError, or PasswordChangeError for a wrong old password.
 */
export async function changePassword(
  deps: PasswordDeps,
  input: { customerId: number; oldPassword: string; password: string; passwordConfirmation: string },
  context: { language: Locale; clientIp: string },
): Promise<number> {
  const failed = () => new PasswordChangeError(message('passwordChangeFailed', context.language));
  const fieldErrors = checkPasswordForm(input, changePasswordFormSchema, context.language);
  if (fieldErrors.length > 0) throw invalidForm(fieldErrors, context.language);
  const customer = await deps.prisma.customer.findUnique({ where: { id: input.customerId }, select: { email: true, passwordHash: true } });
  if (!customer) throw failed();
  const byAddress = await deps.rateLimiter.consume(RATE_RULES.loginPerIp, ipKey(context.clientIp));
  if (!byAddress.allowed) throw TooManyAttemptsError.after(byAddress.retryAfterMs, context.language);
  const byAccount = await deps.rateLimiter.consume(RATE_RULES.loginPerAccount, customer.email);
  if (!byAccount.allowed) throw TooManyAttemptsError.after(byAccount.retryAfterMs, context.language);
  if (!(await verifyPassword(customer.passwordHash, input.oldPassword))) throw failed();
  await deps.rateLimiter.reset(RATE_RULES.loginPerAccount, customer.email);
  const passwordHash = await hashPassword(input.password);
  await deps.prisma.$transaction((tx) => setPassword(tx, input.customerId, passwordHash));
  return input.customerId;
}
