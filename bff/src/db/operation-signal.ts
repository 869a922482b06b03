// The abort signal of the GraphQL operation being run, for the connection pool. The executor
// stops starting resolvers once an operation times out or its client leaves, but the statements
// its resolvers already asked for would still wait for a connection and run. The pool asks this
// signal before it hands out a connection, and again when a queued request gets one.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` (an operation's execution) so that the database sees `signal`. */
export function withOperationSignal<T>(signal: AbortSignal, work: () => T): T {
  return current.run(signal, work);
}

/**
 * Runs `work` as no operation's: background work an operation sets off (a kicked mail sender) must not
 * stop when that operation times out or its client leaves.
 */
export function outsideOperation<T>(work: () => T): T {
  return current.exit(work);
}

/** The signal of the operation this code runs for, if any (none for scripts, jobs and startup). */
export function operationSignal(): AbortSignal | undefined {
  return current.getStore();
}

/** The error a statement gets when its operation was aborted before the statement started. */
export function abortedOperationError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The operation was aborted.');
}
