// Refusals of a whole request, made before its GraphQL context (and so its language) exists: yoga's
// transport checks (malformed JSON, wrong parameter types), the parser and its token limit, GraphQL
// Armor's limits and the trusted-documents check. Each one carries a code at its source; here, as
// the result is sent, the code picks the message in the request's language and, unless the source
// chose an error status, the HTTP status: 400 for a refused document or request, 413 for what is too
// large. A variable that does not fit its type (graphql-js's words, no code) is worded here too.
// Refusals made while the language is known (cost, strings, once-per-request actions, resolvers) are
// worded at their source.
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { GraphQLError } from 'graphql';
import { formatMessage, message, type MessageKey } from '../../i18n/messages.ts';
import type { Locale } from '../../../../schema/rules/locale.ts';
import { initialContextLanguage, type InitialContext } from './request-language.ts';

type Refusal = { key: MessageKey; status: number; code?: string };

/** By the code the refusal carries at its source (yoga's and its plugins' own codes included). */
const REFUSALS: Record<string, Refusal> = {
  BAD_REQUEST: { key: 'requestMalformed', status: 400 },
  GRAPHQL_PARSE_FAILED: { key: 'queryUnreadable', status: 400 },
  QUERY_TOO_MANY_TOKENS: { key: 'queryTooManyTokens', status: 400 },
  QUERY_TOO_DEEP: { key: 'queryTooDeep', status: 400 },
  QUERY_TOO_MANY_ALIASES: { key: 'queryTooManyAliases', status: 400 },
  QUERY_TOO_MANY_DIRECTIVES: { key: 'queryTooManyDirectives', status: 400 },
  QUERY_TOO_COMPLEX: { key: 'queryTooComplex', status: 400 },
  DOCUMENT_TOO_LONG: { key: 'documentTooLong', status: 413 },
  BODY_TOO_LARGE: { key: 'bodyTooLarge', status: 413 },
  // a database that cannot be reached now (yoga.ts's maskError)
  SERVICE_UNAVAILABLE: { key: 'serviceUnavailable', status: 503 },
  // @graphql-yoga/plugin-persisted-operations: an unknown hash; a request naming nothing to run;
  // a document sent as text where only the shop's own persisted documents may run
  PERSISTED_QUERY_NOT_IN_LIST: { key: 'persistedQueryUnknown', status: 400, code: 'PERSISTED_QUERY_NOT_FOUND' },
  PERSISTED_QUERY_ID_REQUIRED: { key: 'requestMalformed', status: 400, code: 'BAD_REQUEST' },
  CANNOT_SEND_PQ_ID_AND_BODY: { key: 'persistedQueryOnly', status: 400, code: 'PERSISTED_QUERY_ONLY' },
};

/** yoga's BAD_REQUEST refusals that deserve more than "not a valid GraphQL request", by its English text. */
const BAD_REQUEST_DETAILS: [RegExp, MessageKey][] = [
  [/invalid JSON/i, 'requestInvalidJson'],
  [/batching/i, 'requestBatched'],
  [/mutation operation from a POST/i, 'mutationNeedsPost'],
];

function messageKey(refusal: Refusal, error: GraphQLError): MessageKey {
  if (refusal.key !== 'requestMalformed') return refusal.key;
  return BAD_REQUEST_DETAILS.find(([pattern]) => pattern.test(error.message))?.[1] ?? refusal.key;
}

/** The refusal in the request's language, without the library's details (originalError, stack). */
export function localisedRefusal(error: GraphQLError, language: Locale): GraphQLError {
  const code = error.extensions?.code;
  const refusal = typeof code === 'string' ? REFUSALS[code] : undefined;
  if (!refusal) return error;
  const text =
    refusal.key === 'queryUnreadable'
      ? formatMessage(refusal.key, language, { detail: error.message.replace(/^Syntax Error: /, '') })
      : message(messageKey(refusal, error), language);
  const unreadable = refusal.key === 'queryUnreadable';
  // an error status the source chose stays, with its headers (405 and Allow for a mutation over GET);
  // yoga's `spec` mark (200 where the client accepts application/json) does not: one status per refusal
  const http = error.extensions?.http as { status?: number; headers?: Record<string, string> } | undefined;
  return createGraphQLError(text, {
    // where in the document the parser stopped
    source: unreadable ? error.source : undefined,
    positions: unreadable ? error.positions : undefined,
    extensions: { code: refusal.code ?? code, http: { headers: http?.headers, status: http?.status && http.status >= 400 ? http.status : refusal.status } },
  });
}

/**
 * A variable that does not fit its type, as graphql-js words it before anything runs (`Variable "$quantity"
 * got invalid value 1.5; Int cannot represent non-integer value: 1.5`), in the request's language and
 * coded BAD_USER_INPUT: a Czech shopper read the library's English (issue 40, item 14). The text names
 * the variable; any other error is returned as it is.
 */
export function localisedVariableError(error: GraphQLError, language: Locale): GraphQLError {
  const variable = /^Variable "\$(\w+)"/.exec(error.message);
  if (!variable || error.path) return error;
  const missing = /(?:was not provided|must not be null)\.$/.test(error.message);
  return createGraphQLError(formatMessage(missing ? 'variableMissing' : 'variableInvalid', language, { name: variable[1] }), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code: 'BAD_USER_INPUT' },
  });
}

/**
 * Every error carries a code (issue 27): the few that graphql-js makes without one get theirs here.
 * A variable that does not fit its type is the client's input (BAD_USER_INPUT); any other error
 * without a code in the data's path is the server's (INTERNAL_SERVER_ERROR, e.g. a null for a
 * non-null field), and one outside it a request that cannot run (BAD_REQUEST).
 */
export function withCode(error: GraphQLError): GraphQLError {
  if (typeof error.extensions?.code === 'string') return error;
  const code = /^Variable "\$/.test(error.message) ? 'BAD_USER_INPUT' : error.path ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST';
  return createGraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: { ...error.extensions, code },
  });
}

export function useLocalisedRefusals(): Plugin {
  return {
    onResultProcess({ result, setResult, serverContext }) {
      // a streamed or batched result never carries a request refusal
      if (Array.isArray(result) || !('errors' in result) || !result.errors?.length) return;
      const language = initialContextLanguage(serverContext as InitialContext);
      setResult({
        ...result,
        errors: result.errors.map((error) => withCode(localisedVariableError(localisedRefusal(error as GraphQLError, language), language))),
      });
    },
  };
}
