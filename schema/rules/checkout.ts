// Checkout forms: the address form schemas and the checkout's own messages (spec section 5), shared
// by the web's checkout page and the BFF (which checks the same rules when the cart is saved and
// again when the order is placed).
import { dic, ico, phone, postcodeRules, spacedDigits } from './czech-validators.ts';
import type { Locale } from './locale.ts';
import { email, max, multiLine, required, validateForm, type FormSchema, type Messages, type ValidationContext } from './validators.ts';

/** Countries an address may be in (spec: CZ and SK at least). */
export const CHECKOUT_COUNTRIES = ['CZ', 'SK'] as const;
export type CheckoutCountry = (typeof CHECKOUT_COUNTRIES)[number];

const COUNTRY_NAMES: Record<CheckoutCountry, Record<Locale, string>> = {
  CZ: { cs: 'Česká republika', en: 'Czech Republic' },
  SK: { cs: 'Slovensko', en: 'Slovakia' },
};

/** The country's name as documents print it (invoice, return protocol, e-mails); an unknown code as it is. */
export function countryName(code: string, locale: Locale): string {
  return (COUNTRY_NAMES as Record<string, Record<Locale, string>>)[code.toUpperCase()]?.[locale] ?? code;
}

export const NOTE_MAX_LENGTH = 1000;
/** The order note: several lines, at most NOTE_MAX_LENGTH characters. */
export const noteRules = [multiLine, max(NOTE_MAX_LENGTH)] as const;

const country = {
  name: 'country',
  test: (value: unknown) => value === undefined || value === null || value === '' || (CHECKOUT_COUNTRIES as readonly unknown[]).includes(value),
  message: (locale: Locale) => (locale === 'cs' ? 'Vyberte zemi ze seznamu.' : 'Choose a country from the list.'),
};

/** An address's own fields (invoice or delivery), each with its rules. */
export const addressFormSchema = {
  firstName: [required, max(100)],
  lastName: [required, max(100)],
  email: [required, email, max(254)],
  phone: [required, phone],
  street: [required, max(200)],
  city: [required, max(100)],
  postcode: [required, ...postcodeRules('country')],
  country: [required, country],
} as const satisfies FormSchema;

/** The delivery address: who receives the parcel; e-mail is the invoice address's. */
export const deliveryAddressFormSchema = {
  firstName: addressFormSchema.firstName,
  lastName: addressFormSchema.lastName,
  phone: [phone],
  street: addressFormSchema.street,
  city: addressFormSchema.city,
  postcode: addressFormSchema.postcode,
  country: addressFormSchema.country,
} as const satisfies FormSchema;

/** "Ordering for a company": company name and IČO are required, DIČ only for VAT payers. */
export const companyFormSchema = {
  company: [required, max(200)],
  ico: [required, spacedDigits, ico],
  dic: [dic],
} as const satisfies FormSchema;

/** An address's values as the forms edit them and the cart keeps them: every field of the schemas above. */
export type AddressValues = Record<keyof typeof addressFormSchema | keyof typeof companyFormSchema, string>;

/** The checkout's messages, in the order the spec lists them (section 5). */
export const CHECKOUT_MESSAGES = {
  deliveryMethodMissing: { cs: 'Vyberte prosím způsob dopravy.', en: 'Please select a delivery method.' },
  storeMissing: { cs: 'Vyberte prosím prodejnu pro osobní odběr.', en: 'Please select a branch for personal pickup.' },
  pickupPointMissing: { cs: 'Vyberte prosím výdejní místo nebo box.', en: 'Please select a pick-up point or parcel locker.' },
  pickupPointClosed: {
    cs: 'Zvolené výdejní místo teď zásilky nepřijímá. Vyberte prosím jiné.',
    en: 'The chosen pick-up point does not accept parcels now. Please select another one.',
  },
  paymentMethodMissing: { cs: 'Vyberte prosím způsob platby.', en: 'Please select a payment method.' },
  termsNotAccepted: {
    cs: 'Pro odeslání objednávky musíte souhlasit s obchodními podmínkami.',
    en: 'You must agree to the terms and conditions to place the order.',
  },
  invoiceAddressIncomplete: { cs: 'Doplňte prosím fakturační adresu.', en: 'Please complete the invoice address.' },
  deliveryAddressMissing: { cs: 'Vyberte prosím doručovací adresu.', en: 'Please select a delivery address.' },
  deliveryAddressIncomplete: { cs: 'Doplňte prosím doručovací adresu.', en: 'Please complete the delivery address.' },
  paymentNotForDelivery: {
    cs: 'Tento způsob platby nelze se zvolenou dopravou použít. Vyberte prosím jiný.',
    en: 'This payment method cannot be used with the chosen delivery. Please select another one.',
  },
  // not in the spec: an order of match tickets only has no delivery (docs/decisions/0047)
  paymentNotForTickets: {
    cs: 'Tento způsob platby nelze u objednávky samotných vstupenek použít. Vyberte prosím jiný.',
    en: 'This payment method cannot be used for an order of tickets only. Please select another one.',
  },
} as const satisfies Record<string, Messages>;

