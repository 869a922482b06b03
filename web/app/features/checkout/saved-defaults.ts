// What a signed-in customer's checkout starts with (issue 24, item 3): her saved invoice details
// (/ucet/fakturacni-udaje) and her default delivery address, picked in the address pickers, until the
// cart keeps addresses of its own. Typing another address is the exception, not the default.
import type { SavedAddressFieldsFragment as SavedAddressData } from '~/gql/graphql';

export type SavedDefaults = { invoice: SavedAddressData | null; delivery: SavedAddressData | null };

/**
 * The saved addresses the checkout starts from: none once the cart has an invoice or delivery address
 * (the shopper has filled the checkout in already, and what she chose stays).
 */
export function savedDefaults(addresses: readonly SavedAddressData[], cartHasAddresses: boolean): SavedDefaults {
  if (cartHasAddresses) return { invoice: null, delivery: null };
  return {
    invoice: addresses.find((address) => address.kind === 'INVOICE') ?? null,
    delivery: addresses.find((address) => address.kind === 'DELIVERY' && address.isDefault) ?? null,
  };
}
