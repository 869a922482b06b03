// The checkout form's data, shared by the browser's submit and the page's action without JavaScript
// (docs/decisions/0020): what was typed, the GraphQL input made from it (the one address mapping),
// the checks made before anything is sent, and where the server's field errors go on the page.
import {
  addressFormSchema,
  checkoutProblems,
  companyFormSchema,
  deliveryAddressFormSchema,
  noteRules,
  validateField,
  validateForm,
  type AddressValues,
  type Locale,
} from '../../../../schema/rules/index.ts';

/** searchPoints: the pick-up point search without JavaScript (saves the choices as update does, then lists the points). */
export const CHECKOUT_INTENTS = ['update', 'placeOrder', 'searchPoints'] as const;

/** What the shopper posted, as the page shows it again after a refusal. */
export type CheckoutFormValues = {
  deliveryMethodId: string | null;
  paymentMethodId: string | null;
  storeId: string | null;
  pickupPointId: string | null;
  /** What the pick-up point search field held. */
  pickupPointSearch: string;
  forCompany: boolean;
  deliverySameAsInvoice: boolean;
  invoice: AddressValues;
  delivery: AddressValues;
  note: string;
  newsletter: boolean;
  /** The questionnaire's opt-out (Ověřeno zákazníky), shown only where the shop sends one. */
  surveyOptOut: boolean;
  reviewRequestOptOut: boolean;
  termsAccepted: boolean;
  revision: string;
};

export type CheckoutFieldError = { field: string; message: string };

/** An address as the API takes it: the e-mail only on the invoice address, the company fields only for a company. */
export function addressInput(values: AddressValues, withCompany: boolean, withEmail: boolean) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    ...(withEmail ? { email: values.email } : {}),
    phone: values.phone,
    street: values.street,
    city: values.city,
    postcode: values.postcode,
    country: values.country,
    ...(withCompany ? { company: values.company, ico: values.ico, dic: values.dic } : {}),
  };
}

/** The choices alone ("save and update the price"): addresses may still be half typed. */
export function checkoutChoicesInput(values: CheckoutFormValues) {
  return {
    ...(values.deliveryMethodId ? { deliveryMethodId: values.deliveryMethodId } : {}),
    ...(values.paymentMethodId ? { paymentMethodId: values.paymentMethodId } : {}),
    ...(values.storeId ? { storeId: values.storeId } : {}),
    ...(values.pickupPointId ? { pickupPointId: values.pickupPointId } : {}),
    note: values.note,
    newsletter: values.newsletter,
    surveyOptOut: values.surveyOptOut,
    reviewRequestOptOut: values.reviewRequestOptOut,
    termsAccepted: values.termsAccepted,
  };
}

/** Everything, as the browser's submit saves it before placing the order. */
export function checkoutInput(values: CheckoutFormValues, deliveryIsAddress: boolean) {
  const separateDelivery = deliveryIsAddress && !values.deliverySameAsInvoice;
  return {
    ...checkoutChoicesInput(values),
    forCompany: values.forCompany,
    invoiceAddress: addressInput(values.invoice, values.forCompany, true),
    deliverySameAsInvoice: !separateDelivery,
    ...(separateDelivery ? { deliveryAddress: addressInput(values.delivery, false, false) } : {}),
  };
}

/** A server field error's place on the page: an address field, the note, or one of the choices. */
export function placeOfFieldErrors(fieldErrors: readonly CheckoutFieldError[]) {
  const invoice: Record<string, string> = {};
  const delivery: Record<string, string> = {};
  const other: Record<string, string> = {};
  let note: string | null = null;
  for (const { field, message } of fieldErrors) {
    if (field.startsWith('invoiceAddress.')) invoice[field.slice('invoiceAddress.'.length)] = message;
    else if (field.startsWith('deliveryAddress.')) delivery[field.slice('deliveryAddress.'.length)] = message;
    else if (field === 'note') note = message;
    else if (field === 'deliveryMethodId') other.deliveryMethod = message;
    else if (field === 'storeId') other.store = message;
    else if (field === 'pickupPointId') other.pickupPoint = message;
    else if (field === 'paymentMethodId') other.paymentMethod = message;
    else other[field] = message;
  }
  return { invoice, delivery, note, other };
}

/**
 * What the browser checks before it sends anything (the same shared schemas and rules as its
 * submit): every address field, the note, and the choices; the server's own checks follow.
 */
export function checkoutFormErrors(
  values: CheckoutFormValues,
  delivery: { isPickup: boolean; needsPickupPoint?: boolean; paymentMethods: { id: string }[] } | null,
  locale: Locale,
  /** False for a cart of match tickets only (Checkout.needsDelivery); the server judges its payment. */
  needsDelivery = true,
): CheckoutFieldError[] {
  const errors: CheckoutFieldError[] = [];
  const invoiceSchema = values.forCompany ? { ...addressFormSchema, ...companyFormSchema } : addressFormSchema;
  for (const [field, message] of Object.entries(validateForm(values.invoice, invoiceSchema, locale))) errors.push({ field: `invoiceAddress.${field}`, message });
  const separate = delivery !== null && !delivery.isPickup && !delivery.needsPickupPoint && !values.deliverySameAsInvoice;
  if (separate) {
    for (const [field, message] of Object.entries(validateForm(values.delivery, deliveryAddressFormSchema, locale))) errors.push({ field: `deliveryAddress.${field}`, message });
  }
  const note = validateField(values.note, noteRules, locale, {});
  if (note) errors.push({ field: 'note', message: note });
  const problems = checkoutProblems(
    {
      needsDelivery,
      deliveryMethod: delivery,
      storeChosen: values.storeId !== null,
      pickupPoint: values.pickupPointId !== null ? 'open' : null,
      paymentMethod: values.paymentMethodId ? { allowedForDelivery: !delivery || delivery.paymentMethods.some((method) => method.id === values.paymentMethodId) } : null,
      termsAccepted: values.termsAccepted,
      invoiceAddress: values.invoice,
      forCompany: values.forCompany,
      deliverySameAsInvoice: !separate,
      deliveryAddress: separate ? values.delivery : null,
    },
    locale,
  );
  // the address sections' own messages too (spec section 5: complete the invoice address, select or
  // complete the delivery address), shown at the top of their section
  errors.push(...problems);
  return errors;
}
