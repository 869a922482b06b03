// Documents of the attacks that must be refused before they run, shared by attacks.test.ts (what the
// refusal says) and refusal-times.test.ts (how soon it comes, timed on a quiet machine).
import type { Answer } from '../support/production-server.ts';

/** Issue 8's finding 1, ~170 characters: similar -> variants -> product, three times over. */
export const FINDING_1 =
  'query { products(first: 100) { edges { node { similar { variants { product { similar { variants { product { similar { variants { product { name } } } } } } } } } } } } }';

/** The same nesting once, within the depth limit: its cost refuses it. */
export const SHALLOW_NESTING = 'query { products(first: 100) { edges { node { similar { variants { product { name } } } } } } }';

/** Issue 31: fragments that each spread the next twice, 30 levels deep (2^30 selections once expanded). */
export function fragmentFanOut(levels = 30): string {
  let document = 'query Q { ...F0 } ';
  for (let level = 0; level < levels; level += 1) document += `fragment F${level} on Query { ...F${level + 1} ...F${level + 1} } `;
  return `${document}fragment F${levels} on Query { __typename }`;
}

/** The error codes of an answer, in order. */
export function codes(answer: Answer): unknown[] {
  return (answer.body.errors ?? []).map((error) => error.extensions?.code);
}
