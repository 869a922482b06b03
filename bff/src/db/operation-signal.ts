// The abort signal of the GraphQL operation being run, for the connection pool. The executor
// stops starting resolvers once an operation times out or its client leaves, but the statements
// its resolvers already asked for would still wait for a connection and run. The pool asks this
// signal before it hands out a connection, and again when a queued request gets one.
//
// A transaction whose outcome the client is told (placeOrder) asks it once more right before its
// commit (beginCommit): an operation that timed out rolls back, so its "try again" is true; one that
// commits is no longer cut by the time limit, so the client is told the order that was written.
import { AsyncLocalStorage } from 'node:async_hooks';

/** An operation being run: its signal, and whether it has begun a commit the time limit must wait for. */
export class Operation {
  committing = false;

  constructor(readonly signal: AbortSignal) {}
}

const current = new AsyncLocalStorage<Operation>();

/** Runs `work` (an operation's execution) so that the database sees `operation`. */
export function withOperation<T>(operation: Operation, work: () => T): T {
  return current.run(operation, work);
}

/** Runs `work` so that the database sees `signal` (an operation without commits of its own). */
export function withOperationSignal<T>(signal: AbortSignal, work: () => T): T {
  return withOperation(new Operation(signal), work);
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
  return current.getStore()?.signal;
}

/** The error a statement gets when its operation was aborted before the statement started. */
export function abortedOperationError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The operation was aborted.');
}

/**
 * Called inside a transaction as its last step before the commit: throws (and so rolls the
 * transaction back) when the operation was aborted, since its client has already been told it failed;
 * otherwise marks the operation as committing, after which its time limit no longer aborts it and
 * the client gets the outcome of the commit. Outside an operation it does nothing.
 */
export function beginCommit(): void {
  const operation = current.getStore();
  if (!operation) return;
  if (operation.signal.aborted) throw abortedOperationError(operation.signal);
  operation.committing = true;
}
