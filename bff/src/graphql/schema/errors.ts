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
    code: t.exposeString('code'),
    message: t.exposeString('message'),
  }),
});

const FieldErrorType = builder.objectRef<FieldError>('FieldError').implement({
  fields: (t) => ({
    field: t.exposeString('field'),
    message: t.exposeString('message'),
  }),
});

builder.objectType(ValidationError, {
  name: 'ValidationError',
  interfaces: [ErrorInterface],
  fields: (t) => ({ fieldErrors: t.field({ type: [FieldErrorType], resolve: (error) => error.fieldErrors }) }),
});

builder.objectType(NotFoundError, { name: 'NotFoundError', interfaces: [ErrorInterface] });
builder.objectType(AuthenticationError, { name: 'AuthenticationError', interfaces: [ErrorInterface] });

builder.objectType(InsufficientStockError, {
  name: 'InsufficientStockError',
  interfaces: [ErrorInterface],
  fields: (t) => ({ available: t.exposeInt('available') }),
});

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
