// The return protocol (reklamace, /reklamace): one mutation that validates the form with the rules the
// web form runs (schema/rules/return-protocol.ts). A signed-in customer picks the order from her own
// Customer.orders (graphql/schema/account.ts), like the account pages.
// A protocol is readable only as the answer to the mutation that sent it: there is no query for one,
// so nobody can read another shopper's protocol (requirement S5).
import { builder } from './builder.ts';
import { requireCaptcha } from '../../services/captcha.ts';
import { ErrorInterface, ShopError, ValidationError, type FieldError } from './errors.ts';
import { TooManyAttemptsError } from './too-many-attempts.ts';
import { message } from '../../i18n/messages.ts';
import { submitReturnProtocol } from '../../services/returns.ts';
import { validateForm } from '../../../../schema/rules/index.ts';
import {
  RETURN_LINE_MAX_QUANTITY,
  RETURN_MAX_LINES,
  returnLineFormSchema,
  returnMessage,
  returnProtocolFormSchema,
} from '../../../../schema/rules/return-protocol.ts';

export class ReturnOrderNotFoundError extends ShopError {
  constructor(text: string) {
    super('RETURN_ORDER_NOT_FOUND', text);
  }
}

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
    orderNumber: t.string({ required: true }),
    lines: t.field({ type: [ReturnLineInput], required: true, description: `1 to ${RETURN_MAX_LINES} rows of returned goods.` }),
    bankAccount: t.string({ required: true, description: 'Czech `[prefix-]number/bank code` or an IBAN, for the refund.' }),
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
      const { captcha: _captcha, ...fields } = input;
      const values = { ...fields, note: input.note ?? '', email: fields.email.trim(), bankAccount: fields.bankAccount.trim() };
      const fieldErrors: FieldError[] = Object.entries(validateForm(values, returnProtocolFormSchema, ctx.language)).map(([field, text]) => ({
        field,
        message: text,
      }));
      if (input.lines.length === 0) fieldErrors.push({ field: 'lines', message: returnMessage('noLines', ctx.language) });
      if (input.lines.length > RETURN_MAX_LINES) {
        fieldErrors.push({ field: 'lines', message: returnMessage('tooManyLines', ctx.language, { max: RETURN_MAX_LINES }) });
      }
      const lines = input.lines.slice(0, RETURN_MAX_LINES).map((line, index) => {
        const row = { productTitle: line.productTitle, productCode: line.productCode, reason: line.reason ?? '', quantity: line.quantity ?? 1 };
        for (const [field, text] of Object.entries(validateForm(row, returnLineFormSchema, ctx.language))) {
          fieldErrors.push({ field: `lines.${index}.${field}`, message: text });
        }
        if (!Number.isInteger(row.quantity) || row.quantity < 1 || row.quantity > RETURN_LINE_MAX_QUANTITY) {
          fieldErrors.push({ field: `lines.${index}.quantity`, message: returnMessage('quantity', ctx.language, { max: RETURN_LINE_MAX_QUANTITY }) });
        }
        return row;
      });
      if (fieldErrors.length > 0) throw new ValidationError(fieldErrors, message('invalidInput', ctx.language));
      await requireCaptcha(ctx, 'returnProtocol', input.captcha);

      const outcome = await submitReturnProtocol(ctx, { ...values, lines }, { customerId: ctx.customerId, language: ctx.language, clientIp: ctx.clientIp });
      if (outcome.kind === 'tooManyAttempts') throw TooManyAttemptsError.after(outcome.retryAfterMs, ctx.language);
      if (outcome.kind === 'orderNotFound') throw new ReturnOrderNotFoundError(returnMessage('orderNotFound', ctx.language));
      if (outcome.kind === 'orderLinkNeeded') throw new ReturnOrderNotFoundError(returnMessage('orderLinkNeeded', ctx.language));
      return ctx.prisma.complaint.findUniqueOrThrow({ ...query, where: { id: outcome.complaintId } });
    },
  }),
);
