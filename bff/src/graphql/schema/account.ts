// The account pages' API: invoice details (with the company registry lookup), delivery addresses,
// and the customer's own orders. Everything hangs off her own Customer (whose authScopes admit only
// her) or takes the customer from the session, never from an argument; an order or address of
// someone else answers exactly like a missing one (requirement S5). Rules live in services.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from './builder.ts';
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
import { accountInvoicePath } from '../../http/invoice.ts';

/** The session's customer for a service; the field's authScopes ({ customer: true }) guarantee one. */
function account(ctx: Context): AccountContext {
  return { prisma: ctx.prisma, language: ctx.language, customerId: ctx.customerId! };
}

builder.objectType(AddressLimitError, { name: 'AddressLimitError', interfaces: [ErrorInterface] });
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
    city: t.exposeString('city'),
    postcode: t.exposeString('postcode', { description: '"123 45" for CZ.' }),
    country: t.exposeString('country', { description: 'ISO code.' }),
  }),
});

const DeliveryAddressInput = builder.inputType('DeliveryAddressInput', {
  description: 'A delivery address as the account form sends it; every field is checked on save.',
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    phone: t.string({ description: 'A Czech or Slovak number: 9 digits, +420/00420 or +421/00421 before them optional, spaces, dashes and brackets allowed; stored as +420777123456. Optional.' }),
    street: t.string({ required: true, description: 'Street and number.' }),
    city: t.string({ required: true }),
    postcode: t.string({ required: true, description: '5 digits for CZ and SK, with or without the space.' }),
    country: t.string({ required: true, description: 'CZ or SK.' }),
    isDefault: t.boolean({ description: 'Make it the default delivery address (the first one always is).' }),
  }),
});

const InvoiceDetailsInput = builder.inputType('InvoiceDetailsInput', {
  description: 'The invoice details; company, IČO and DIČ for a company (name and IČO then required).',
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string({ required: true }),
    phone: t.string({ required: true }),
    street: t.string({ required: true }),
    city: t.string({ required: true }),
    postcode: t.string({ required: true }),
    country: t.string({ required: true }),
    company: t.string(),
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

builder.queryFields((t) => ({
  accountOrder: t.prismaField({
    type: 'Order',
    nullable: true,
    description:
      'One of the logged-in customer’s orders by its databaseId (the address of her order detail page, ' +
      '/ucet/objednavka/{databaseId}); null for a guest, someone else’s order and a missing one alike.',
    args: { databaseId: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => {
      if (ctx.customerId === null) return null;
      return ctx.prisma.order.findFirst({ ...query, where: { id: databaseId(args.databaseId), customerId: ctx.customerId } });
    },
  }),
  companyLookup: t.field({
    ...CUSTOMER_ONLY,
    type: CompanyRecord,
    description: 'The company of an IČO from the Czech business register (ARES), to fill the invoice details.',
    errors: { types: [ValidationError, NotFoundError, CompanyLookupFailedError] },
    args: { ico: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => companyByIco({ ...ctx, customerId: ctx.customerId! }, args.ico),
  }),
}));

// ------------------------------------------------------------------ changing them

builder.mutationFields((t) => ({
  saveInvoiceDetails: t.prismaField({
    ...CUSTOMER_ONLY,
    type: 'Customer',
    description: 'Saves her invoice details; answers with her Customer (invoiceDetails and addresses updated).',
    errors: { types: [ValidationError, AddressLimitError], directResult: true },
    args: { input: t.arg({ type: InvoiceDetailsInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      await saveInvoiceDetails(account(ctx), input);
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: ctx.customerId! } });
    },
  }),
  addDeliveryAddress: t.prismaField({
    ...CUSTOMER_ONLY,
    type: 'Customer',
    description: 'Adds a delivery address; answers with her Customer, so her address list updates.',
    errors: { types: [ValidationError, AddressLimitError], directResult: true },
    args: { input: t.arg({ type: DeliveryAddressInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      await addDeliveryAddress(account(ctx), input, input.isDefault === true);
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: ctx.customerId! } });
    },
  }),
  updateDeliveryAddress: t.prismaField({
    ...CUSTOMER_ONLY,
    type: 'Customer',
    description: 'Changes one of her delivery addresses; another customer’s id is "not found".',
    errors: { types: [ValidationError, NotFoundError], directResult: true },
    args: { id: t.arg.globalID({ required: true }), input: t.arg({ type: DeliveryAddressInput, required: true }) },
    resolve: async (query, _root, { id, input }, ctx) => {
      await updateDeliveryAddress(account(ctx), localDatabaseId(id, 'SavedAddress', ctx), input, input.isDefault === true);
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: ctx.customerId! } });
    },
  }),
  deleteAddress: t.prismaField({
    ...CUSTOMER_ONLY,
    type: 'Customer',
    description: 'Deletes one of her saved addresses ("The address could not be deleted" for any other id).',
    errors: { types: [NotFoundError], directResult: true },
    args: { id: t.arg.globalID({ required: true }) },
    resolve: async (query, _root, { id }, ctx) => {
      await deleteAddress(account(ctx), localDatabaseId(id, 'SavedAddress', ctx));
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: ctx.customerId! } });
    },
  }),
}));
