// Registration (issue 7, item 1). The form's rules are schema/rules/identity.ts's (the web runs the
// same), the password must not be a common one (A1), and registrations are limited per client
// address (A5: the spec lets registration say that an e-mail has an account, so the limit is what
// keeps anyone from asking about many addresses). The customer, her consents, an optional
// newsletter subscription and the welcome e-mail are written in one transaction.
import type { Db } from '../db/client.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { message } from '../i18n/messages.ts';
import { enqueueMail } from './mail-outbox.ts';
import { inTransaction } from '../events/record.ts';
import { registrationFormSchema } from '../../../schema/rules/identity.ts';
import { storedPhone } from '../../../schema/rules/phone.ts';
import { normalizeEmail } from './auth.ts';
import { ShopError, TooManyAttemptsError, ValidationError } from './errors.ts';
import { hashPassword } from './passwords.ts';
import { checkPasswordForm } from './password-policy.ts';
import { RATE_RULES, ipKey, type RateLimiter } from '../rate-limit/rate-limit.ts';

export type RegistrationInput = {
  email: string;
  phone?: string | null;
  firstName: string;
  lastName: string;
  password: string;
  passwordConfirmation: string;
  newsletter: boolean;
  consent: boolean;
};

/** An account with this e-mail exists (the spec suggests another e-mail or the forgotten-password page). */
export class EmailTakenError extends ShopError {
  constructor(text: string) {
    super('EMAIL_TAKEN', text);
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}

/**
 * Creates the account and returns its id; the welcome e-mail is on its way. Throws ValidationError
 * (the form), TooManyAttemptsError (the address's limit) or EmailTakenError.
 */
export async function register(
  deps: { prisma: Db; rateLimiter: RateLimiter },
  input: RegistrationInput,
  context: { language: Locale; clientIp: string },
  /** Runs after the form's own checks, before anything is counted or written (the captcha). */
  beforeWrite: () => Promise<void> = async () => {},
): Promise<number> {
  const emailTaken = () => new EmailTakenError(message('emailTaken', context.language));
  const values = {
    ...input,
    email: input.email.trim(),
    phone: input.phone?.trim() ?? '',
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
  };
  const fieldErrors = checkPasswordForm(values, registrationFormSchema, context.language);
  if (fieldErrors.length > 0) throw new ValidationError(fieldErrors, message('invalidInput', context.language));
  await beforeWrite();

  // counted only for well-formed attempts, before the database is asked anything about the e-mail
  const limit = await deps.rateLimiter.consume(RATE_RULES.registrationPerIp, ipKey(context.clientIp));
  if (!limit.allowed) throw TooManyAttemptsError.after(limit.retryAfterMs, context.language);

  const email = normalizeEmail(values.email);
  if (await deps.prisma.customer.findUnique({ where: { email }, select: { id: true } })) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  let customerId: number;
  try {
    customerId = await inTransaction(deps.prisma, async (tx, changes) => {
      const customer = await tx.customer.create({
        data: {
          email,
          passwordHash,
          firstName: values.firstName,
          lastName: values.lastName,
          phone: storedPhone(values.phone) || null,
          language: context.language,
          newsletter: input.newsletter,
          termsAcceptedAt: now,
          privacyAcceptedAt: now,
          marketingConsentAt: input.newsletter ? now : null,
        },
        select: { id: true },
      });
      if (input.newsletter) {
        await tx.newsletterSubscription.upsert({
          where: { email },
          create: { email, language: context.language, customerId: customer.id },
          update: { unsubscribedAt: null, customerId: customer.id },
        });
      }
      await enqueueMail(tx, {
        kind: 'accountWelcome',
        recipient: email,
        language: context.language,
        payload: { customerId: customer.id },
        dedupeKey: `accountWelcome:${customer.id}`,
      });
      changes.record({ kind: 'MailEnqueued' });
      return customer.id;
    });
  } catch (error) {
    // the same e-mail registered in parallel: the unique index decides
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return customerId;
}

/** What the welcome e-mail shows (mail/templates/account-welcome.ts); null when the account is gone. */
export type WelcomeMailDocument = { firstName: string };

export function welcomeMailDocument(db: Db, customerId: number): Promise<WelcomeMailDocument | null> {
  return db.customer.findUnique({ where: { id: customerId }, select: { firstName: true } });
}
