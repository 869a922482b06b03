// The account pages' API: invoice details (with the company registry lookup), delivery addresses,
// and the customer's own orders. Everything hangs off her own Customer (whose authScopes admit only
// her) or takes the customer from the session, never from an argument; an order or address of
// someone else answers exactly like a missing one (requirement S5). Rules live in services.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, PERSONAL_ANSWER } from './builder.ts';
import { ErrorInterface, NotFoundError, ValidationError } from './errors.ts';
import { localDatabaseId } from './global-id.ts';
import { connectionFrom, pageWindow } from './pagination.ts';
import { OrderRef } from './order.ts';
import type { Context } from '../context.ts';
import { databaseId } from '../../services/database-id.ts';
import {
  addDeliveryAddress,
  AddressLimitError,
  deleteAddress,
  findInvoiceDetails,
  saveInvoiceDetails,
  updateDeliveryAddress,
  type AccountContext,
} from '../../services/addresses.ts';
import { companyByIco, CompanyLookupFailedError, type AresCompany } from '../../services/ares.ts';
import { accountInvoiceIsdocPath, accountInvoicePath } from '../../http/invoice.ts';

/** The session's customer for a service; the field's authScopes ({ customer: true }) guarantee one. */
function account(ctx: Context): AccountContext {
  return { prisma: ctx.prisma, language: ctx.language, customerId: ctx.customerId! };
}

builder.objectType(AddressLimitError, {
  name: 'AddressLimitError',
  description: 'Her account keeps at most 20 saved addresses, invoice and delivery together (code ADDRESS_LIMIT); nothing was saved.',
  interfaces: [ErrorInterface],
});
builder.objectType(CompanyLookupFailedError, {
  name: 'CompanyLookupFailedError',
  description: 'The company registry could not be asked now ("Error loading data, try again"); the form stays editable.',
  interfaces: [ErrorInterface],
});

const CompanyRecord = builder.objectRef<AresCompany>('CompanyRecord').implement({
  description: 'A company as the Czech business register (ARES) knows it, in the invoice form’s fields.',
  fields: (t) => ({
    ico: t.exposeString('ico', { description: 'Company ID (IČO), 8 digits.' }),
    company: t.exposeString('company', { description: 'The registered name.' }),
    dic: t.exposeString('dic', { description: 'VAT ID (DIČ); empty when the company is not a VAT payer.' }),
    street: t.exposeString('street', { description: 'Street and number of the registered office.' }),
    city: t.exposeString('city', { description: 'City of the registered office.' }),
    postcode: t.exposeString('postcode', { description: '"123 45" for CZ.' }),
    country: t.exposeString('country', { description: 'ISO code.' }),
  }),
});

const DeliveryAddressInput = builder.inputType('DeliveryAddressInput', {
  description: 'A delivery address as the account form sends it; every field is checked on save.',
  fields: (t) => ({
    firstName: t.string({ required: true, description: 'The recipient’s first name, at most 100 characters.' }),
    lastName: t.string({ required: true, description: 'The recipient’s last name, at most 100 characters.' }),
    phone: t.string({ description: 'A Czech or Slovak number: 9 digits, +420/00420 or +421/00421 before them optional, spaces, dashes and brackets allowed; stored as +420777123456. Optional.' }),
    street: t.string({ required: true, description: 'Street and number.' }),
    city: t.string({ required: true, description: 'City, at most 100 characters.' }),
    postcode: t.string({ required: true, description: '5 digits for CZ and SK, with or without the space.' }),
    country: t.string({ required: true, description: 'CZ or SK.' }),
    isDefault: t.boolean({ description: 'Make it the default delivery address (the first one always is).' }),
  }),
});

