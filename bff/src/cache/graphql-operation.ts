// Tells the response cache which kind of operation a /graphql request ran: only a query's answer may
// be stored (bff/src/cache/response-cache.ts). Set on the express response from the parsed document.
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Response } from 'express';

export function useOperationKindForCache(): Plugin {
  return {
    onExecute({ args }) {
      const res = (args.contextValue as { res?: Response } | undefined)?.res;
      if (!res?.locals) return;
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      // more than one operation in one request (batching) is never stored
      if (res.locals.graphqlOperation === undefined) res.locals.graphqlOperation = operation?.operation ?? 'unknown';
      else res.locals.graphqlOperation = 'several';
    },
  };
}
