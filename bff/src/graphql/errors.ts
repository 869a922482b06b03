// Expected business failures are typed results (house rule 1): each error class below is a
// GraphQL object implementing the shared `Error` interface with `code` and `message`.
import { builder } from './builder.ts';

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
