// Relay-style global ids: every object's `id` is base64("Type:databaseId"), as Pothos encodes it.
// Arguments that name an object take that id back; `localId` checks its type and returns the
// database id the services expect, so a product's id cannot be passed where a cart line's belongs.
import { createGraphQLError } from 'graphql-yoga';
import { decodeGlobalID } from '@pothos/plugin-relay';
import type { Context } from '../context.ts';
import { message } from '../../i18n/messages.ts';
import { databaseId } from '../../services/database-id.ts';

type GlobalId = { typename: string; id: string };

function invalidId(ctx: Pick<Context, 'errorLanguage'>): Error {
  return createGraphQLError(message('invalidId', ctx.errorLanguage), { extensions: { code: 'BAD_USER_INPUT' } });
}

/** The builder's decoder: a malformed id is the shopper's mistake (BAD_USER_INPUT), not a server error. */
export function decodeId(globalId: string, ctx: Pick<Context, 'errorLanguage'>): GlobalId {
  try {
    return decodeGlobalID(globalId);
  } catch {
    throw invalidId(ctx);
  }
}

/** The database id inside a global id of the given type (null and undefined pass through). */
export function localId<T extends GlobalId | null | undefined>(
  value: T,
  typename: string,
  ctx: Pick<Context, 'errorLanguage'>,
): T extends GlobalId ? string : Exclude<T, GlobalId> {
  if (value === null || value === undefined) return value as never;
  if (value.typename !== typename) throw invalidId(ctx);
  return value.id as never;
}

/** The row id inside a required global id of the given type, as the services take it (-1 matches no row). */
export function localDatabaseId(value: GlobalId, typename: string, ctx: Pick<Context, 'errorLanguage'>): number {
  return databaseId(localId(value, typename, ctx));
}