export type CheckoutMessageKey = keyof typeof CHECKOUT_MESSAGES;

export function checkoutMessage(key: CheckoutMessageKey, locale: Locale): string {
  return CHECKOUT_MESSAGES[key][locale];
}

export type CheckoutAddress = Readonly<Record<string, unknown>> & { company?: unknown };

/** What the completeness check needs to know of a cart's checkout choices. */
export type CheckoutChoices = {
  /**
   * False for a cart of match tickets only (sent by e-mail): no delivery method, store, pick-up point
   * or delivery address is asked for, and `paymentMethod.allowedForDelivery` says whether the payment
   * may pay such an order. Absent: true.
   */
  needsDelivery?: boolean;
  /** needsPickupPoint: the 'parcel-point' delivery, which goes to a carrier's point instead of an address. */
  deliveryMethod: { isPickup: boolean; needsPickupPoint?: boolean } | null;
  storeChosen: boolean;
  /** The cart's pick-up point: none, one that accepts parcels, or one that no longer does. */
  pickupPoint?: 'open' | 'closed' | null;
  paymentMethod: { allowedForDelivery: boolean } | null;
  termsAccepted: boolean;
  invoiceAddress: CheckoutAddress | null;
  /** True when the invoice address is a company's (the "ordering for a company" switch). */
  forCompany: boolean;
  deliverySameAsInvoice: boolean;
  deliveryAddress: CheckoutAddress | null;
};

/** Field names of the checkout's problems, where the web shows them. */
export type CheckoutField = 'deliveryMethod' | 'store' | 'pickupPoint' | 'paymentMethod' | 'terms' | 'invoiceAddress' | 'deliveryAddress';

/** No field of the address typed (the country comes preselected, so it does not count). */
function nothingFilled(address: CheckoutAddress): boolean {
  return Object.entries(address).every(([field, value]) => field === 'country' || typeof value !== 'string' || value.trim() === '');
}

function filled(address: CheckoutAddress | null, schema: FormSchema, locale: Locale): boolean {
  return address !== null && Object.keys(validateForm(address as ValidationContext, schema, locale)).length === 0;
}

/**
 * What still stops the order, each with the spec's message at the field it belongs to; an empty list
 * means "Koupit a zaplatit" may be sent. Pickup needs no delivery address, a pick-up point delivery
 * needs an open point instead of one; a courier delivery uses
 * the invoice address unless the shopper gives another one. A cart of tickets only needs no delivery.
 */
export function checkoutProblems(choices: CheckoutChoices, locale: Locale): { field: CheckoutField; message: string }[] {
  const problems: { field: CheckoutField; message: string }[] = [];
  const add = (field: CheckoutField, key: CheckoutMessageKey) => problems.push({ field, message: checkoutMessage(key, locale) });

  const needsDelivery = choices.needsDelivery ?? true;
  if (needsDelivery) {
    if (!choices.deliveryMethod) add('deliveryMethod', 'deliveryMethodMissing');
    else if (choices.deliveryMethod.isPickup && !choices.storeChosen) add('store', 'storeMissing');
    else if (choices.deliveryMethod.needsPickupPoint && choices.pickupPoint !== 'open') {
      add('pickupPoint', choices.pickupPoint === 'closed' ? 'pickupPointClosed' : 'pickupPointMissing');
    }
  }
  if (!choices.paymentMethod) add('paymentMethod', 'paymentMethodMissing');
  else if (!choices.paymentMethod.allowedForDelivery) add('paymentMethod', needsDelivery ? 'paymentNotForDelivery' : 'paymentNotForTickets');

  const invoiceSchema: FormSchema = choices.forCompany ? { ...addressFormSchema, ...companyFormSchema } : addressFormSchema;
  if (!filled(choices.invoiceAddress, invoiceSchema, locale)) add('invoiceAddress', 'invoiceAddressIncomplete');

  const toAddress = needsDelivery && choices.deliveryMethod !== null && !choices.deliveryMethod.isPickup && !choices.deliveryMethod.needsPickupPoint;
  const needsDeliveryAddress = toAddress && !choices.deliverySameAsInvoice;
  if (needsDeliveryAddress) {
    // nothing picked or typed yet: the spec's 'select a delivery address'; something typed: 'complete' it
    if (choices.deliveryAddress === null || nothingFilled(choices.deliveryAddress)) add('deliveryAddress', 'deliveryAddressMissing');
    else if (!filled(choices.deliveryAddress, deliveryAddressFormSchema, locale)) add('deliveryAddress', 'deliveryAddressIncomplete');
  }

  if (!choices.termsAccepted) add('terms', 'termsNotAccepted');
  return problems;
}
