// The bounds of a subscription's event stream (issue 26; docs/decisions/0041, "Event streams under
// the API's limits"). A query ends within GRAPHQL_TIMEOUT_MS; a subscription is an open HTTP response
// that holds a socket, a listener and the request's objects for as long as the client keeps it. So
// every stream of this instance is counted here, per client (an API token, else the client's address)
// and in all, ends by itself after its lifetime (a client that vanished without closing its socket is
// dropped then at the latest), and ends at once when shutdown begins, so the drain is not held up.
// A refused stream is a GraphQL error with a code and a status; the seat picker then polls.
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { GraphQLError } from 'graphql';
import type { Response } from 'express';
import { message } from '../../i18n/messages.ts';
import { apiLimitsOf } from '../../http/rate-limit-headers.ts';
import { clientKey } from '../../rate-limit/rate-limit.ts';
import { OUTAGE_RETRY_AFTER_S } from '../../http/server-errors.ts';
import type { PluginContext } from '../context.ts';
import type { StreamLimits } from '../../config.ts';

/** Seconds a client refused for want of a place is asked to wait (Retry-After); the picker polls meanwhile. */
export const STREAM_RETRY_AFTER_S = 30;

export type OpenedStream = {
  /** Aborts when the stream must end: its lifetime is over or shutdown began. */
  signal: AbortSignal;
  /** Gives the stream's place back (once; further calls do nothing). */
  release: () => void;
};

export type StreamRegistry = {
  /** A place for one more stream of this client, or why not. */
  open: (client: string) => OpenedStream | 'client-full' | 'instance-full' | 'closed';
  /** Shutdown: ends every open stream and refuses new ones. */
  closeAll: () => void;
  /** Open streams now (all, or of one client). */
  count: (client?: string) => number;
};

export function createStreamRegistry(limits: StreamLimits): StreamRegistry {
  const perClient = new Map<string, number>();
  const open = new Set<AbortController>();
  let closed = false;
  return {
    open(client) {
      if (closed) return 'closed';
      if (open.size >= limits.perInstance) return 'instance-full';
      const mine = perClient.get(client) ?? 0;
      if (mine >= limits.perClient) return 'client-full';
      perClient.set(client, mine + 1);
      const controller = new AbortController();
      open.add(controller);
      const lifetime = setTimeout(() => controller.abort(), limits.lifetimeMs);
      lifetime.unref();
      let released = false;
      return {
        signal: controller.signal,
        release() {
          if (released) return;
          released = true;
          clearTimeout(lifetime);
          open.delete(controller);
          const left = (perClient.get(client) ?? 1) - 1;
          if (left > 0) perClient.set(client, left);
          else perClient.delete(client);
        },
      };
    },
    closeAll() {
      closed = true;
      for (const controller of open) controller.abort();
    },
    count: (client) => (client === undefined ? open.size : (perClient.get(client) ?? 0)),
  };
}

/**
 * The source's events until it ends, fails, the consumer returns, or `stop` aborts (then it ends as
 * if the source had: yoga sends `event: complete` and closes the response); `onEnd` runs once in every
 * one of these cases, and the source is always returned (its listener removed).
 */
