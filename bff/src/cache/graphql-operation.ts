// What the response cache learns from a /graphql operation (bff/src/cache/response-cache.ts), set on
// the express response: which kind of operation ran (only a query's answer may be stored), and
// whether it read a private table (then it is not stored at all: cache/private-reads.ts).
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Response } from 'express';
import { noticePrivateReads } from './private-reads.ts';

export function useResponseCacheNotes(): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const res = (args.contextValue as { res?: Response } | undefined)?.res;
      if (!res?.locals) return;
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      // more than one operation in one request (batching) is never stored
      if (res.locals.graphqlOperation === undefined) res.locals.graphqlOperation = operation?.operation ?? 'unknown';
      else res.locals.graphqlOperation = 'several';
      setExecuteFn((executeArgs) => noticePrivateReads(() => void (res.locals.responseCache = false), () => executeFn(executeArgs)));
    },
  };
}
