// Reads the checkout form posted without JavaScript (docs/decisions/0020) into the values the page
// shows again after a refusal; checkout-form.ts turns them into the API's input and checks them.
import { MAX_ID_LENGTH, type PageForm } from '../../forms/page-form.server.ts';
import type { AddressValues } from '../../../../schema/rules/index.ts';
import type { CheckoutFormValues } from './checkout-form.ts';

const ADDRESS_KEYS = ['firstName', 'lastName', 'email', 'phone', 'street', 'city', 'postcode', 'country', 'company', 'ico', 'dic'] as const;
/** Longer than any address rule allows (schema/rules/checkout.ts), so an overlong value is named at its field. */
const MAX_ADDRESS_FIELD = 300;
/** Longer than the search field allows: the API cuts it to PICKUP_POINT_SEARCH_MAX_LENGTH. */
const MAX_POINT_SEARCH = 200;
/** Longer than NOTE_MAX_LENGTH, for the same reason. */
const MAX_NOTE = 2000;

function addressFrom(form: PageForm, prefix: 'invoice' | 'delivery'): AddressValues {
  const values = {} as AddressValues;
  for (const key of ADDRESS_KEYS) values[key] = form.text(`${prefix}.${key}`, MAX_ADDRESS_FIELD);
  if (values.country === '') values.country = 'CZ';
  return values;
}

export function checkoutFormValues(form: PageForm): CheckoutFormValues {
  const id = (name: string) => {
    const value = form.text(name, MAX_ID_LENGTH);
    return value === '' || value.length > MAX_ID_LENGTH ? null : value;
  };
  return {
    deliveryMethodId: id('deliveryMethod'),
    paymentMethodId: id('paymentMethod'),
    storeId: id('store'),
    pickupPointId: id('pickupPoint'),
    pickupPointSearch: form.text('pickupPointSearch', MAX_POINT_SEARCH),
    forCompany: form.flag('forCompany'),
    // a page without the delivery address section (pickup, or not chosen yet) posts no switch: same address
    deliverySameAsInvoice: form.has('deliveryAddressShown') ? form.flag('deliverySameAsInvoice') : true,
    invoice: addressFrom(form, 'invoice'),
    delivery: addressFrom(form, 'delivery'),
    note: form.text('note', MAX_NOTE),
    newsletter: form.flag('newsletter'),
    surveyOptOut: form.flag('surveyOptOut'),
    reviewRequestOptOut: form.flag('reviewRequestOptOut'),
    termsAccepted: form.flag('termsAccepted'),
    revision: form.text('revision', MAX_ID_LENGTH),
  };
}
