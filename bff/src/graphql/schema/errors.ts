// Expected business failures are typed results (house rule 1): each domain error class
// (services/errors.ts) is a GraphQL object implementing the shared `Error` interface with `code`
// and `message`.
import { builder } from './builder.ts';
import {
  AuthenticationError,
  InsufficientStockError,
  NotFoundError,
  ShopError,
  TooManyAttemptsError,
  ValidationError,
  type FieldError,
} from '../../services/errors.ts';

// The classes are the domain's (services/errors.ts); resolvers keep importing them from here.
export { AuthenticationError, InsufficientStockError, NotFoundError, ShopError, TooManyAttemptsError, ValidationError, type FieldError };

export const ErrorInterface = builder.interfaceRef<ShopError>('Error').implement({
  description: 'An expected failure the shopper can act on; message is in the request language.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'A stable code of the failure (docs/partners.md lists them all); program against it.' }),
    message: t.exposeString('message', { description: 'The failure told to the shopper, in the request language (X-Shop-Language).' }),
  }),
});

const FieldErrorType = builder.objectRef<FieldError>('FieldError').implement({
  description: 'What is wrong with one input field.',
  fields: (t) => ({
    field: t.exposeString('field', { description: 'The input field’s name (e.g. email, invoiceAddress.postcode, quantity).' }),
    message: t.exposeString('message', { description: 'What to correct, in the request language.' }),
  }),
});

builder.objectType(ValidationError, {
  name: 'ValidationError',
  description: 'Input the shop’s rules refuse (code VALIDATION); nothing was changed.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ fieldErrors: t.field({ type: [FieldErrorType], description: 'Each refused field with its message.', resolve: (error) => error.fieldErrors }) }),
});

builder.objectType(NotFoundError, {
  name: 'NotFoundError',
  description: 'The object the request names does not exist, or is not yours (code NOT_FOUND).',
  interfaces: [ErrorInterface],
});
builder.objectType(AuthenticationError, {
  name: 'AuthenticationError',
  description:
    'Signing in failed (code AUTHENTICATION): a wrong e-mail or password (the same answer for both), ' +
    'or a login, logout or registration sent with a token, which has no session.',
  interfaces: [ErrorInterface],
});

builder.objectType(InsufficientStockError, {
  name: 'InsufficientStockError',
  description: 'Fewer pieces are in stock than asked for (code INSUFFICIENT_STOCK); nothing was changed.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ available: t.exposeInt('available', { description: 'Pieces in stock now.' }) }),
});

builder.objectType(TooManyAttemptsError, {
  name: 'TooManyAttemptsError',
  description: 'Too many attempts from this address or at this account; try again after retryAfterSeconds.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    retryAfterSeconds: t.exposeInt('retryAfterSeconds', { description: 'Seconds until the action may be tried again.' }),
    captchaAccepted: t.exposeBoolean('captchaAccepted', {
      description: 'True when the action may be sent again now with a solved captcha (a login at a locked account).',
    }),
  }),
});
