// graphql-yoga serving the Pothos schema. The context comes from the express request that
// express-session already decorated; SSR calls the same yoga in-process (no network hop).
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { createYoga } from 'graphql-yoga';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { schema } from './index.ts';
import type { Context, CurrencyCode, Language, ShopSession } from './context.ts';
import { readCookie } from '../http/cookies.ts';

type ServerContext = { req: Request; res: Response };

export function requestLanguage(req: Request): Language {
  const header = req.headers['x-shop-language'];
  if (header === 'cs' || header === 'en') return header;
  const cookie = readCookie(req, 'lang');
  return cookie === 'en' ? 'en' : 'cs';
}

export function requestCurrency(req: Request): CurrencyCode {
  const header = req.headers['x-shop-currency'];
  if (header === 'CZK' || header === 'EUR') return header;
  return readCookie(req, 'currency') === 'EUR' ? 'EUR' : 'CZK';
}

export function createGraphQLServer(config: Config, prisma: Db) {
  return createYoga<ServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: config.graphiql ? { title: 'Storefront API' } : false,
    landingPage: false,
    batching: false,
    maskedErrors: true,
    logging: config.env === 'test' ? 'error' : 'info',
    context: ({ req }): Context => {
      const customerId = (req.session as ShopSession | undefined)?.customerId ?? null;
      return {
        prisma,
        config,
        language: requestLanguage(req),
        currency: requestCurrency(req),
        get session() {
          return req.session as unknown as ShopSession;
        },
        regenerateSession: () =>
          new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve()))),
        customerId,
        requestId: (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) ?? randomUUID(),
      };
    },
  });
}

export type GraphQLServer = ReturnType<typeof createGraphQLServer>;
