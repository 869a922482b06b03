// A customer's saved addresses (account pages): her delivery addresses (add, edit, delete, one
// default) and her invoice details (one INVOICE address, the default). Every read and write names
// the customer in its WHERE clause, so another customer's address behaves exactly like a missing
// one (requirement S5); each change that touches more than one row is one transaction.
import type { Db } from '../db/client.ts';
import { Prisma, type Address, type Language } from '../generated/prisma/client.ts';
import {
  deliveryAddressSchema,
  invoiceDetailsSchema,
  isCompanyDetails,
  MAX_SAVED_ADDRESSES,
  normalizeDic,
  normalizeIco,
  normalizePostcode,
  storedPhone,
  validateForm,
  type AddressValues,
  type FormSchema,
} from '../../../schema/rules/index.ts';
import { formatMessage, message, type MessageKey } from '../i18n/messages.ts';
import { NotFoundError, ShopError, ValidationError } from './errors.ts';

export type AccountContext = { prisma: Db; language: Language; customerId: number };

/** The address fields a form sends; missing ones count as empty. */
export type AddressFieldsInput = Partial<Record<keyof AddressValues, string | null>>;

export class AddressLimitError extends ShopError {
  constructor(message: string) {
    super('ADDRESS_LIMIT', message);
  }
}

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'street', 'city', 'postcode', 'country', 'company', 'ico', 'dic'] as const;

/** Trimmed values checked against the schema; stored in the form in which they are shown. */
function cleanValues(input: AddressFieldsInput, schema: FormSchema, language: Language, failure: MessageKey) {
  const values = Object.fromEntries(FIELDS.map((key) => [key, (input[key] ?? '').trim()])) as Record<(typeof FIELDS)[number], string>;
  values.country = values.country.toUpperCase() || 'CZ';
  const errors = validateForm(values, schema, language);
  // a field the schema does not know is not kept (e.g. a company on a delivery address)
  for (const key of FIELDS) if (!(key in schema)) values[key] = '';
  const fieldErrors = Object.entries(errors).map(([field, text]) => ({ field, message: text }));
  if (fieldErrors.length > 0) throw new ValidationError(fieldErrors, message(failure, language));
  values.postcode = normalizePostcode(values.postcode, values.country) ?? values.postcode;
  values.phone = storedPhone(values.phone);
  if (values.ico !== '') values.ico = normalizeIco(values.ico) ?? values.ico;
  if (values.dic !== '') values.dic = normalizeDic(values.dic);
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email || null,
    phone: values.phone || null,
    street: values.street,
    city: values.city,
    postcode: values.postcode,
    country: values.country,
    company: values.company || null,
    ico: values.ico || null,
    dic: values.dic || null,
  };
}

type Tx = Prisma.TransactionClient;

async function checkLimit(tx: Tx, ctx: AccountContext): Promise<void> {
  const count = await tx.address.count({ where: { customerId: ctx.customerId } });
  if (count >= MAX_SAVED_ADDRESSES) throw new AddressLimitError(formatMessage('addressLimit', ctx.language, { max: MAX_SAVED_ADDRESSES }));
}

/** The customer's row locked, so two parallel saves cannot both pass the limit or both become the default. */
async function lockCustomer(tx: Tx, customerId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Customer" WHERE id = ${customerId} FOR UPDATE`;
}

/** Adds a delivery address; the first one (or one marked so) becomes the default. */
export async function addDeliveryAddress(ctx: AccountContext, input: AddressFieldsInput, makeDefault: boolean): Promise<Address> {
  const data = cleanValues(input, deliveryAddressSchema, ctx.language, 'addressSaveFailed');
  return ctx.prisma.$transaction(async (tx) => {
    await lockCustomer(tx, ctx.customerId);
    await checkLimit(tx, ctx);
    const hasDefault = (await tx.address.count({ where: { customerId: ctx.customerId, kind: 'DELIVERY', isDefault: true } })) > 0;
    const isDefault = makeDefault || !hasDefault;
    if (isDefault) await tx.address.updateMany({ where: { customerId: ctx.customerId, kind: 'DELIVERY' }, data: { isDefault: false } });
    return tx.address.create({ data: { ...data, customerId: ctx.customerId, kind: 'DELIVERY', isDefault } });
  });
}

/** Changes one of her delivery addresses; someone else's (or a missing one) is "not found". */
export async function updateDeliveryAddress(ctx: AccountContext, addressId: number, input: AddressFieldsInput, makeDefault: boolean): Promise<Address> {
  const data = cleanValues(input, deliveryAddressSchema, ctx.language, 'addressSaveFailed');
  return ctx.prisma.$transaction(async (tx) => {
    await lockCustomer(tx, ctx.customerId);
    const where = { id: addressId, customerId: ctx.customerId, kind: 'DELIVERY' as const };
    const current = await tx.address.findFirst({ where, select: { isDefault: true } });
    if (!current) throw new NotFoundError(message('addressNotFound', ctx.language));
    if (makeDefault && !current.isDefault) {
      await tx.address.updateMany({ where: { customerId: ctx.customerId, kind: 'DELIVERY' }, data: { isDefault: false } });
    }
    return tx.address.update({ where: { id: addressId }, data: { ...data, ...(makeDefault ? { isDefault: true } : {}) } });
  });
}

/** Deletes one of her addresses; when it was the default, her oldest remaining one of that kind takes over. */
export async function deleteAddress(ctx: AccountContext, addressId: number): Promise<void> {
  await ctx.prisma.$transaction(async (tx) => {
    await lockCustomer(tx, ctx.customerId);
    const address = await tx.address.findFirst({ where: { id: addressId, customerId: ctx.customerId }, select: { kind: true, isDefault: true } });
    if (!address) throw new NotFoundError(message('addressDeleteFailed', ctx.language));
    await tx.address.delete({ where: { id: addressId } });
    if (address.isDefault) {
      const next = await tx.address.findFirst({ where: { customerId: ctx.customerId, kind: address.kind }, orderBy: { id: 'asc' }, select: { id: true } });
      if (next) await tx.address.update({ where: { id: next.id }, data: { isDefault: true } });
    }
  });
}

/** Her invoice details: the default INVOICE address (the first one when none is marked). */
export function findInvoiceDetails(db: Db | Tx, customerId: number, query: object = {}) {
  return db.address.findFirst({ ...query, where: { customerId, kind: 'INVOICE' }, orderBy: [{ isDefault: 'desc' }, { id: 'asc' }] });
}

/** Saves her invoice details (creating them the first time); company fields are checked once one is filled in. */
export async function saveInvoiceDetails(ctx: AccountContext, input: AddressFieldsInput): Promise<Address> {
  const values = Object.fromEntries(FIELDS.map((key) => [key, (input[key] ?? '').trim()]));
  const data = cleanValues(input, invoiceDetailsSchema(values), ctx.language, 'invoiceDetailsSaveFailed');
  if (!isCompanyDetails(values)) Object.assign(data, { company: null, ico: null, dic: null });
  return ctx.prisma.$transaction(async (tx) => {
    await lockCustomer(tx, ctx.customerId);
    const current = await findInvoiceDetails(tx, ctx.customerId, { select: { id: true } });
    if (current) return tx.address.update({ where: { id: current.id }, data: { ...data, isDefault: true } });
    await checkLimit(tx, ctx);
    return tx.address.create({ data: { ...data, customerId: ctx.customerId, kind: 'INVOICE', isDefault: true } });
  });
}
