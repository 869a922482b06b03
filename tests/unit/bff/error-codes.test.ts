// Every error code the server can produce is listed in docs/partners.md (issue 27). The codes are
// collected from the sources where the error convention (decision 0025) makes them: a domain error's
// super('CODE') (VoucherError's VOUCHER_<problem>), `code: 'CODE'` of a GraphQL error or JSON refusal,
// the refusals of the operation limits and the token guard, and request-errors.ts's table; plus the
// few that graphql-js and yoga make themselves. The guide must list no code the server never makes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { VOUCHER_PROBLEMS } from '../../../bff/src/services/vouchers.ts';
import { withCode } from '../../../bff/src/graphql/server/request-errors.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Codes that graphql-js and graphql-yoga put in answers we pass on as they are. */
const LIBRARY_CODES = ['GRAPHQL_VALIDATION_FAILED', 'OPERATION_RESOLUTION_FAILURE'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'generated' ? [] : sourceFiles(file);
    return file.endsWith('.ts') ? [file] : [];
  });
}

/** The codes a source text makes. */
function codesIn(text: string): string[] {
  const patterns = [
    /\bcode: '([A-Z][A-Z_]+)'/g, // createGraphQLError(…, { extensions: { code } }), JSON refusals, request-errors.ts overrides
    /\bsuper\('([A-Z][A-Z_]+)'/g, // ShopError subclasses
    /\b(?:refusal|armorRefusal)\((?:[^()]|\([^()]*\))*?'([A-Z][A-Z_]+)'(?:, \d{3}(?:, \w+)?)?\)/g, // operation-limits.ts, stream-limits.ts (a message(…) inside; a status, a Retry-After)
    /\bfail\(req, res, \d{3}, '\w+', '([A-Z][A-Z_]+)'\)/g, // http/partner-auth.ts
    /^ {2}([A-Z][A-Z_]+): \{ key: '\w+', status: \d+ \},$/gm, // request-errors.ts: a code answered as it came
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]));
}

function serverCodes(): Set<string> {
  const codes = new Set(LIBRARY_CODES);
  for (const file of sourceFiles(path.join(ROOT, 'bff/src'))) for (const code of codesIn(readFileSync(file, 'utf8'))) codes.add(code);
  for (const problem of VOUCHER_PROBLEMS) codes.add(`VOUCHER_${problem}`);
  // VoucherError's template, not a code itself
  codes.delete('VOUCHER_');
  return codes;
}

function listedCodes(): Set<string> {
  const guide = readFileSync(path.join(ROOT, 'docs/partners.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## 10. Error codes'), guide.indexOf('\n## 11.'));
  return new Set([...section.matchAll(/^\| `([A-Z][A-Z_]+)` \|/gm)].map((match) => match[1]));
}

describe('error codes', () => {
  it('finds the codes of each kind of source', () => {
    expect(codesIn("throw refusal('The query document is too long.', 'DOCUMENT_TOO_LONG', 413);")).toEqual(['DOCUMENT_TOO_LONG']);
    expect(codesIn("    super('EMAIL_TAKEN', text);")).toEqual(['EMAIL_TAKEN']);
    expect(codesIn("() => operation.abort(refusal(message('requestTimedOut', language), 'TIMEOUT', 503)),")).toEqual(['TIMEOUT']);
    expect(codesIn("fail(req, res, 429, 'apiRateLimited', 'RATE_LIMITED');")).toEqual(['RATE_LIMITED']);
    expect(codesIn("  BAD_REQUEST: { key: 'requestMalformed', status: 400 },")).toEqual(['BAD_REQUEST']);
    // a library's code that request-errors.ts answers under another name is not one the client sees
    expect(codesIn("  PERSISTED_QUERY_NOT_IN_LIST: { key: 'persistedQueryUnknown', status: 400, code: 'PERSISTED_QUERY_NOT_FOUND' },")).toEqual([
      'PERSISTED_QUERY_NOT_FOUND',
    ]);
    const codes = serverCodes();
    for (const code of ['UNAUTHENTICATED', 'FORBIDDEN', 'RATE_LIMITED', 'QUERY_TOO_DEEP', 'TIMEOUT', 'VOUCHER_EXPIRED', 'ORDER_CHANGED', 'INSUFFICIENT_STOCK']) {
      expect(codes, code).toContain(code);
    }
  });

  it('docs/partners.md lists every code the server can produce, and no other', () => {
    const codes = [...serverCodes()].sort();
    const listed = [...listedCodes()].sort();
    expect(codes.filter((code) => !listed.includes(code)), 'not in the guide').toEqual([]);
    expect(listed.filter((code) => !codes.includes(code)), 'in the guide, made nowhere').toEqual([]);
  });

  it('an error graphql-js makes without a code gets one', () => {
    const variable = withCode(new GraphQLError('Variable "$n" got invalid value "x"; Int cannot represent non-integer value: "x"'));
    expect(variable.extensions.code).toBe('BAD_USER_INPUT');
    expect(withCode(new GraphQLError('Cannot return null for non-nullable field Product.name.', { path: ['product', 'name'] })).extensions.code).toBe(
      'INTERNAL_SERVER_ERROR',
    );
    expect(withCode(new GraphQLError('Schema is not configured to execute subscription operation.')).extensions.code).toBe('BAD_REQUEST');
    const coded = new GraphQLError('x', { extensions: { code: 'FORBIDDEN' } });
    expect(withCode(coded)).toBe(coded);
  });
});