export function endWhenAborted<T>(source: AsyncIterable<T>, stop: AbortSignal, onEnd: () => void): AsyncIterableIterator<T> {
  const inner = source[Symbol.asyncIterator]();
  let ended = false;
  let onAbort: () => void = () => undefined;
  const stopped = new Promise<IteratorResult<T>>((resolve) => {
    onAbort = () => resolve({ done: true, value: undefined });
    if (stop.aborted) onAbort();
    else stop.addEventListener('abort', onAbort, { once: true });
  });
  const finish = async () => {
    if (ended) return;
    ended = true;
    stop.removeEventListener('abort', onAbort);
    onEnd();
    await inner.return?.();
  };
  const iterator: AsyncIterableIterator<T> = {
    async next() {
      if (ended) return { done: true, value: undefined };
      // events waiting in the source do not postpone the end
      if (stop.aborted) {
        await finish();
        return { done: true, value: undefined };
      }
      try {
        const step = await Promise.race([inner.next(), stopped]);
        if (step.done) await finish();
        return step;
      } catch (error) {
        await finish();
        throw error;
      }
    },
    async return() {
      await finish();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}

/**
 * How long a stream that must end (its lifetime is over, shutdown) may take to send its end. A client
 * that does not read lets its socket fill up; then yoga asks for no further event, never learns of the
 * end, and the events meant for it pile up in memory: its connection is cut instead.
 */
const END_GRACE_MS = 2000;

function cutWhenStuck(stop: AbortSignal, res: Response | undefined, stream: AsyncIterableIterator<unknown>): void {
  if (!res) return;
  const onStop = () => {
    if (res.destroyed || res.writableFinished) return;
    const cut = setTimeout(() => {
      void stream.return?.();
      res.destroy();
    }, END_GRACE_MS);
    cut.unref();
    res.once('close', () => clearTimeout(cut));
  };
  stop.addEventListener('abort', onStop, { once: true });
  res.once('close', () => stop.removeEventListener('abort', onStop));
}

/** A refused stream; `retryAfterS` (Retry-After) tells the client when a place may be free again. */
function refusal(text: string, code: string, status: number, retryAfterS?: number): GraphQLError {
  const headers = retryAfterS === undefined ? {} : { headers: { 'Retry-After': String(retryAfterS) } };
  return createGraphQLError(text, { extensions: { code, http: { status, ...headers } } });
}

/**
 * Whom a stream is counted against: the API client (`token:<id>`), or the client's address, IPv6 by its
 * /64 (clientKey; sessions cost nothing to make, and one client usually holds a whole /64).
 */
function clientOf(context: PluginContext): string {
  return apiLimitsOf(context.res)?.key ?? clientKey({ clientIp: context.clientIp ?? 'unknown' });
}

/**
 * Counts, bounds and ends every subscription's stream. Its place is taken when the subscription is
 * set up, after every other plugin's checks passed, so a refused operation never holds one.
 */
export function useStreamLimits(registry: StreamRegistry): Plugin {
  return {
    onSubscribe({ args, subscribeFn, setSubscribeFn }) {
      const context = args.contextValue as PluginContext;
      const language = (context.errorLanguage ?? context.language) === 'en' ? 'en' : 'cs';
      if (!context.request?.headers.get('accept')?.includes('text/event-stream')) {
        // yoga would answer a stream to a client that accepts only JSON with a bare 406 and never end it;
        // a refusal of the subscription itself (a missing variable) is answered as it is
        setSubscribeFn(async (subscribeArgs) => {
          const result = await subscribeFn(subscribeArgs);
          if (!(Symbol.asyncIterator in result)) return result;
          await result.return?.();
          return { errors: [refusal(message('streamNeedsEventStream', language), 'NOT_ACCEPTABLE', 406)] };
        });
        return;
      }
      setSubscribeFn(async (subscribeArgs) => {
        const opened = registry.open(clientOf(context));
        if (opened === 'client-full') {
          return { errors: [refusal(message('tooManyStreams', language), 'TOO_MANY_STREAMS', 429, STREAM_RETRY_AFTER_S)] };
        }
        if (opened === 'instance-full') {
          return { errors: [refusal(message('streamsUnavailable', language), 'STREAMS_UNAVAILABLE', 503, STREAM_RETRY_AFTER_S)] };
        }
        if (opened === 'closed') {
          // shutting down: the load balancer sends the client's next try to another instance
          return { errors: [refusal(message('streamsUnavailable', language), 'STREAMS_UNAVAILABLE', 503, OUTAGE_RETRY_AFTER_S)] };
        }
        try {
          const result = await subscribeFn(subscribeArgs);
          // a refusal of the field itself (a bad id, a scope) is one result, not a stream
          if (!(Symbol.asyncIterator in result)) {
            opened.release();
            return result;
          }
          const stream = endWhenAborted(result, opened.signal, opened.release);
          cutWhenStuck(opened.signal, context.res, stream);
          return stream;
        } catch (error) {
          opened.release();
          throw error;
        }
      });
    },
  };
}
