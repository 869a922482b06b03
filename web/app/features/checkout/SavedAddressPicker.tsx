// A logged-in customer fills an address from one she saved to her account (Customer.addresses).
// Picking one copies it into the form, where it can still be edited; an unedited copy is sent as
// the saved address's id, so the cart and the order remember where it came from.
import { useId } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, type FragmentType } from '~/gql';
import type { SavedAddressFieldsFragment as SavedAddressData } from '~/gql/graphql';
import { addressValues, SavedAddressFieldsFragment, type AddressValues } from './AddressFields.tsx';

export function savedAddressValues(address: SavedAddressData): AddressValues {
  return addressValues(address);
}

/** True when the form still holds exactly the saved address (so its id may be sent instead). */
export function isUnchanged(values: AddressValues, address: SavedAddressData, fields: readonly (keyof AddressValues)[]): boolean {
  const saved = savedAddressValues(address);
  return fields.every((field) => values[field].trim() === saved[field].trim());
}

type Props = {
  addresses: readonly FragmentType<typeof SavedAddressFieldsFragment>[];
  kind: 'INVOICE' | 'DELIVERY';
  value: string | null;
  onPick: (address: SavedAddressData | null) => void;
};

export function SavedAddressPicker({ kind, value, onPick, ...props }: Props) {
  const addresses = getFragmentData(SavedAddressFieldsFragment, props.addresses);
  const { t } = useTranslation();
  const id = useId();
  if (addresses.length === 0) return null;
  // Addresses saved for this purpose first; the others may serve too.
  const sorted = [...addresses].sort((a, b) => Number(b.kind === kind) - Number(a.kind === kind));
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('checkout.savedAddresses')}
      </label>
      <select
        id={id}
        className="field__input"
        value={value ?? ''}
        onChange={(event) => onPick(addresses.find((address) => address.id === event.target.value) ?? null)}
        data-testid={`saved-${kind.toLowerCase()}-address`}
      >
        <option value="">{t('checkout.typeAddress')}</option>
        {sorted.map((address) => (
          <option key={address.id} value={address.id}>
            {[address.company, `${address.firstName} ${address.lastName}`, address.street, address.city].filter(Boolean).join(', ')}
          </option>
        ))}
      </select>
    </div>
  );
}
