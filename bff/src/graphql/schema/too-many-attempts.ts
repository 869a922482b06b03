// The typed error of an action refused by a rate limit (login, newsletter; later password reset,
// registration, vouchers). Its message names the wait in whole minutes, in the request's language.
import { builder } from './builder.ts';
import { ErrorInterface, ShopError } from './errors.ts';
import type { Locale } from '../../../../schema/rules/locale.ts';
import { message, type MessageKey } from '../../i18n/messages.ts';

export class TooManyAttemptsError extends ShopError {
  constructor(
    text: string,
    public readonly retryAfterSeconds: number,
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

builder.objectType(TooManyAttemptsError, {
  name: 'TooManyAttemptsError',
  description: 'Too many attempts from this address or at this account; try again after retryAfterSeconds.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    retryAfterSeconds: t.exposeInt('retryAfterSeconds'),
    captchaAccepted: t.exposeBoolean('captchaAccepted', {
      description: 'True when the action may be sent again now with a solved captcha (a login at a locked account).',
    }),
  }),
});
