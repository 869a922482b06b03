// The query cost budget of an API client (issue 27, decision 0039): every operation a token, or the
// public explorer's anonymous visitor per client address (decision 0038), runs (a subscription once,
// when it is set up) is charged its estimated cost (cost.ts) against a budget per client and minute, counted in the shared rate
// limiter (Redis, or PostgreSQL, with the same fallback as the request limit). Over the budget the
// operation does not run: HTTP 429 with Retry-After and RATE_LIMITED. Every such answer says in
// `extensions.cost` what the operation cost and what is left, as Shopify's `throttleStatus` does,
// so a client can pace itself before a 429:
//   { requestedQueryCost, throttleStatus: { maximumAvailable, currentlyAvailable, restoreRate, resetInSeconds } }
// The budget is a fixed window like the request limit: it comes back whole when the window ends
// (resetInSeconds); restoreRate is the budget per second over the window, the pace at which a client
// never meets the 429. An operation over the per-query ceiling (limits.ts) is refused by
// operation-limits.ts and charges nothing; one refused here is charged too, like every attempt (0008).
import type { DocumentNode, ExecutionResult, GraphQLSchema } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { OPERATION_LIMITS } from './limits.ts';
import { operationCost } from './cost.ts';
import { message } from '../../i18n/messages.ts';
import type { RateLimiter, RateRule } from '../../rate-limit/rate-limit.ts';
import { apiLimitsOf, wholeSeconds } from '../../http/rate-limit-headers.ts';
import { isPublicExplorer } from '../../http/public-explorer.ts';
import type { PluginContext } from '../context.ts';

/** Cost points a token may spend per request its rate allows: 12 000 a minute for the default 120 requests. */
export const COST_POINTS_PER_REQUEST = 100;
const MINUTE = 60_000;

/** The cost budget of an API client with this request rate; never below one query at the ceiling. */
export function costBudgetRule(ratePerMinute: number): RateRule {
  return { name: 'partner-token-cost', limit: Math.max(OPERATION_LIMITS.cost, COST_POINTS_PER_REQUEST * ratePerMinute), windowMs: MINUTE };
}

export type QueryCost = {
  requestedQueryCost: number;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number; resetInSeconds: number };
};

function withCost<T extends ExecutionResult>(result: T, cost: QueryCost): T {
  return { ...result, extensions: { ...result.extensions, cost } };
}

type OperationArgs = { schema: GraphQLSchema; document: DocumentNode; variableValues?: Record<string, unknown> | null; operationName?: string | null; contextValue?: unknown };

/**
 * Charges an API client's operation its cost: null for a browser's request (or one over the per-query
 * ceiling, which operation-limits.ts refuses), else what it cost and, over the budget, the refusal.
 */
async function charge(rateLimiter: RateLimiter, args: OperationArgs): Promise<{ cost: QueryCost; refused: ExecutionResult | null } | null> {
  const context = args.contextValue as PluginContext;
  const client = apiLimitsOf(context.res);
  if (!client) return null;
  const requested = operationCost(args.schema, args.document, args.variableValues ?? undefined, args.operationName);
  // over the per-query ceiling: operation-limits.ts refuses it, and it costs the budget nothing
  if (requested > OPERATION_LIMITS.cost) return null;
  const rule = costBudgetRule(client.ratePerMinute);
  const outcome = await rateLimiter.consume(rule, client.key, requested);
  const cost: QueryCost = {
    requestedQueryCost: requested,
    throttleStatus: {
      maximumAvailable: rule.limit,
      currentlyAvailable: outcome.remaining,
      restoreRate: Math.round((rule.limit / (rule.windowMs / 1000)) * 100) / 100,
      resetInSeconds: wholeSeconds(outcome.allowed ? outcome.resetAfterMs : outcome.retryAfterMs, rule),
    },
  };
  if (outcome.allowed) return { cost, refused: null };
  const retryAfter = String(wholeSeconds(outcome.retryAfterMs, rule));
  const text = isPublicExplorer(context.res) ? 'explorerCostLimited' : 'apiCostLimited';
  const refusal = createGraphQLError(message(text, context.errorLanguage ?? context.language ?? 'en'), {
    extensions: { code: 'RATE_LIMITED', http: { status: 429, headers: { 'Retry-After': retryAfter } } },
  });
  return { cost, refused: withCost({ errors: [refusal] }, cost) };
}

export function useTokenCostBudget(rateLimiter: RateLimiter): Plugin {
  return {
    // a subscription is charged once, when it is set up (its events are not operations of the client's)
    async onSubscribe({ args, setResultAndStopExecution }) {
      const charged = await charge(rateLimiter, args);
      if (charged?.refused) setResultAndStopExecution(charged.refused);
    },
    async onExecute({ args, setResultAndStopExecution }) {
      const charged = await charge(rateLimiter, args);
      if (!charged) return undefined;
      if (charged.refused) {
        setResultAndStopExecution(charged.refused);
        return undefined;
      }
      return {
        onExecuteDone({ result, setResult }) {
          // a single result (no streaming on this API)
          if (!(Symbol.asyncIterator in result)) setResult(withCost(result, charged.cost));
        },
      };
    },
  };
}
