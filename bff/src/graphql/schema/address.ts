// A logged-in customer's saved addresses, read through her own Customer (Query.me): the Customer
// object's authScopes already admit only its owner, so no other path can list them (house rule 5).
// Adding, editing and deleting them comes with the account pages; checkout only picks one
// (updateCheckout(invoiceAddressId / deliveryAddressId)).
import { builder } from './builder.ts';
import { storedPhone } from '../../../../schema/rules/index.ts';

const AddressKindEnum = builder.enumType('AddressKind', {
  description: 'What a saved address is kept for.',
  values: {
    INVOICE: { description: 'Invoice details; her default one is Customer.invoiceDetails.' },
    DELIVERY: { description: 'A delivery address; she may keep several, one of them the default.' },
  } as const,
});

builder.prismaNode('Address', {
  id: { field: 'id', description: 'Pass it to updateCheckout as invoiceAddressId or deliveryAddressId.' },
  name: 'SavedAddress',
  description: 'An address the customer saved to her account. Empty strings for what is not filled in.',
  fields: (t) => ({
    kind: t.field({ type: AddressKindEnum, description: 'Invoice details or a delivery address.', resolve: (address) => address.kind }),
    isDefault: t.exposeBoolean('isDefault', { description: 'The default address of its kind (one per kind): the shop’s checkout fills it in.' }),
    firstName: t.exposeString('firstName', { description: 'First name.' }),
    lastName: t.exposeString('lastName', { description: 'Last name.' }),
    email: t.string({ description: 'The invoice e-mail; empty for a delivery address.', resolve: (address) => address.email ?? '' }),
    phone: t.string({ description: 'Stored as +420777123456.', resolve: (address) => storedPhone(address.phone) }),
    street: t.exposeString('street', { description: 'Street and number.' }),
    city: t.exposeString('city', { description: 'City.' }),
    postcode: t.exposeString('postcode', { description: 'Postcode (PSČ) as saved, e.g. "110 00".' }),
    country: t.exposeString('country', { description: 'ISO code: CZ or SK.' }),
    company: t.string({ description: 'Company name of a company’s invoice details; else empty.', resolve: (address) => address.company ?? '' }),
    ico: t.string({ description: 'Company ID (IČO).', resolve: (address) => address.ico ?? '' }),
    dic: t.string({ description: 'VAT ID (DIČ).', resolve: (address) => address.dic ?? '' }),
  }),
});

builder.prismaObjectField('Customer', 'addresses', (t) =>
  t.relation('addresses', {
    description: 'Her saved invoice and delivery addresses, the default ones first.',
    query: { orderBy: [{ isDefault: 'desc' }, { id: 'asc' }] },
  }),
);
