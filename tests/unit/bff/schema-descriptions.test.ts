// The public schema reads like documentation (issue 27): every type, field, argument, input field and
// enum value of the whole schema has a description, the browser-only parts (login, account, captcha)
// as much as what a partner token reaches. GraphQL's own scalars and introspection types are
// described by graphql-js. A new item without a description fails here, named by its coordinate.
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedDirective,
  isSpecifiedScalarType,
  type GraphQLSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../bff/src/graphql/schema/index.ts';

/** Every schema coordinate that is checked, and those of them without a description. */
function descriptions(of: GraphQLSchema): { checked: string[]; missing: string[] } {
  const checked: string[] = [];
  const missing: string[] = [];
  const need = (coordinate: string, description: string | null | undefined) => {
    checked.push(coordinate);
    if (!description?.trim()) missing.push(coordinate);
  };
  for (const type of Object.values(of.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    need(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        need(`${type.name}.${field.name}`, field.description);
        for (const arg of 'args' in field ? field.args : []) need(`${type.name}.${field.name}(${arg.name}:)`, arg.description);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) need(`${type.name}.${value.name}`, value.description);
  }
  for (const directive of of.getDirectives().filter((directive) => !isSpecifiedDirective(directive))) {
    need(`@${directive.name}`, directive.description);
    for (const arg of directive.args) need(`@${directive.name}(${arg.name}:)`, arg.description);
  }
  return { checked, missing };
}

describe('the public schema', () => {
  it('checks the whole schema: the roots, what partners reach, and the browser-only parts', () => {
    const { checked } = descriptions(schema);
    for (const coordinate of [
      'Query',
      'Mutation',
      'Subscription',
      'Node.id',
      'Query.products(first:)',
      'Product',
      'Price',
      'Mutation.placeOrder',
      'Currency.CZK',
      'Mutation.login(input:)',
      'RegisterInput.password',
      'CaptchaAction.LOGIN',
      'MutationLoginResult',
      'QueryCompanyLookupSuccess.data',
      'DateTime',
    ]) {
      expect(checked).toContain(coordinate);
    }
  });

  it('names each item without a description by its coordinate', () => {
    const bare = buildSchema('"Described." type Query { a(b: Int): Kind "Described." c: Int } enum Kind { X "Described." Y } input Filter { d: Int }');
    expect(descriptions(bare).missing).toEqual(['Query.a', 'Query.a(b:)', 'Kind', 'Kind.X', 'Filter', 'Filter.d']);
  });

  it('describes every type, field, argument, input field and enum value', () => {
    expect(descriptions(schema).missing).toEqual([]);
  });
});
