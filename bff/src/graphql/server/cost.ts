// Estimates how many objects an operation can make the server resolve, before it runs.
// Every field that returns an object costs 1 (value objects such as Price nothing); a list multiplies what is selected inside it by
// its size: the `first` argument where the field has one (variables resolved), a known size from
// limits.ts, or DEFAULT_LIST_SIZE. Connection `edges` are sized by their connection's `first`.
// Fragment spreads and inline fragments are expanded, so they cannot hide nested lists; each fragment
// is costed once (fragments.ts), so the estimate stays linear in the document however fragments spread.
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  type DocumentNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { DEFAULT_LIST_SIZE, DEFAULT_PAGE_SIZE_FOR_COST, LIST_SIZES, VALUE_TYPES } from './limits.ts';
import { fragmentDefinitions, memoisedFragments } from './fragments.ts';

type Variables = Record<string, unknown> | undefined;

function intArgument(value: ValueNode | undefined, variables: Variables): number | null {
  if (!value) return null;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const given = variables?.[value.name.value];
    return typeof given === 'number' && Number.isFinite(given) ? given : null;
  }
  return null;
}

function listSize(
  parent: GraphQLCompositeType,
  field: GraphQLField<unknown, unknown>,
  args: readonly { name: { value: string }; value: ValueNode }[],
  variables: Variables,
): number {
  const hasFirst = field.args.some((arg) => arg.name === 'first');
  if (hasFirst) {
    const first = intArgument(args.find((arg) => arg.name.value === 'first')?.value, variables);
    // out-of-range values are refused by the resolver; here they only must not lower the estimate
    return first !== null && first > 0 ? first : DEFAULT_PAGE_SIZE_FOR_COST;
  }
  if (!isListType(getNullableType(field.type))) return 1;
  if (field.name === 'edges' && parent.name.endsWith('Connection')) return 1;
  return LIST_SIZES[`${parent.name}.${field.name}`] ?? DEFAULT_LIST_SIZE;
}

/** The cost of each fragment, computed once; undefined for an unknown fragment. */
type FragmentCost = (name: string) => number | undefined;

function selectionCost(
  schema: GraphQLSchema,
  parent: GraphQLCompositeType,
  selectionSet: SelectionSetNode,
  fragmentCost: FragmentCost,
  variables: Variables,
): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue; // __typename, introspection
      const fields = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields() : {};
      const field = fields[selection.name.value];
      if (!field) continue; // validation has refused unknown fields already
      const type = getNamedType(field.type);
      if (!isCompositeType(type) || !selection.selectionSet || VALUE_TYPES.has(type.name)) continue;
      const size = listSize(parent, field, selection.arguments ?? [], variables);
      total += 1 + size * selectionCost(schema, type, selection.selectionSet, fragmentCost, variables);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const typeName = selection.typeCondition?.name.value;
      const type = typeName ? schema.getType(typeName) : parent;
      if (!type || !isCompositeType(type)) continue;
      total += selectionCost(schema, type, selection.selectionSet, fragmentCost, variables);
    } else {
      total += fragmentCost(selection.name.value) ?? 0;
    }
  }
  return total;
}

/** The estimated cost of the operation that will run (the named one, or the only one). */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Variables,
  operationName?: string | null,
): number {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName ? operations.find((op) => op.name?.value === operationName) : operations[0];
  if (!operation) return 0;
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  // a fragment's type condition fixes the type its selections are costed on
  const fragmentCost: FragmentCost = memoisedFragments(
    fragmentDefinitions(document),
    (fragment) => {
      const type = schema.getType(fragment.typeCondition.name.value);
      return type && isCompositeType(type) ? selectionCost(schema, type, fragment.selectionSet, fragmentCost, variables) : 0;
    },
    0,
  );
  return selectionCost(schema, root, operation.selectionSet, fragmentCost, variables);
}
