// The return protocol (reklamace, /reklamace): one mutation; the service checks the form with the rules
// the web form runs (schema/rules/return-protocol.ts). A signed-in customer picks the order from her own
// Customer.orders (graphql/schema/account.ts), like the account pages.
// A protocol is readable only as the answer to the mutation that sent it: there is no query for one,
// so nobody can read another shopper's protocol (requirement S5).
import { builder } from './builder.ts';
import { requireCaptcha } from '../../services/captcha.ts';
import { ErrorInterface, TooManyAttemptsError, ValidationError } from './errors.ts';
import { ReturnOrderNotFoundError, submitReturnProtocol } from '../../services/returns.ts';
import { RETURN_MAX_LINES } from '../../../../schema/rules/return-protocol.ts';

builder.objectType(ReturnOrderNotFoundError, {
  name: 'ReturnOrderNotFoundError',
  description: 'No order with this number was placed by this customer or with this e-mail (the same answer for both).',
  interfaces: [ErrorInterface],
});

builder.prismaObject('ComplaintLine', {
  name: 'ReturnProtocolLine',
  description: 'One row of returned goods on a return protocol, as the shopper wrote it.',
  fields: (t) => ({
    productTitle: t.exposeString('productTitle', { description: 'The goods’ name.' }),
    productCode: t.exposeString('productCode', { description: 'The product code (OrderLine.productCode).' }),
    quantity: t.exposeInt('quantity', { description: 'Pieces returned, 1 to 99.' }),
    reason: t.exposeString('reason', { description: 'What is wrong with it; empty when not given.' }),
  }),
});

builder.prismaNode('Complaint', {
  name: 'ReturnProtocol',
  id: { field: 'id', description: 'The protocol’s global id.' },
  description: 'A sent return protocol (reklamační protokol); its PDF goes to the shopper by e-mail.',
  fields: (t) => ({
    number: t.exposeString('number', { description: 'R + year + 6 digits, e.g. R2026000042.' }),
    orderNumber: t.exposeString('orderNumber', { description: 'The number of the order the goods came with (Order.number).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the protocol was sent.' }),
    email: t.exposeString('email', { description: 'Where the confirmation with the PDF was sent.' }),
    lines: t.relation('lines', { description: 'The returned goods, in the order of the form.', query: { orderBy: { id: 'asc' } } }),
  }),
});

const ReturnLineInput = builder.inputType('ReturnProtocolLineInput', {
  description: 'One row of returned goods.',
  fields: (t) => ({
    productTitle: t.string({ required: true, description: 'The goods’ name, at most 200 characters.' }),
    productCode: t.string({ required: true, description: 'The product code as on the order (OrderLine.productCode), at most 64 characters.' }),
    quantity: t.int({ required: false, description: '1 when left out; at most 99.' }),
    reason: t.string({ required: false, description: 'What is wrong with it, at most 500 characters.' }),
  }),
});

const ReturnInput = builder.inputType('ReturnProtocolInput', {
  description: 'The return protocol form (/reklamace); every field is checked, refused ones come back in ValidationError.fieldErrors.',
  fields: (t) => ({
    orderNumber: t.string({ required: true, description: 'The order’s number, 10 digits (YYYY + 6 digits); spaces do not count.' }),
    lines: t.field({ type: [ReturnLineInput], required: true, description: `1 to ${RETURN_MAX_LINES} rows of returned goods.` }),
    bankAccount: t.string({
      required: true,
      description: 'The refund account: Czech `[prefix-]number/bank code` or an IBAN, or Czech `[prefix-]number` with `bankCode`.',
    }),
    bankCode: t.string({ required: false, description: 'The 4-digit bank code of a Czech `bankAccount` given without one; empty otherwise.' }),
    firstName: t.string({ required: true, description: 'First name, at most 100 characters.' }),
    lastName: t.string({ required: true, description: 'Last name, at most 100 characters.' }),
    email: t.string({ required: true, description: 'The order’s e-mail; the confirmation with the PDF goes there.' }),
    phone: t.string({ required: true, description: 'A Czech or Slovak number (9 digits, +420/+421 before them optional).' }),
    street: t.string({ required: true, description: 'Street and number, at most 200 characters.' }),
    city: t.string({ required: true, description: 'City, at most 100 characters.' }),
    postcode: t.string({ required: true, description: '5 digits for CZ and SK, with or without the space.' }),
    country: t.string({ required: true, description: 'CZ or SK.' }),
    note: t.string({ required: false, description: 'Anything else for the shop, several lines, at most 2 000 characters.' }),
    orderHash: t.string({
      required: false,
      description:
        'The secret of the order summary link (/objednavka/shrnuti/{id}/{hash}) in the confirmation e-mail: a guest order is returned only ' +
        'with it (and its e-mail); a signed-in customer’s own orders need none.',
    }),
    captcha: t.string({ required: false, description: 'The solved captcha (Query.captchaChallenge(action: RETURN_PROTOCOL)).' }),
  }),
});

builder.mutationField('submitReturnProtocol', (t) =>
  t.prismaField({
    type: 'Complaint',
    description: 'Sends a return protocol: saved with its goods in one transaction, confirmed by e-mail with the protocol as a PDF.',
    errors: {
      types: [ValidationError, ReturnOrderNotFoundError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The sent protocol, or why nothing was sent (10 protocols per address in an hour).' },
    },
    args: { input: t.arg({ type: ReturnInput, required: true, description: 'The filled-in form with the captcha token.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { captcha, ...form } = input;
      const who = { customerId: ctx.customerId, language: ctx.language, clientIp: ctx.clientIp };
      const id = await submitReturnProtocol(ctx, form, who, () => requireCaptcha(ctx, 'returnProtocol', captcha));
      return ctx.prisma.complaint.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
);
