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
  fields: (t) => ({
    productTitle: t.exposeString('productTitle'),
    productCode: t.exposeString('productCode'),
    quantity: t.exposeInt('quantity'),
    reason: t.exposeString('reason'),
  }),
});

builder.prismaNode('Complaint', {
  name: 'ReturnProtocol',
  id: { field: 'id' },
  description: 'A sent return protocol (reklamační protokol); its PDF goes to the shopper by e-mail.',
  fields: (t) => ({
    number: t.exposeString('number', { description: 'R + year + 6 digits, e.g. R2026000042.' }),
    orderNumber: t.exposeString('orderNumber'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    email: t.exposeString('email', { description: 'Where the confirmation with the PDF was sent.' }),
    lines: t.relation('lines', { query: { orderBy: { id: 'asc' } } }),
  }),
});

const ReturnLineInput = builder.inputType('ReturnProtocolLineInput', {
  fields: (t) => ({
    productTitle: t.string({ required: true }),
    productCode: t.string({ required: true }),
    quantity: t.int({ required: false, description: '1 when left out; at most 99.' }),
    reason: t.string({ required: false, description: 'What is wrong with it.' }),
  }),
});

const ReturnInput = builder.inputType('ReturnProtocolInput', {
  fields: (t) => ({
    orderNumber: t.string({ required: true, description: 'The order’s number, 10 digits (YYYY + 6 digits); spaces do not count.' }),
    lines: t.field({ type: [ReturnLineInput], required: true, description: `1 to ${RETURN_MAX_LINES} rows of returned goods.` }),
    bankAccount: t.string({
      required: true,
      description: 'The refund account: Czech `[prefix-]number/bank code` or an IBAN, or Czech `[prefix-]number` with `bankCode`.',
    }),
    bankCode: t.string({ required: false, description: 'The 4-digit bank code of a Czech `bankAccount` given without one; empty otherwise.' }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string({ required: true, description: 'The order’s e-mail; the confirmation with the PDF goes there.' }),
    phone: t.string({ required: true }),
    street: t.string({ required: true }),
    city: t.string({ required: true }),
    postcode: t.string({ required: true }),
    country: t.string({ required: true, description: 'CZ or SK.' }),
    note: t.string({ required: false }),
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
    errors: { types: [ValidationError, ReturnOrderNotFoundError, TooManyAttemptsError], directResult: true },
    args: { input: t.arg({ type: ReturnInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { captcha, ...form } = input;
      const who = { customerId: ctx.customerId, language: ctx.language, clientIp: ctx.clientIp };
      const id = await submitReturnProtocol(ctx, form, who, () => requireCaptcha(ctx, 'returnProtocol', captcha));
      return ctx.prisma.complaint.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
);
