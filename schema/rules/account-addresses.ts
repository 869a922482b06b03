// The account pages' forms (invoice details, delivery addresses): the checkout's address schemas,
// with every field the schema marks required checked on save, shared by the web forms and the BFF.
import { addressFormSchema, companyFormSchema, deliveryAddressFormSchema, type AddressValues } from './checkout.ts';
import type { FormSchema } from './validators.ts';

/** How many addresses one customer may keep (invoice and delivery together). */
export const MAX_SAVED_ADDRESSES = 20;

/** A delivery address: who receives the parcel and where (phone optional, no e-mail, no company). */
export const deliveryAddressSchema = deliveryAddressFormSchema;

/** True when the invoice details are a company's: any of company name, IČO or DIČ filled in. */
export function isCompanyDetails(values: Partial<Record<keyof AddressValues, unknown>>): boolean {
  return [values.company, values.ico, values.dic].some((value) => typeof value === 'string' && value.trim() !== '');
}

/**
 * The invoice details: the address with e-mail and phone; a company's also need its name and IČO
 * (DIČ only for VAT payers), so company fields are checked as soon as one of them is filled in.
 */
export function invoiceDetailsSchema(values: Partial<Record<keyof AddressValues, unknown>>): FormSchema {
  return isCompanyDetails(values) ? { ...addressFormSchema, ...companyFormSchema } : addressFormSchema;
}
