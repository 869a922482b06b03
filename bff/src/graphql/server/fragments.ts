// Walks over a GraphQL document follow fragment spreads. Expanding a fragment anew at every spread
// is exponential: `fragment F0 on Query { ...F1 ...F1 }` … doubles the work at each level, and a
// 1 000-token document reaches ~95 levels (issue 31, finding 1: 34 s of CPU at 25 levels). So a
// fragment's value is computed once and the kept value is used at every further spread, which keeps
// every walk linear in the document's size.
import { Kind, type DocumentNode, type FragmentDefinitionNode } from 'graphql';

export function fragmentDefinitions(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return fragments;
}

/**
 * `valueOf(name)` computes the named fragment's value with `compute` the first time it is asked for
 * and returns the same value afterwards; undefined for a fragment the document does not define.
 * A fragment reached again while its own value is being computed (a cycle, which validation refuses
 * anyway) counts as `empty`, so a cyclic document cannot loop.
 */
export function memoisedFragments<T>(
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  compute: (fragment: FragmentDefinitionNode) => T,
  empty: T,
): (name: string) => T | undefined {
  const values = new Map<string, T>();
  const computing = new Set<string>();
  return (name) => {
    const fragment = fragments.get(name);
    if (!fragment) return undefined;
    if (values.has(name)) return values.get(name);
    if (computing.has(name)) return empty;
    computing.add(name);
    const value = compute(fragment);
    computing.delete(name);
    values.set(name, value);
    return value;
  };
}
