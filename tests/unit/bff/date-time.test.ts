// DateTime comes from graphql-scalars (docs/decisions/0023) and answers exactly what the API's own
// scalar answered before: Date.toISOString(), a string, under the same SDL (no description).
import fc from 'fast-check';
import { assertScalarType, printType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../bff/src/graphql/schema/index.ts';

const dateTime = assertScalarType(schema.getType('DateTime'));

describe('DateTime', () => {
  it('serialises every valid date to its toISOString() string', () => {
    expect(dateTime.serialize(new Date(Date.UTC(2026, 10, 26, 9, 5, 7, 12)))).toBe('2026-11-26T09:05:07.012Z');
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(dateTime.serialize(date)).toBe(date.toISOString());
      }),
    );
  });

  it('refuses an invalid date rather than answering one', () => {
    expect(() => dateTime.serialize(new Date(Number.NaN))).toThrow();
  });

  // described for partners since issue 27 (every public type has a description); otherwise printed as before
  it('is printed in the schema as `scalar DateTime` with its description', () => {
    expect(printType(dateTime)).toBe(`"""\n${dateTime.description}\n"""\nscalar DateTime`);
    expect(dateTime.description).toMatch(/RFC 3339.*UTC/);
  });
});
