// Mutations wait for the personal query in flight (docs/decisions/0043). A catalog page asks for the
// shopper's part (her cart, login, wishlist) right after hydration; a change she makes meanwhile
// (a quick "Do košíku", a login) must not be undone in the cache by that query's answer, which the
// server made before the change and which would arrive after it. So a mutation is sent once the
// personal queries already sent have answered; their answers are in the cache by then, and the
// mutation's answer is written over them. Queries are never held.
import { ApolloLink } from '@apollo/client';
import { getOperationAST } from 'graphql';
import { Observable, type Subscription } from 'rxjs';

export function createPersonalFirstLink(personalOperation: string): ApolloLink {
  const inFlight = new Set<Promise<void>>();
  return new ApolloLink((operation, forward) => {
    if (operation.operationName === personalOperation) {
      return new Observable((observer) => {
        let settle = () => undefined as void;
        const settled = new Promise<void>((resolve) => (settle = resolve));
        inFlight.add(settled);
        const done = () => {
          inFlight.delete(settled);
          settle();
        };
        const subscription = forward(operation).subscribe({
          next: (value) => observer.next(value),
          error: (error: unknown) => {
            done();
            observer.error(error);
          },
          complete: () => {
            done();
            observer.complete();
          },
        });
        return () => {
          done();
          subscription.unsubscribe();
        };
      });
    }
    if (inFlight.size === 0 || getOperationAST(operation.query)?.operation !== 'mutation') return forward(operation);
    return new Observable((observer) => {
      let subscription: Subscription | null = null;
      let cancelled = false;
      void Promise.all([...inFlight]).then(() => {
        if (!cancelled) subscription = forward(operation).subscribe(observer);
      });
      return () => {
        cancelled = true;
        subscription?.unsubscribe();
      };
    });
  });
}
