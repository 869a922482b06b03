// The public schema reads like documentation (issue 27): every type, field, argument, input field and
// enum value a partner token can reach has a description. "Reach": from the root fields open to the
// catalog:read or cart scopes (their Pothos authScopes), through field types, arguments, the members of
// unions and the implementations of interfaces. Browser-only fields (login, account) are not walked.
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../bff/src/graphql/schema/index.ts';

type Scopes = { catalogRead?: boolean; cartAccess?: boolean } | undefined;

function partnerRootFields(): GraphQLField<unknown, unknown>[] {
  return [schema.getQueryType()!, schema.getMutationType()!].flatMap((root) =>
    Object.values(root.getFields()).filter((field) => {
      const scopes = (field.extensions as { pothosOptions?: { authScopes?: Scopes } }).pothosOptions?.authScopes;
      return scopes?.catalogRead === true || scopes?.cartAccess === true;
    }),
  );
}

/** Every schema coordinate a partner can reach that has no description. */
function undocumented(): { reached: Set<string>; missing: string[] } {
  const reached = new Set<string>();
  const missing: string[] = [];
  const need = (coordinate: string, description: string | null | undefined) => {
    if (!description?.trim()) missing.push(coordinate);
  };
  const visitField = (owner: string, field: GraphQLField<unknown, unknown> | GraphQLInputField) => {
    need(`${owner}.${field.name}`, field.description);
    for (const arg of 'args' in field ? field.args : []) {
      need(`${owner}.${field.name}(${arg.name}:)`, arg.description);
      visitType(getNamedType(arg.type));
    }
    visitType(getNamedType(field.type));
  };
  const visitType = (type: GraphQLNamedType) => {
    if (reached.has(type.name) || type.name.startsWith('__')) return;
    reached.add(type.name);
    need(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) visitField(type.name, field);
    }
    if (isInterfaceType(type)) for (const implementation of schema.getPossibleTypes(type)) visitType(implementation);
    if (isUnionType(type)) for (const member of type.getTypes()) visitType(member);
    if (isEnumType(type)) for (const value of type.getValues()) need(`${type.name}.${value.name}`, value.description);
  };
  for (const field of partnerRootFields()) visitField(field.name in schema.getQueryType()!.getFields() && schema.getQueryType()!.getFields()[field.name] === field ? 'Query' : 'Mutation', field);
  return { reached, missing };
}

describe('the public schema', () => {
  it('walks what a partner token reaches: the catalog, the cart, the checkout and the order', () => {
    const roots = partnerRootFields().map((field) => field.name);
    expect(roots).toEqual(expect.arrayContaining(['products', 'product', 'categories', 'cart', 'addToCart', 'placeOrder', 'order']));
    expect(roots).not.toContain('me');
    expect(roots).not.toContain('login');
    const { reached } = undocumented();
    for (const type of ['Product', 'Variant', 'Price', 'Cart', 'Checkout', 'Order', 'VoucherError', 'ProductFilter', 'Currency']) expect(reached).toContain(type);
  });

  it('describes every type, field, argument, input field and enum value a partner can reach', () => {
    expect(undocumented().missing).toEqual([]);
  });
});
