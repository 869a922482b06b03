// The checkout's invoice address ("ordering for a company" adds company, IČO and DIČ) and, for a
// delivery to an address, the delivery address unless it is the same; a signed-in customer may start
// either from one she saved. Their state lives in useCheckout.
import { useTranslation } from '../../i18n/index.ts';
import { deliveryAddressFormSchema, type FormSchema } from '../../../../schema/rules/index.ts';
import { AddressFields } from './AddressFields.tsx';
import { SavedAddressPicker, savedAddressValues } from './SavedAddressPicker.tsx';
import type { Checkout } from './useCheckout.ts';

/** The fields a schema requires (their labels get a star). */
const requiredIn = (schema: FormSchema) =>
  Object.entries(schema)
    .filter(([, rules]) => rules.some((rule) => rule.name === 'required'))
    .map(([name]) => name);

const DELIVERY_REQUIRED = requiredIn(deliveryAddressFormSchema);

/** The section's own message (spec section 5), under its legend: the fields below say which is missing. */
function SectionError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p className="field__error" id={id} role="alert" data-testid={id}>
      {error}
    </p>
  ) : null;
}

export function InvoiceAddressSection({ invoice, error }: { invoice: Checkout['invoice']; error?: string | null }) {
  const { t } = useTranslation();
  return (
    <fieldset className="form-section" aria-describedby={error ? 'invoice-address-error' : undefined}>
      <legend>{t('checkout.invoiceAddress')}</legend>
      <SectionError id="invoice-address-error" error={error} />
      <label className="switch">
        <input type="checkbox" name="forCompany" checked={invoice.forCompany} onChange={(event) => invoice.setForCompany(event.target.checked)} data-testid="for-company" />
        {t('checkout.forCompany')}
      </label>
      <SavedAddressPicker
        addresses={invoice.savedAddresses}
        kind="INVOICE"
        value={invoice.savedId}
        onPick={(address) => {
          invoice.setSavedId(address?.id ?? null);
          if (!address) return;
          invoice.form.reset(savedAddressValues(address));
          invoice.setForCompany(address.company !== '' || address.ico !== '');
        }}
      />
      <AddressFields
        form={invoice.form}
        namePrefix="invoice"
        section="billing"
        withEmail
        withCompany={invoice.forCompany}
        icoLookup={invoice.canLookUpIco}
        requiredFields={requiredIn(invoice.schema)}
      />
    </fieldset>
  );
}

type DeliveryProps = { delivered: Checkout['delivered']; savedAddresses: Checkout['invoice']['savedAddresses']; error?: string | null };

export function DeliveryAddressSection({ delivered, savedAddresses, error }: DeliveryProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="form-section" aria-describedby={error ? 'delivery-address-error' : undefined}>
      <legend>{t('checkout.deliveryAddress')}</legend>
      <SectionError id="delivery-address-error" error={error} />
      <input type="hidden" name="deliveryAddressShown" value="1" />
      <label className="switch">
        <input type="checkbox" name="deliverySameAsInvoice" checked={delivered.sameAsInvoice} onChange={(event) => delivered.setSameAsInvoice(event.target.checked)} />
        {t('checkout.sameAsInvoice')}
      </label>
      {!delivered.sameAsInvoice && (
        <SavedAddressPicker
          addresses={savedAddresses}
          kind="DELIVERY"
          value={delivered.savedId}
          onPick={(address) => {
            delivered.setSavedId(address?.id ?? null);
            if (address) delivered.form.reset(savedAddressValues(address));
          }}
        />
      )}
      {!delivered.sameAsInvoice && (
        <AddressFields form={delivered.form} namePrefix="delivery" section="shipping" withEmail={false} withCompany={false} requiredFields={DELIVERY_REQUIRED} />
      )}
    </fieldset>
  );
}
