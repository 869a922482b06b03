// The guards every GraphQL request passes before anything runs (requirements G1, G4, G6, O3):
// document size, tokens, depth, aliases, directives (GraphQL Armor), estimated cost, the strings
// it carries, introspection and field suggestions; and, while it runs, a time limit and the
// client's disconnect. Limits come from limits.ts; messages are in the request's language.
import {
  Kind,
  NoSchemaIntrospectionCustomRule,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { OPERATION_LIMITS } from './limits.ts';
import { operationCost } from './cost.ts';
import { findBadString } from './input-strings.ts';
import { message } from '../../i18n/messages.ts';
import type { PluginContext } from '../context.ts';
import type { Locale } from '../../../../schema/rules/locale.ts';
import { Operation, withOperation } from '../../db/operation-signal.ts';
import { fragmentDefinitions, memoisedFragments } from './fragments.ts';

function refusal(text: string, code: string, status = 400): GraphQLError {
  return createGraphQLError(text, { extensions: { code, http: { status } } });
}

/** GraphQL Armor's refusal, thrown with a code (request-errors.ts words it in the request's language). */
function armorRefusal(text: string, code: string) {
  return {
    exposeLimits: false,
    errorMessage: text,
    onReject: [
      () => {
        throw refusal(text, code);
      },
    ],
  };
}

/**
 * Field selections of the document's operations with every fragment spread expanded: the size of
 * what execution and the walks over the document would face. Each fragment is counted once
 * (fragments.ts), so counting is linear even where the expanded size is astronomical.
 */
export function expandedFieldCount(document: DocumentNode): number {
  const countOf = (selectionSet: SelectionSetNode): number => {
    let count = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) count += 1 + (selection.selectionSet ? countOf(selection.selectionSet) : 0);
      else if (selection.kind === Kind.INLINE_FRAGMENT) count += countOf(selection.selectionSet);
      else count += fragmentCount(selection.name.value) ?? 0;
    }
    return count;
  };
  const fragmentCount = memoisedFragments(fragmentDefinitions(document), (fragment) => countOf(fragment.selectionSet), 0);
  let total = 0;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) total += countOf(definition.selectionSet);
  }
  return total;
}

// Refuses a document whose fragments multiply into more fields than any real query has
// (`...F ...F` nested 30 times is a billion), before anything else looks at it.
const expandedFieldsRule: ValidationRule = (context) => ({
  Document(document) {
    if (expandedFieldCount(document) > OPERATION_LIMITS.expandedFields) {
      context.reportError(refusal('The query is too complex.', 'QUERY_TOO_COMPLEX'));
    }
  },
});

type Options = {
  /** Introspection and "Did you mean" suggestions (development, tests, partners with schema:read). */
  exposeSchema: boolean;
  timeoutMs: number;
};

function partnerMayReadSchema(context: PluginContext): boolean {
  const partner = context.res?.locals.partner as { scopes?: string[] } | undefined;
  return partner?.scopes?.includes('schema:read') ?? false;
}

function languageOf(context: PluginContext): Locale {
  return (context.errorLanguage ?? context.language) === 'en' ? 'en' : 'cs';
}

type OperationArgs = { schema: GraphQLSchema; document: DocumentNode; variableValues?: Record<string, unknown> | null; operationName?: string | null; contextValue?: unknown };

/** The estimated cost and the strings an operation carries: the refusal when one is over its limit. */
function refusalBeforeRunning(args: OperationArgs): GraphQLError | null {
  const language = languageOf(args.contextValue as PluginContext);
  const cost = operationCost(args.schema, args.document, args.variableValues ?? undefined, args.operationName);
  if (cost > OPERATION_LIMITS.cost) return refusal(message('queryTooComplex', language), 'QUERY_TOO_COMPLEX');
  const bad = findBadString(args.document, args.variableValues ?? undefined);
  if (!bad) return null;
  const key = ({ tooLong: 'inputTooLong', tooMany: 'inputTooManyItems', invalid: 'inputInvalidCharacters' } as const)[bad];
  return refusal(message(key, language), 'BAD_USER_INPUT');
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
    maxTokensPlugin({ n: OPERATION_LIMITS.tokens, ...armorRefusal('The query has too many tokens.', 'QUERY_TOO_MANY_TOKENS') }),
    {
      onValidate({ addValidationRule }) {
        addValidationRule(expandedFieldsRule);
      },
    },
    maxDepthPlugin({ n: OPERATION_LIMITS.depth, flattenFragments: true, ...armorRefusal('The query is nested too deeply.', 'QUERY_TOO_DEEP') }),
    maxAliasesPlugin({ n: OPERATION_LIMITS.aliases, ...armorRefusal('The query has too many aliases.', 'QUERY_TOO_MANY_ALIASES') }),
    maxDirectivesPlugin({ n: OPERATION_LIMITS.directives, ...armorRefusal('The query has too many directives.', 'QUERY_TOO_MANY_DIRECTIVES') }),
    {
      onValidate({ addValidationRule, context }) {
        if (!options.exposeSchema && !partnerMayReadSchema(context as PluginContext)) {
          addValidationRule(NoSchemaIntrospectionCustomRule);
        }
      },
      // a subscription passes the same checks; its stream is bounded by stream-limits.ts, not by the timeout
      onSubscribe({ args, setResultAndStopExecution }) {
        const refused = refusalBeforeRunning(args);
        if (refused) setResultAndStopExecution({ errors: [refused] });
      },
      onExecute({ args, executeFn, setExecuteFn, setResultAndStopExecution }) {
        const context = args.contextValue as PluginContext;
        const language = languageOf(context);
        const refused = refusalBeforeRunning(args);
        if (refused) {
          setResultAndStopExecution({ errors: [refused] });
          return;
        }
        // The executor checks this signal between resolvers: after a timeout or a disconnect no
        // new resolver (and so no new database query) starts, and the pool is released.
        // One controller of our own, not AbortSignal.any(): Node keeps a composite signal that has
        // an abort listener (the executor adds one and never removes it) in a global set until it
        // aborts, and with it the whole operation and its request: every request leaked ~100 KB.
        const operation = new AbortController();
        const state = new Operation(operation.signal);
        // an operation whose transaction has begun to commit (db/operation-signal.ts beginCommit) is
        // answered with what the commit did, never with "try again"
        const timer = setTimeout(() => {
          if (!state.committing) operation.abort(refusal(message('requestTimedOut', language), 'TIMEOUT', 503));
        }, timeoutMs);
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
            return await withOperation(state, () => executeFn(executeArgs));
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
