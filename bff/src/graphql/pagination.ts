// Offset pagination behind Relay-shaped connections: cursors encode a position, so "load more"
// (after) and page links (offset) are the same query.
import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';

export const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 12;

export type PageWindow = { offset: number; limit: number };

/** Built with yoga's own graphql instance, so yoga never masks it even where `graphql` resolves twice (ESM + CJS, as under Vite/Vitest). */
export function badInput(message: string): GraphQLError {
  return createGraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

export function encodeCursor(position: number): string {
  return Buffer.from(`position:${position}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const match = /^position:(\d{1,9})$/.exec(Buffer.from(cursor.slice(0, 64), 'base64url').toString());
  if (!match) throw badInput('Invalid cursor');
  return Number(match[1]);
}

export function pageWindow(args: { first?: number | null; after?: string | null; offset?: number | null }): PageWindow {
  const limit = args.first ?? DEFAULT_PAGE_SIZE;
  if (limit < 1 || limit > MAX_PAGE_SIZE) throw badInput(`first must be from 1 to ${MAX_PAGE_SIZE}`);
  if (args.offset != null && (args.offset < 0 || args.offset > 1_000_000)) throw badInput('offset is out of range');
  const offset = args.after ? decodeCursor(args.after) + 1 : (args.offset ?? 0);
  return { offset, limit };
}

export function connectionFrom<T>(nodes: T[], window: PageWindow, totalCount: number) {
  const edges = nodes.map((node, index) => ({ cursor: encodeCursor(window.offset + index), node }));
  return {
    totalCount,
    offset: window.offset,
    edges,
    pageInfo: {
      hasNextPage: window.offset + nodes.length < totalCount,
      hasPreviousPage: window.offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
