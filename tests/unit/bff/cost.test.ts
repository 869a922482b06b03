// The cost estimate (bff/src/graphql/cost.ts) and the ceiling in limits.ts: every document the web
// app sends fits under the ceiling with room to spare, at the largest page it ever asks for.
import { describe, expect, it } from 'vitest';
import { Kind, parse, type DocumentNode } from 'graphql';
import { schema } from '../../../bff/src/graphql/index.ts';
import { operationCost } from '../../../bff/src/graphql/cost.ts';
import { DEFAULT_LIST_SIZE, LIST_SIZES, OPERATION_LIMITS } from '../../../bff/src/graphql/limits.ts';
import * as webDocuments from '../../../web/app/gql/graphql.ts';
import { PAGE_SIZE } from '../../../web/app/features/catalog/listing-params.ts';

const cost = (document: string, variables?: Record<string, unknown>) => operationCost(schema, parse(document), variables);

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
    const documents = Object.entries(webDocuments).filter(
      (entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode)?.kind === Kind.DOCUMENT,
    );
    expect(documents.length).toBeGreaterThan(5);
    const largestPage = { first: 8 * PAGE_SIZE, offset: 0, slug: 'x', categorySlug: 'x', id: 1, q: 'x', variantId: '1', quantity: 1 };
    const costs = documents.map(([name, document]) => [name, operationCost(schema, document, largestPage)] as const);
    console.log(costs.map(([name, value]) => `${name}: ${value}`).join('\n'));
    for (const [, value] of costs) expect(value).toBeLessThanOrEqual(OPERATION_LIMITS.cost / 2);
  });
});