const InvoiceDetailsInput = builder.inputType('InvoiceDetailsInput', {
  description: 'The invoice details; company, IČO and DIČ for a company (name and IČO then required).',
  fields: (t) => ({
    firstName: t.string({ required: true, description: 'First name, at most 100 characters.' }),
    lastName: t.string({ required: true, description: 'Last name, at most 100 characters.' }),
    email: t.string({ required: true, description: 'The invoice e-mail, at most 254 characters.' }),
    phone: t.string({ required: true, description: 'A Czech or Slovak number (9 digits, +420/+421 before them optional); stored as +420777123456.' }),
    street: t.string({ required: true, description: 'Street and number, at most 200 characters.' }),
    city: t.string({ required: true, description: 'City, at most 100 characters.' }),
    postcode: t.string({ required: true, description: '5 digits for CZ and SK, with or without the space.' }),
    country: t.string({ required: true, description: 'CZ or SK.' }),
    company: t.string({ description: 'Company name, at most 200 characters; with any of company, IČO or DIČ filled in, name and IČO are required.' }),
    ico: t.string({ description: 'Company ID (IČO).' }),
    dic: t.string({ description: 'VAT ID (DIČ), for VAT payers.' }),
  }),
});

const CUSTOMER_ONLY = { authScopes: { customer: true } } as const;

// ------------------------------------------------------------------ her addresses and orders

builder.prismaObjectField('Customer', 'invoiceDetails', (t) =>
  t.prismaField({
    type: 'Address',
    nullable: true,
    description: 'Her invoice details (the default invoice address), or null before she saves them.',
    resolve: (query, customer, _args, ctx) => findInvoiceDetails(ctx.prisma, customer.id, query),
  }),
);

type OrderConnectionShape = ReturnType<typeof connectionFrom<unknown>>;
const CustomerOrderConnection = builder.objectRef<OrderConnectionShape>('CustomerOrderConnection');

builder.objectType(CustomerOrderConnection, {
  description: 'A page of her orders, the newest first.',
  fields: (t) => ({
    totalCount: t.exposeInt('totalCount', { description: 'How many orders she has in all.' }),
    offset: t.exposeInt('offset', { description: 'How many orders come before the first edge.' }),
    pageInfo: t.field({ type: builder.pageInfoRef(), description: 'Whether more follow, and the cursors.', resolve: (c) => c.pageInfo }),
    edges: t.field({
      description: 'The orders of this page, newest first.',
      type: [
        builder.objectRef<{ cursor: string; node: unknown }>('CustomerOrderEdge').implement({
          description: 'An order on a page, with its cursor.',
          fields: (e) => ({
            cursor: e.exposeString('cursor', { description: 'This position in the list: `after` takes it.' }),
            node: e.field({ type: OrderRef, description: 'The order.', resolve: (edge) => edge.node as never }),
          }),
        }),
      ],
      resolve: (c) => c.edges,
    }),
  }),
});

builder.prismaObjectField('Customer', 'orders', (t) =>
  t.field({
    type: CustomerOrderConnection,
    description: 'Her orders, the newest first; page with first + offset (page links) or after (load more).',
    args: {
      first: t.arg.int({ required: false, description: 'Page size, 1 to 100 (default 12).' }),
      after: t.arg.string({ required: false, description: 'The `endCursor` of the previous page: the page after it.' }),
      offset: t.arg.int({ required: false, description: 'Skip this many orders; an alternative to `after` for page links.' }),
    },
    resolve: async (customer, args, ctx, info) => {
      const window = pageWindow(args, ctx.errorLanguage);
      const query = queryFromInfo({ context: ctx, info, typeName: 'Order', path: ['edges', 'node'] });
      const where = { customerId: customer.id };
      const [nodes, totalCount] = await Promise.all([
        ctx.prisma.order.findMany({ ...query, where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: window.offset, take: window.limit }),
        ctx.prisma.order.count({ where }),
      ]);
      return connectionFrom(nodes, window, totalCount);
    },
  }),
);

builder.prismaObjectField('Order', 'accountInvoiceUrl', (t) =>
  t.string({
    description: 'The invoice PDF for the logged-in owner (no secret link needed), in the request’s language.',
    resolve: (order, _args, ctx) => accountInvoicePath(ctx.language, order.id),
  }),
);

builder.prismaObjectField('Order', 'accountInvoiceIsdocUrl', (t) =>
  t.string({
    description: 'The invoice as ISDOC XML (the Czech e-invoice accounting programs import) for the logged-in owner, in the request’s language.',
    resolve: (order, _args, ctx) => accountInvoiceIsdocPath(ctx.language, order.id),
  }),
);

