// The fields of an invoice or delivery address, bound to a useForm() whose rules come from the
// shared schemas in schema/rules/checkout.ts (the server checks the same ones).
import { useTranslation } from '../../i18n/index.ts';
import { graphql } from '~/gql';
import { Field, type UseFormResult } from '../../components/ui/form/index.ts';
import { IcoLookup } from './IcoLookup.tsx';
import { CHECKOUT_COUNTRIES, type AddressValues } from '../../../../schema/rules/index.ts';

export type { AddressValues };

/** An address the customer saved to her account, as the forms are filled from it. */
export const SavedAddressFieldsFragment = graphql(`
  fragment SavedAddressFields on SavedAddress {
    id
    kind
    isDefault
    firstName
    lastName
    email
    phone
    street
    city
    postcode
    country
    company
    ico
    dic
  }
`);

export const EMPTY_ADDRESS: AddressValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  street: '',
  city: '',
  postcode: '',
  country: 'CZ',
  company: '',
  ico: '',
  dic: '',
};

/** The form's values from what the cart keeps (empty strings for what is not filled in). */
export function addressValues(address: Partial<AddressValues> | null | undefined, fallback: Partial<AddressValues> = {}): AddressValues {
  const merged = { ...EMPTY_ADDRESS, ...fallback };
  if (!address) return merged;
  const values = { ...merged };
  for (const key of Object.keys(EMPTY_ADDRESS) as (keyof AddressValues)[]) {
    const value = address[key];
    if (typeof value === 'string' && value !== '') values[key] = value;
  }
  return values;
}

type Props = {
  form: UseFormResult<AddressValues>;
  /** Autocomplete section, so a browser fills invoice and delivery addresses separately. */
  section: 'billing' | 'shipping';
  /** The controls' names in a posted form (`invoice.city`), so the page works without JavaScript. */
  namePrefix?: string;
  withEmail: boolean;
  withCompany: boolean;
  /** 'Načíst z ARES' beside the IČO (a signed-in customer's, once the page runs its scripts). */
  icoLookup?: boolean;
  requiredFields: readonly string[];
};

export function AddressFields({ form, section, namePrefix, withEmail, withCompany, icoLookup = false, requiredFields }: Props) {
  const named = (key: keyof AddressValues) => (namePrefix ? { name: `${namePrefix}.${key}` } : {});
  const { t } = useTranslation();
  const field = (key: keyof AddressValues, autoComplete: string, extra: Record<string, unknown> = {}) => (
    <Field label={t(`address.${key}`)} required={requiredFields.includes(key)} autoComplete={autoComplete === 'off' ? 'off' : `section-${section} ${autoComplete}`} error={form.errors[key]} {...form.fieldProps(key)} {...named(key)} {...extra} />
  );
  return (
    <div className="address-fields">
      {withCompany && (
        <div className="address-fields__company" data-testid={`${section}-company`}>
          {field('company', 'organization')}
          {icoLookup ? (
            <IcoLookup form={form}>{field('ico', 'off', { inputMode: 'numeric', hint: t('myAccount.invoice.aresHint') })}</IcoLookup>
          ) : (
            field('ico', 'off', { inputMode: 'numeric', hint: t('address.icoHint') })
          )}
          {field('dic', 'off', { hint: t('address.dicHint') })}
        </div>
      )}
      <div className="address-fields__row">
        {field('firstName', section === 'billing' ? 'billing given-name' : 'shipping given-name')}
        {field('lastName', section === 'billing' ? 'billing family-name' : 'shipping family-name')}
      </div>
      <div className="address-fields__row">
        {withEmail && field('email', 'email', { type: 'email' })}
        {field('phone', 'tel', { type: 'tel', hint: t('address.phoneHint') })}
      </div>
      {field('street', `${section} address-line1`)}
      {/* the country before the postcode it decides: its message comes and goes below the select, never under the pointer on it */}
      <Field label={t('address.country')} required={requiredFields.includes('country')} error={form.errors.country} {...form.fieldProps('country')} {...named('country')}>
        {(control) => (
          <select {...control} autoComplete={`section-${section} ${section} country`}>
            {CHECKOUT_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {t(`address.countries.${code}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="address-fields__row">
        {field('city', `${section} address-level2`)}
        {field('postcode', `${section} postal-code`, { inputMode: 'numeric' })}
      </div>
    </div>
  );
}
