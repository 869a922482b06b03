// Expected business failures of the domain (house rule 1). Services throw these; they know nothing
// of GraphQL. graphql/schema/errors.ts registers each class as a GraphQL object implementing the shared
// `Error` interface, and the Pothos errors plugin turns a thrown one into the mutation's result.
// Messages come in the request's language from i18n/messages.ts.

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