builder.queryFields((t) => ({
  accountOrder: t.prismaField({
    ...PERSONAL_ANSWER,
    type: 'Order',
    nullable: true,
    description:
      'One of the logged-in customer’s orders by its databaseId (the address of her order detail page, ' +
      '/ucet/objednavka/{databaseId}); null for a guest, someone else’s order and a missing one alike.',
    args: { databaseId: t.arg.int({ required: true, description: 'The order’s databaseId (Order.databaseId).' }) },
    resolve: (query, _root, args, ctx) => {
      if (ctx.customerId === null) return null;
      return ctx.prisma.order.findFirst({ ...query, where: { id: databaseId(args.databaseId), customerId: ctx.customerId } });
    },
  }),
  companyLookup: t.field({
    ...PERSONAL_ANSWER,
    ...CUSTOMER_ONLY,
    type: CompanyRecord,
    description: 'The company of an IČO from the Czech business register (ARES), to fill the invoice details.',
    errors: {
      types: [ValidationError, NotFoundError, CompanyLookupFailedError],
      union: { description: 'The company, or why not: an invalid IČO (ValidationError), no such company (NotFoundError), the registry not answering (CompanyLookupFailedError).' },
      result: { description: 'The company the register knows under the IČO.' },
      dataField: { description: 'The company, in the invoice form’s fields.' },
    },
    args: { ico: t.arg.string({ required: true, description: 'Company ID (IČO): 8 digits, spaces allowed. Lookups are limited to 30 per customer in 10 minutes.' }) },
    resolve: (_root, args, ctx) => companyByIco({ ...ctx, customerId: ctx.customerId! }, args.ico),
  }),
}));

// ------------------------------------------------------------------ changing them

builder.mutationFields((t) => ({
  saveInvoiceDetails: t.prismaField({
    ...CUSTOMER_ONLY,
    type: 'Customer',
    description: 'Saves her invoice details; answers with her Customer (invoiceDetails and addresses updated).',
    errors: { types: [ValidationError, AddressLimitError], directResult: true, union: { description: 'Her Customer with the saved details, or why nothing was saved.' } },
    args: { input: t.arg({ type: InvoiceDetailsInput, required: true, description: 'The invoice details to keep.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      await saveInvoiceDetails(account(ctx), input);
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: ctx.customerId! } });
    },
  }),
  addDeliveryAddress: t.prismaField({
    ...CUSTOMER_ONLY,
    type: 'Customer',
    description: 'Adds a delivery address; answers with her Customer, so her address list updates.',
    errors: { types: [ValidationError, AddressLimitError], directResult: true, union: { description: 'Her Customer with the new address, or why nothing was saved.' } },
    args: { input: t.arg({ type: DeliveryAddressInput, required: true, description: 'The new delivery address.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      await addDeliveryAddress(account(ctx), input, input.isDefault === true);
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: ctx.customerId! } });
    },
  }),
  updateDeliveryAddress: t.prismaField({
    ...CUSTOMER_ONLY,
    type: 'Customer',
    description: 'Changes one of her delivery addresses; another customer’s id is "not found".',
    errors: { types: [ValidationError, NotFoundError], directResult: true, union: { description: 'Her Customer with the changed address, or why nothing was changed.' } },
    args: {
      id: t.arg.globalID({ required: true, description: 'A SavedAddress’s id (Customer.addresses) of kind DELIVERY.' }),
      input: t.arg({ type: DeliveryAddressInput, required: true, description: 'The address as it is to be.' }),
    },
    resolve: async (query, _root, { id, input }, ctx) => {
      await updateDeliveryAddress(account(ctx), localDatabaseId(id, 'SavedAddress', ctx), input, input.isDefault === true);
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: ctx.customerId! } });
    },
  }),
  deleteAddress: t.prismaField({
    ...CUSTOMER_ONLY,
    type: 'Customer',
    description: 'Deletes one of her saved addresses ("The address could not be deleted" for any other id).',
    errors: { types: [NotFoundError], directResult: true, union: { description: 'Her Customer without the address, or NotFoundError.' } },
    args: { id: t.arg.globalID({ required: true, description: 'A SavedAddress’s id (Customer.addresses).' }) },
    resolve: async (query, _root, { id }, ctx) => {
      await deleteAddress(account(ctx), localDatabaseId(id, 'SavedAddress', ctx));
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: ctx.customerId! } });
    },
  }),
}));
