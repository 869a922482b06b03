// The cost estimate (bff/src/graphql/server/cost.ts) and the ceiling in limits.ts: every document the web
// app sends fits under the ceiling with room to spare, at the largest page it ever asks for.
import { describe, expect, it } from 'vitest';
import { Kind, parse, type DocumentNode } from 'graphql';
import { schema } from '../../../bff/src/graphql/schema/index.ts';
import { operationCost } from '../../../bff/src/graphql/server/cost.ts';
import { expandedFieldCount } from '../../../bff/src/graphql/server/operation-limits.ts';
import { countSensitiveFields, SENSITIVE_FIELDS } from '../../../bff/src/graphql/server/sensitive-operations.ts';
import { DEFAULT_LIST_SIZE, LIST_SIZES, OPERATION_LIMITS } from '../../../bff/src/graphql/server/limits.ts';
import * as webDocuments from '../../../web/app/gql/graphql.ts';
import { PAGE_SIZE } from '../../../web/app/features/catalog/listing-params.ts';

const cost = (document: string, variables?: Record<string, unknown>) => operationCost(schema, parse(document), variables);

const documents = Object.entries(webDocuments).filter(
  (entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode)?.kind === Kind.DOCUMENT,
);

/** `query { ...F0 } fragment F0 on Query { ...F1 ...F1 } … fragment Fn on Query { leaf }`: 2^n leaves. */
function fragmentFanOut(levels: number, leaf = '__typename'): string {
  let document = 'query Q { ...F0 } ';
  for (let level = 0; level < levels; level += 1) document += `fragment F${level} on Query { ...F${level + 1} ...F${level + 1} } `;
  return `${document}fragment F${levels} on Query { ${leaf} }`;
}

/** The quickest of three runs, in ms (one stall of a busy machine does not decide). */
function quickest(run: () => unknown): number {
  const times: number[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return Math.min(...times);
}

describe('walks over a document are linear in its size (issue 31, finding 1)', () => {
  it('fragments spreading each other twice over 90 levels are costed and counted in milliseconds, exactly', () => {
    const ninety = parse(fragmentFanOut(90, 'cart { id } login(email: "a@b.cz", password: "x") { __typename }'));
    // 2^90 carts: the estimate is exact, and far over the ceiling
    expect(operationCost(schema, ninety, undefined)).toBe(2 ** 90);
    expect(countSensitiveFields(ninety).get('login')).toBe(2 ** 90);
    expect(expandedFieldCount(ninety)).toBe(2 ** 90 * 4);
    expect(quickest(() => operationCost(schema, ninety, undefined))).toBeLessThan(50);
    expect(quickest(() => countSensitiveFields(ninety))).toBeLessThan(50);
    expect(quickest(() => expandedFieldCount(ninety))).toBeLessThan(50);
  });

  it('a cyclic fragment (refused by validation) cannot make a walk loop', () => {
    const cyclic = parse('query { ...A } fragment A on Query { cart { id } ...B } fragment B on Query { ...A login(email: "a", password: "b") { __typename } }');
    expect(operationCost(schema, cyclic, undefined)).toBe(1);
    expect(countSensitiveFields(cyclic).get('login')).toBe(1);
    expect(expandedFieldCount(cyclic)).toBe(4);
  });

  it(`every web document expands to at most half of ${OPERATION_LIMITS.expandedFields} fields`, () => {
    const counts = documents.map(([name, document]) => [name, expandedFieldCount(document)] as const);
    console.log(counts.map(([name, value]) => `${name}: ${value} fields`).join('\n'));
    for (const [, value] of counts) expect(value).toBeLessThanOrEqual(OPERATION_LIMITS.expandedFields / 2);
  });

  it('every sensitive field is a root field of the schema', () => {
    const roots = { ...schema.getQueryType()!.getFields(), ...schema.getMutationType()!.getFields() };
    for (const name of SENSITIVE_FIELDS) expect(Object.keys(roots), name).toContain(name);
  });
});

describe('operation cost', () => {
  it('counts objects, not scalars, and multiplies lists by their size', () => {
    expect(cost('{ __typename }')).toBe(0);
    expect(cost('{ cart { id itemCount } }')).toBe(1);
    expect(cost('{ cart { lines { id } } }')).toBe(1 + 1 + LIST_SIZES['Cart.lines'] * 0);
    expect(cost('{ cart { lines { variant { id } } } }')).toBe(1 + 1 + LIST_SIZES['Cart.lines'] * 1);
    expect(cost('{ stores { id } }')).toBe(1);
    expect(cost('{ stores { openingHours { day } } }')).toBe(1 + DEFAULT_LIST_SIZE * 1);
    // value objects computed without I/O (Price) cost nothing
    expect(cost('{ cart { total { withVat } lines { unitPrice { withVat } } } }')).toBe(1 + 1);
  });

  it('takes the page size from `first`, as a literal or a variable, and sizes edges by it', () => {
    const query = 'query($n: Int) { products(first: $n) { edges { node { id } } } }';
    expect(cost(query, { n: 10 })).toBe(1 + 10 * (1 + 1));
    expect(cost(query, { n: 100 })).toBe(1 + 100 * (1 + 1));
    expect(cost('{ products(first: 30) { edges { node { id } } } }')).toBe(1 + 30 * 2);
    // a missing or nonsensical first is costed at the default page size, never as zero
    expect(cost(query, {})).toBe(1 + 12 * 2);
    expect(cost(query, { n: -5 })).toBe(1 + 12 * 2);
  });

  it('expands fragment spreads and inline fragments', () => {
    const plain = cost('{ products(first: 20) { edges { node { similar { id } } } } }');
    const viaFragments = cost(
      'query { products(first: 20) { ...P } } fragment P on ProductConnection { edges { node { ... on Product { similar { id } } } } }',
    );
    expect(viaFragments).toBe(plain);
  });

  it('prices the finding-1 attack far over the ceiling', () => {
    const attack = '{product(slug:"a"){similar{variants{product{similar{variants{product{similar{variants{product{name}}}}}}}}}}}';
    expect(cost(attack)).toBeGreaterThan(OPERATION_LIMITS.cost * 100);
  });

  it('every web document costs at most half the ceiling at the largest page the web asks for', () => {
    expect(documents.length).toBeGreaterThan(5);
    const largestPage = { first: 8 * PAGE_SIZE, offset: 0, slug: 'x', categorySlug: 'x', id: 1, q: 'x', variantId: '1', quantity: 1 };
    const costs = documents.map(([name, document]) => [name, operationCost(schema, document, largestPage)] as const);
    console.log(costs.map(([name, value]) => `${name}: ${value}`).join('\n'));
    for (const [, value] of costs) expect(value).toBeLessThanOrEqual(OPERATION_LIMITS.cost / 2);
  });
});
