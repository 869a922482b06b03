// An operation's time limit and disconnect watch (graphql/server/operation-limits.ts) must let the
// operation go once it is answered. With AbortSignal.any() Node kept every operation's signal (the
// executor leaves an abort listener on it) in a global set, and with it the request and its
// context: the production server grew by ~100 KB per request until it ran out of memory.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { operationLimits } from '../../../bff/src/graphql/server/operation-limits.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** What the operations' resolvers saw: their contexts and abort signals, held weakly. */
type Seen = { contexts: WeakRef<object>[]; afterSlow: number };
type Info = { signal?: AbortSignal };

/** `slow` answers after 150 ms; `slow.after` counts the resolvers started after it. */
function shopLikeYoga(seen: Seen, timeoutMs = 60_000) {
  return createYoga({
    schema: createSchema({
      typeDefs: 'type Query { hello: String!, slow: Slow! } type Slow { after: String! }',
      resolvers: {
        Query: {
          hello: (_parent: unknown, _args: unknown, context: object, info: Info) => {
            seen.contexts.push(new WeakRef(context), new WeakRef(info.signal!));
            return 'ahoj';
          },
          slow: async (_parent: unknown, _args: unknown, context: object, info: Info) => {
            seen.contexts.push(new WeakRef(context), new WeakRef(info.signal!));
            await new Promise((resolve) => setTimeout(resolve, 150));
            return {};
          },
        },
        Slow: {
          after: () => {
            seen.afterSlow += 1;
            return 'pozdě';
          },
        },
      },
    }),
    plugins: operationLimits({ exposeSchema: true, timeoutMs }),
    logging: false,
  });
}

const post = (query: string, signal?: AbortSignal) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query }),
  signal,
});

async function settle() {
  for (let i = 0; i < 5; i += 1) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** No resolver started after `slow` answered (given time to), and the operation was let go. */
async function expectCutOffAndCollected(seen: Seen) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  expect(seen.afterSlow).toBe(0);
  await settle();
  expect(seen.contexts.filter((context) => context.deref() !== undefined)).toHaveLength(0);
}

describe('operation limits and memory', () => {
  it('an answered operation, its abort signal and its context can be collected', async () => {
    const seen: Seen = { contexts: [], afterSlow: 0 };
    const yoga = shopLikeYoga(seen);
    for (let i = 0; i < 20; i += 1) {
      const response = await yoga.fetch('http://shop.test/graphql', post('{ hello }'));
      expect(await response.json()).toEqual({ data: { hello: 'ahoj' } });
    }
    await settle();
    expect(seen.contexts).toHaveLength(40);
    expect(seen.contexts.filter((context) => context.deref() !== undefined)).toHaveLength(0);
  });

  it('an operation over its time limit starts no more resolvers, answers TIMEOUT and is collected', async () => {
    const seen: Seen = { contexts: [], afterSlow: 0 };
    const yoga = shopLikeYoga(seen, 50);
    const response = await yoga.fetch('http://shop.test/graphql', post('{ slow { after } }'));
    const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBe('TIMEOUT');
    await expectCutOffAndCollected(seen);
  });

  it('an operation whose client went away starts no more resolvers and is collected', async () => {
    const seen: Seen = { contexts: [], afterSlow: 0 };
    const yoga = shopLikeYoga(seen);
    const client = new AbortController();
    const answered = Promise.resolve(yoga.fetch('http://shop.test/graphql', post('{ slow { after } }', client.signal))).catch((error: unknown) => error);
    setTimeout(() => client.abort(), 30);
    await answered;
    expect(seen.contexts).toHaveLength(2);
    await expectCutOffAndCollected(seen);
  });

  it('an operation that runs its course starts every resolver (the two cases above are cut off, not broken)', async () => {
    const seen: Seen = { contexts: [], afterSlow: 0 };
    const yoga = shopLikeYoga(seen);
    const response = await yoga.fetch('http://shop.test/graphql', post('{ slow { after } }'));
    expect(await response.json()).toEqual({ data: { slow: { after: 'pozdě' } } });
    expect(seen.afterSlow).toBe(1);
  });
});
