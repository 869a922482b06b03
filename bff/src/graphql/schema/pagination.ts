// Offset pagination behind Relay-shaped connections: cursors encode a position, so "load more"
// (after) and page links (offset) are the same query.
import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import type { Locale } from '../../../../schema/rules/locale.ts';
import { formatMessage, message } from '../../i18n/messages.ts';

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

/** The position a cursor names; null for a cursor this shop never made. */
export function decodeCursor(cursor: string): number | null {
  const match = /^position:(\d{1,9})$/.exec(Buffer.from(cursor.slice(0, 64), 'base64url').toString());
  return match ? Number(match[1]) : null;
}

export function pageWindow(
  args: { first?: number | null; after?: string | null; offset?: number | null },
  language: Locale,
): PageWindow {
  const limit = args.first ?? DEFAULT_PAGE_SIZE;
  if (limit < 1 || limit > MAX_PAGE_SIZE) throw badInput(formatMessage('pageSizeOutOfRange', language, { max: MAX_PAGE_SIZE }));
  if (args.offset != null && (args.offset < 0 || args.offset > 1_000_000)) throw badInput(message('pagePositionInvalid', language));
  const after = args.after ? decodeCursor(args.after) : undefined;
  if (after === null) throw badInput(message('pagePositionInvalid', language));
  const offset = after !== undefined ? after + 1 : (args.offset ?? 0);
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
