// The public explorer is read-only (docs/decisions/0038): its anonymous requests
// (http/public-explorer.ts) run queries only. Its scopes already close every mutation field (they are
// all for browsers or the cart scope); this refuses a mutation or subscription as a whole, before any
// resolver runs, so a field opened to catalog:read later cannot make the explorer write.
import { getOperationAST } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { isPublicExplorer } from '../../http/public-explorer.ts';
import { message } from '../../i18n/messages.ts';
import type { PluginContext } from '../context.ts';

export function usePublicExplorerReadOnly(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as PluginContext;
      if (!context.res || !isPublicExplorer(context.res)) return;
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      if (operation?.operation === 'query') return;
      const language = context.language === 'en' ? 'en' : 'cs';
      setResultAndStopExecution({
        errors: [createGraphQLError(message('explorerReadOnly', language), { extensions: { code: 'FORBIDDEN', http: { status: 403 } } })],
      });
    },
  };
}
