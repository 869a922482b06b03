// What counts as a database outage (503 with Retry-After, issue 31 finding 25) and what does not (500).
// The shapes are the ones Prisma 7 with @prisma/adapter-pg throws.
import { describe, expect, it } from 'vitest';
import { isDatabaseOutage } from '../../../bff/src/http/server-errors.ts';

function prismaKnownError(driverCause: Record<string, unknown>) {
  const driverAdapterError = Object.assign(new Error('driver error'), { name: 'DriverAdapterError', cause: driverCause });
  return Object.assign(new Error('Invalid `prisma.session.findUnique()` invocation: Database error.'), {
    code: 'P2039',
    meta: { modelName: 'Session', driverAdapterError },
  });
}

describe('isDatabaseOutage', () => {
  it('sees a terminated backend that Prisma reports under meta.driverAdapterError', () => {
    const error = prismaKnownError({ kind: 'postgres', originalCode: '57P01', originalMessage: 'terminating connection due to administrator command' });
    expect(isDatabaseOutage(error)).toBe(true);
  });

  // issue 40, item 9: GraphQL hands the error mask a resolver's error inside its own
  it("sees a terminated backend inside GraphQL's error around a resolver's failure", () => {
    const prisma = prismaKnownError({ kind: 'postgres', originalCode: '57P01', originalMessage: 'terminating connection due to administrator command' });
    const graphQLError = Object.assign(new Error('Invalid `prisma.variant.findMany()` invocation: Database error.'), { originalError: prisma });
    expect(isDatabaseOutage(graphQLError)).toBe(true);
    const bug = Object.assign(new Error('x is not a function'), { originalError: new TypeError('x is not a function') });
    expect(isDatabaseOutage(bug)).toBe(false);
  });

  it('sees a refused connection through cause', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseOutage(new Error('query failed', { cause: refused }))).toBe(true);
  });

  // pg's own words for a pooled connection that broke (a PostgreSQL restart) and is used once more
  it("sees pg's refusal to use a connection that broke or was closed", () => {
    expect(isDatabaseOutage(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isDatabaseOutage(new Error('query failed', { cause: new Error('Client was closed and is not queryable') }))).toBe(true);
  });

  it('does not take a constraint violation or a plain bug for an outage', () => {
    expect(isDatabaseOutage(prismaKnownError({ kind: 'postgres', originalCode: '23505', originalMessage: 'duplicate key' }))).toBe(false);
    expect(isDatabaseOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });

  it('stops on an error that is its own cause', () => {
    const loop: { message: string; cause?: unknown } = { message: 'loop' };
    loop.cause = loop;
    expect(isDatabaseOutage(loop)).toBe(false);
  });
});
