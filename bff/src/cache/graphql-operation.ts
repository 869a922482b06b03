// What the response cache learns from a GraphQL operation (bff/src/cache/response-cache.ts), set on
// the express response: which kind of operation ran (only a query's answer may be stored), and
// whether every Query field it asks is declared public. A field declares its answer where it is
// defined (`...PUBLIC_ANSWER` or `...PERSONAL_ANSWER`, graphql/schema/builder.ts); one that declares
// nothing is personal, so a new field is never cached until someone says it may be (decision 0056).
// The same operation runs for a page's render (the SSR loaders call yoga in-process with the page's
// response), so a page that asks a personal field is not stored either.
import { getOperationAST, Kind, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Response } from 'express';

/** A Query field's declaration, read from its extensions (`answer`). */
export type AnswerDeclaration = 'public' | 'personal';

export function answerDeclarationOf(schema: GraphQLSchema, field: string): AnswerDeclaration | undefined {
  const answer = schema.getQueryType()?.getFields()[field]?.extensions.answer;
  return answer === 'public' || answer === 'personal' ? answer : undefined;
}

/** Whether every root field the query asks (fragments followed) is declared public; `__typename` asks nothing. */
export function asksOnlyPublicFields(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Map<string, SelectionSetNode>): boolean {
  const publicSelection = (selectionSet: SelectionSetNode, seen: Set<string>): boolean =>
    selectionSet.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) return selection.name.value === '__typename' || answerDeclarationOf(schema, selection.name.value) === 'public';
      if (selection.kind === Kind.INLINE_FRAGMENT) return publicSelection(selection.selectionSet, seen);
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (seen.has(name) || !fragment) return seen.has(name);
      return publicSelection(fragment, new Set([...seen, name]));
    });
  return publicSelection(operation.selectionSet, new Set());
}

export function useResponseCacheNotes(): Plugin {
  return {
    onExecute({ args }) {
      const res = (args.contextValue as { res?: Response } | undefined)?.res;
      if (!res?.locals) return;
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      // more than one operation in one request (batching) is never stored
      if (res.locals.graphqlOperation === undefined) res.locals.graphqlOperation = operation?.operation ?? 'unknown';
      else res.locals.graphqlOperation = 'several';
      const fragments = new Map<string, SelectionSetNode>();
      for (const definition of args.document.definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition.selectionSet);
      }
      if (operation?.operation !== 'query' || !asksOnlyPublicFields(args.schema, operation, fragments)) res.locals.responseCache = false;
    },
  };
}
