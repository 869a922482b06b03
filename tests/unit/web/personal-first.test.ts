// A mutation waits for the personal query already in flight (docs/decisions/0043): otherwise that
// query's answer, made before the change, would land after it and undo it in the Apollo cache.
import { describe, expect, it } from 'vitest';
import { ApolloLink, execute } from '@apollo/client';
import { parse } from 'graphql';
import { Observable } from 'rxjs';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { createPersonalFirstLink } from '../../../web/app/apollo/personal-first.ts';

// plain documents (not GraphQL Codegen's: these are no operations of the shop's schema)
const PERSONAL = parse('query Personal { a }');
const ADD = parse('mutation AddToCart { b }');
const MENU = parse('query Layout { c }');

/** A terminating link whose answers the test releases one by one; `sent` lists what reached the server. */
function server() {
  const sent: string[] = [];
  const waiting = new Map<string, () => void>();
  const link = new ApolloLink((operation) => {
    sent.push(operation.operationName!);
    return new Observable((observer) => {
      waiting.set(operation.operationName!, () => {
        observer.next({ data: { answer: operation.operationName } });
        observer.complete();
      });
    });
  });
  return { sent, link, answer: (name: string) => waiting.get(name)!() };
}

const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
const run = (link: ApolloLink, query: typeof PERSONAL) => new Promise<unknown>((resolve, reject) => execute(link, { query }, { client }).subscribe({ next: resolve, error: reject }));
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createPersonalFirstLink', () => {
  it('holds a mutation until the personal query in flight has answered, and never holds a query', async () => {
    const backend = server();
    const link = ApolloLink.from([createPersonalFirstLink('Personal'), backend.link]);
    const personal = run(link, PERSONAL);
    const added = run(link, ADD);
    const menu = run(link, MENU);
    await tick();
    expect(backend.sent).toEqual(['Personal', 'Layout']);
    backend.answer('Personal');
    await personal;
    await tick();
    expect(backend.sent).toEqual(['Personal', 'Layout', 'AddToCart']);
    backend.answer('AddToCart');
    backend.answer('Layout');
    expect(await added).toEqual({ data: { answer: 'AddToCart' } });
    await menu;
  });

  it('sends a mutation at once when no personal query is in flight', async () => {
    const backend = server();
    const link = ApolloLink.from([createPersonalFirstLink('Personal'), backend.link]);
    const added = run(link, ADD);
    await tick();
    expect(backend.sent).toEqual(['AddToCart']);
    backend.answer('AddToCart');
    await added;
  });
});
