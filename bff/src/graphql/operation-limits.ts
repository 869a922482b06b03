// The guards every GraphQL request passes before anything runs (requirements G1, G4, G6, O3):
// document size, tokens, depth, aliases, directives (GraphQL Armor), estimated cost, the strings
// it carries, introspection and field suggestions; and, while it runs, a time limit and the
// client's disconnect. Limits come from limits.ts; messages are in the request's language.
import { NoSchemaIntrospectionCustomRule, type GraphQLError } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import type { Response } from 'express';
import { OPERATION_LIMITS } from './limits.ts';
import { operationCost } from './cost.ts';
import { findBadString } from './input-strings.ts';
import { message } from '../i18n/messages.ts';
import type { Context, Language } from './context.ts';
import { withOperationSignal } from '../db/operation-signal.ts';

function refusal(text: string, code: string, status = 400): GraphQLError {
  return createGraphQLError(text, { extensions: { code, http: { status } } });
}

type Options = {
  /** Introspection and "Did you mean" suggestions (development, tests, partners with schema:read). */
  exposeSchema: boolean;
  timeoutMs: number;
};

type InitialContext = { res?: Response; request?: Request };

function partnerMayReadSchema(context: InitialContext): boolean {
  const partner = context.res?.locals.partner as { scopes?: string[] } | undefined;
  return partner?.scopes?.includes('schema:read') ?? false;
}

function languageOf(context: Partial<Context>): Language {
  return context.language === 'en' ? 'en' : 'cs';
}

export function operationLimits(options: Options): Plugin[] {
  const { timeoutMs } = options;
  const plugins: Plugin[] = [
    {
      onParams({ params }) {
        if (typeof params.query === 'string' && params.query.length > OPERATION_LIMITS.documentLength) {
          throw refusal('The query document is too long.', 'DOCUMENT_TOO_LONG', 413);
        }
      },
    },
    maxTokensPlugin({ n: OPERATION_LIMITS.tokens, exposeLimits: false, errorMessage: 'The query has too many tokens.' }),
    maxDepthPlugin({ n: OPERATION_LIMITS.depth, exposeLimits: false, flattenFragments: true, errorMessage: 'The query is nested too deeply.' }),
    maxAliasesPlugin({ n: OPERATION_LIMITS.aliases, exposeLimits: false, errorMessage: 'The query has too many aliases.' }),
    maxDirectivesPlugin({ n: OPERATION_LIMITS.directives, exposeLimits: false, errorMessage: 'The query has too many directives.' }),
    {
      onValidate({ addValidationRule, context }) {
        if (!options.exposeSchema && !partnerMayReadSchema(context as InitialContext)) {
          addValidationRule(NoSchemaIntrospectionCustomRule);
        }
      },
      onExecute({ args, executeFn, setExecuteFn, setResultAndStopExecution }) {
        const context = args.contextValue as Partial<Context> & InitialContext;
        const language = languageOf(context);
        const cost = operationCost(args.schema, args.document, args.variableValues ?? undefined, args.operationName);
        if (cost > OPERATION_LIMITS.cost) {
          setResultAndStopExecution({ errors: [refusal(message('queryTooComplex', language), 'QUERY_TOO_COMPLEX')] });
          return;
        }
        const bad = findBadString(args.document, args.variableValues ?? undefined);
        if (bad) {
          const key = ({ tooLong: 'inputTooLong', tooMany: 'inputTooManyItems', invalid: 'inputInvalidCharacters' } as const)[bad];
          setResultAndStopExecution({ errors: [refusal(message(key, language), 'BAD_USER_INPUT')] });
          return;
        }
        // The executor checks this signal between resolvers: after a timeout or a disconnect no
        // new resolver (and so no new database query) starts, and the pool is released.
        // One controller of our own, not AbortSignal.any(): Node keeps a composite signal that has
        // an abort listener (the executor adds one and never removes it) in a global set until it
        // aborts, and with it the whole operation and its request: every request leaked ~100 KB.
        const operation = new AbortController();
        const timer = setTimeout(
          () => operation.abort(refusal(message('requestTimedOut', language), 'TIMEOUT', 503)),
          timeoutMs,
        );
        const client = context.request?.signal;
        const onClientGone = () => operation.abort(client?.reason);
        if (client?.aborted) onClientGone();
        else client?.addEventListener('abort', onClientGone, { once: true });
        const finish = () => {
          clearTimeout(timer);
          client?.removeEventListener('abort', onClientGone);
        };
        (args as { signal?: AbortSignal }).signal = operation.signal;
        // the connection pool refuses statements of an aborted operation (db/operation-signal.ts);
        // `finish` also when the execution fails (an aborted one does), so the timer holds nothing
        setExecuteFn(async (executeArgs) => {
          try {
            return await withOperationSignal(operation.signal, () => executeFn(executeArgs));
          } finally {
            finish();
          }
        });
      },
    },
  ];
  if (!options.exposeSchema) plugins.push(blockFieldSuggestionsPlugin({ mask: '' }));
  return plugins;
}
