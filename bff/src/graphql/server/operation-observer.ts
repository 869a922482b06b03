// Each executed operation: its name goes on the express response (res.locals.operationName) for the
// request's log line (http/request-log.ts), and its execution time to `finished` (the metrics).
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { PluginContext } from '../context.ts';

export type FinishedOperation = {
  /** The operation's name in its document; null for an anonymous one. */
  name: string | null;
  /** query, mutation or subscription. */
  type: string;
  /** Sent with a partner's bearer token (http/partner-auth.ts). */
  partner: boolean;
  seconds: number;
};

export function useOperationObserver(finished?: (operation: FinishedOperation) => void): Plugin {
  return {
    onExecute({ args }) {
      const res = (args.contextValue as PluginContext | undefined)?.res;
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      const name = operation?.name?.value ?? null;
      if (res?.locals && name !== null) res.locals.operationName = name;
      const started = performance.now();
      return {
        onExecuteDone() {
          finished?.({ name, type: operation?.operation ?? 'unknown', partner: Boolean(res?.locals?.partner), seconds: (performance.now() - started) / 1000 });
        },
      };
    },
  };
}
