// The API's Relay-style ids (bff/src/graphql/schema/global-id.ts) for rows a test created directly.
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';

export type GlobalIdType = 'Variant' | 'Product' | 'CartLine' | 'Cart' | 'Store' | 'DeliveryMethod' | 'PaymentMethod' | 'SavedAddress' | 'Order' | (string & {});

/** gid('Variant', 12) is what the API returns as that variant's id. */
export function gid(type: GlobalIdType, id: number | string): string {
  return encodeGlobalID(type, id);
}

/** The database id inside an id the API returned (as a string, e.g. a cart's uuid). */
export function dbId(globalId: string): string {
  return decodeGlobalID(globalId).id;
}
