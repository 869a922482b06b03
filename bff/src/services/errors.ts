// Expected business failures of the domain (house rule 1). Services throw these; they know nothing
// of GraphQL. graphql/schema/errors.ts registers each class as a GraphQL object implementing the shared
// `Error` interface, and the Pothos errors plugin turns a thrown one into the mutation's result.
// Messages come in the request's language from i18n/messages.ts. A failure of one domain has its class
// beside its service (VoucherError in vouchers.ts, EmailTakenError in registration.ts ...); what is
// not a failure (a reset link requested, whether or not the e-mail has an account) is a return value.
// docs/decisions/0025-one-error-convention.md.
import type { Locale } from '../../../schema/rules/locale.ts';
import { message, type MessageKey } from '../i18n/messages.ts';

export class ShopError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type FieldError = { field: string; message: string };

export class ValidationError extends ShopError {
  constructor(
    public readonly fieldErrors: FieldError[],
    message: string,
  ) {
    super('VALIDATION', message);
  }
}

export class NotFoundError extends ShopError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}

export class InsufficientStockError extends ShopError {
  constructor(
    message: string,
    public readonly available: number,
  ) {
    super('INSUFFICIENT_STOCK', message);
  }
}

export class AuthenticationError extends ShopError {
  constructor(message: string) {
    super('AUTHENTICATION', message);
  }
}

/**
 * Refused by a rate limit (login, registration, newsletter, vouchers, orders ...): the message names the
 * wait in whole minutes, in the request's language.
 */
export class TooManyAttemptsError extends ShopError {
  constructor(
    text: string,
    public readonly retryAfterSeconds: number,
    /** The same action may be sent again now with a solved captcha (a login at a locked account). */
    public readonly captchaAccepted = false,
  ) {
    super('TOO_MANY_ATTEMPTS', text);
  }

  /** From a limiter's retryAfterMs; the message rounds the wait up to whole minutes. */
  static after(retryAfterMs: number, language: Locale, key: MessageKey = 'tooManyAttempts', captchaAccepted = false): TooManyAttemptsError {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
    return new TooManyAttemptsError(message(key, language).replace('{minutes}', String(minutes)), Math.ceil(retryAfterMs / 1000), captchaAccepted);
  }
}
