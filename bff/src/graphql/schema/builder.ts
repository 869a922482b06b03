// The Pothos builder and its plugins only; types live in one file per domain.
import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ErrorsPlugin from '@pothos/plugin-errors';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import type PrismaTypes from '../../generated/pothos-types.ts';
import { getDatamodel } from '../../generated/pothos-types.ts';
import type { Context } from '../context.ts';
import { createGraphQLError } from 'graphql-yoga';
import { DateTimeISOResolver } from 'graphql-scalars';
import { message } from '../../i18n/messages.ts';
import { decodeId } from './global-id.ts';

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: {
    customer: boolean;
    /** A shopper's browser (no partner token): customer data, login, newsletter ... */
    browser: boolean;
    /** Catalog, content and stores: browsers, and partner tokens with 'catalog:read'. */
    catalogRead: boolean;
    /** The cart and its mutations: browsers, and partner tokens with 'cart'. */
    cartAccess: boolean;
    ordersRead: boolean;
    ordersWrite: boolean;
  };
  DefaultFieldNullability: false;
  Scalars: { DateTime: { Input: Date; Output: Date } };
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, ErrorsPlugin, PrismaPlugin, RelayPlugin],
  scopeAuth: {
    authScopes: (context) => ({
      // a loader, not a value: login sets customerId after the mutation's own scopes were checked
      customer: () => context.customerId !== null,
      browser: context.partner === null,
      catalogRead: context.partner === null || context.partner.scopes.includes('catalog:read'),
      cartAccess: context.partner === null || context.partner.scopes.includes('cart'),
      // every order of the shop: a warehouse or ERP app's token only, never a browser (issue 43)
      ordersRead: context.partner !== null && context.partner.scopes.includes('orders:read'),
      ordersWrite: context.partner !== null && context.partner.scopes.includes('orders:write'),
    }),
    // yoga's own error class, so it is never masked (see pagination.ts), in the request's language
    unauthorizedError: (_parent, context) =>
      createGraphQLError(message('notAllowed', context.errorLanguage), { extensions: { code: 'FORBIDDEN' } }),
  },
  errors: { defaultTypes: [] },
  prisma: {
    client: (context) => context.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    // Off: resolvers such as Query.cart legitimately skip the query for guests; the SQL-count
    // test (tests/integration/catalog.test.ts) is what guards against N+1 queries.
    onUnusedQuery: null,
  },
  // Relay-style global ids (base64 of "Type:id") on every object. No `node`/`nodes` root fields:
  // most objects are private (carts, orders, addresses), and each has its own guarded query.
  relay: {
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    decodeGlobalID: decodeId,
    nodeTypeOptions: { description: 'An object with a global id (Relay). There is no `node` query: each object is read through its own field.' },
    idFieldOptions: { description: 'The global id: opaque (base64 of "Type:id"); pass it back as it is wherever an ID of this type is asked for.' },
    pageInfoTypeOptions: { description: 'Where a page of a connection is in the whole list (Relay).' },
    hasNextPageFieldOptions: { description: 'More items follow: ask again with `after: endCursor`.' },
    hasPreviousPageFieldOptions: { description: 'Items come before this page.' },
    startCursorFieldOptions: { description: 'The cursor of the first item of the page; null for an empty page.' },
    endCursorFieldOptions: { description: 'The cursor of the last item of the page: pass it as `after` for the next page; null for an empty page.' },
  },
});

// Partner tokens reach only what a field allows them explicitly: every Query and Mutation field is
// for browsers unless it replaces these type scopes (skipTypeScopes + its own authScopes), as the
// catalog (catalogRead) and cart (cartAccess) fields do. New fields are thus closed to partners.
/** The root Query type, for mutation payloads that hand it back (Relay's `query` field, graphql/schema/wishlist.ts). */
export const QueryRoot = builder.queryType({
  description:
    'Everything the shop lets you read. A partner token with catalog:read reaches the catalog, content, stores, pick-up points and matches; ' +
    'one with cart the cart, its vouchers, delivery and payment methods and its order. The other fields are for a shopper ' +
    '(the shop’s web, or a customer’s own token) and answer FORBIDDEN to a partner token.',
  authScopes: { browser: true },
});
builder.mutationType({
  description:
    'Everything the shop lets you change. A partner token with cart builds a cart (goods, seats, vouchers, checkout) and places its order; ' +
    'the other mutations are for a shopper (the shop’s web, or a customer’s own token) and answer FORBIDDEN to a partner token.',
  authScopes: { browser: true },
});

// graphql-scalars' RFC 3339 date-time (docs/decisions/0023): its ISO variant answers the string
// Date.toISOString() gives, as the API always has; the description is ours (issue 27), not the library's.
builder.addScalarType('DateTime', DateTimeISOResolver, {
  description: 'A moment in time as an RFC 3339 string in UTC, e.g. 2026-11-27T09:30:00.000Z; show it in Europe/Prague time.',
});

/** Spread into a Query field's options: open to browsers and to partner tokens with 'catalog:read'. */
export const CATALOG_READ = { skipTypeScopes: true, authScopes: { catalogRead: true } } as const;
/** Spread into a cart field's options: open to browsers and to partner tokens with 'cart'. */
export const CART_ACCESS = { skipTypeScopes: true, authScopes: { cartAccess: true } } as const;
/** Spread into a field's options: open only to partner tokens with 'orders:read' (every order of the shop). */
export const ORDERS_READ = { skipTypeScopes: true, authScopes: { ordersRead: true } } as const;
/** Spread into a mutation's options: open only to partner tokens with 'orders:write'. */
export const ORDERS_WRITE = { skipTypeScopes: true, authScopes: { ordersWrite: true } } as const;

/**
 * Spread into every Query field's options: whether its answer may be kept by the response cache and
 * served to others (decision 0056). Public: the same for every visitor asking the same (the catalog,
 * content, stores); a resolver below it that reads the visitor still marks the answer through the
 * context (yoga.ts). Personal: made for whoever asks (a cart, `me`, an order by its secret link, a
 * shared wishlist, a captcha): never stored. A field that declares nothing counts as personal
 * (cache/graphql-operation.ts), and tests/unit/bff/answer-declarations.test.ts fails on it.
 */
export const PUBLIC_ANSWER = { extensions: { answer: 'public' } } as const;
export const PERSONAL_ANSWER = { extensions: { answer: 'personal' } } as const;
