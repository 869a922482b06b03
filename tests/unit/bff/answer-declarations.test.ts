// Decision 0056: every Query field declares whether its answer may be cached and shared (public) or is
// made for whoever asks (personal); one that declares nothing counts as personal. No personal answer
// is ever stored: the response cache stores a query's answer only when every root field it asks is public.
import { describe, expect, it } from 'vitest';
import { buildSchema, Kind, parse, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { schema } from '../../../bff/src/graphql/schema/index.ts';
import { answerDeclarationOf, asksOnlyPublicFields } from '../../../bff/src/cache/graphql-operation.ts';

/** Fields that read a shopper's or the server's own data: never public, whoever wrote them. */
const PRIVATE_FIELDS = ['me', 'cart', 'wishlist', 'sharedWishlist', 'order', 'accountOrder', 'keptLinkSecret', 'captchaChallenge', 'checkVoucher', 'companyLookup'];

function publicOnly(source: string, within = schema) {
  const document = parse(source);
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
  const fragments = new Map<string, SelectionSetNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition.selectionSet);
  return asksOnlyPublicFields(within, operation, fragments);
}

describe('answers declared where they are produced', () => {
  it('every Query field declares its answer public or personal', () => {
    const undeclared = Object.keys(schema.getQueryType()!.getFields()).filter((field) => answerDeclarationOf(schema, field) === undefined);
    expect(undeclared).toEqual([]);
  });

  it('the fields that read private data (an order by its secret link, a shared wishlist, the cart, me …) are personal', () => {
    expect(PRIVATE_FIELDS.map((field) => [field, answerDeclarationOf(schema, field)])).toEqual(PRIVATE_FIELDS.map((field) => [field, 'personal']));
  });

  it('an answer with any personal field is not stored, however it is asked (aliases, fragments, inline fragments)', () => {
    expect(publicOnly('{ categories { name } products(first: 1) { totalCount } }')).toBe(true);
    for (const field of PRIVATE_FIELDS) {
      expect([field, publicOnly(`{ categories { name } x: ${field} { __typename } }`)]).toEqual([field, false]);
      expect([field, publicOnly(`{ ...F } fragment F on Query { ... on Query { ${field} { __typename } } }`)]).toEqual([field, false]);
    }
  });

  it('a field that declares nothing counts as personal: a new field is never cached by default', () => {
    const bare = buildSchema('type Query { added: Int }');
    expect(answerDeclarationOf(bare, 'added')).toBeUndefined();
    expect(publicOnly('{ added }', bare)).toBe(false);
  });
});
