// Withdrawal from the contract (odstoupení od smlouvy; issue 42, docs/decisions/0061). On Order (read
// wherever the order is: the owner's account, the summary link's secret, a partner token with the cart
// scope): the withdrawal function's offer and the withdrawals. Three browser mutations: check a
// declaration (step 1 → step 2), submit it (step 2, "Potvrdit odstoupení"), and a guest's e-mailed link.
import { builder } from './builder.ts';
import { ErrorInterface, TooManyAttemptsError, ValidationError } from './errors.ts';
import {
  checkWithdrawal,
  confirmWithdrawal,
  submitWithdrawal,
  withdrawalOffer,
  WithdrawalOrderNotFoundError,
  WithdrawalRefusedError,
  type CheckedDeclaration,
  type OfferLine,
  type WithdrawalOffer,
} from '../../services/withdrawals.ts';

builder.objectType(WithdrawalRefusedError, {
  name: 'WithdrawalRefusedError',
  description:
    'The withdrawal is refused and nothing changed: the period is over, the pieces were withdrawn already, the order was cancelled, ' +
    'or a guest’s confirmation link has expired. `message` says which, in the shopper’s language.',
  interfaces: [ErrorInterface],
});

builder.objectType(WithdrawalOrderNotFoundError, {
  name: 'WithdrawalOrderNotFoundError',
  description: 'No such order for this visitor (someone else’s, a wrong summary secret or a missing one alike), or an unknown confirmation link.',
  interfaces: [ErrorInterface],
});

const WithdrawalStateEnum = builder.enumType('WithdrawalState', {
  description: 'Where a withdrawal is.',
  values: {
    PENDING_CONFIRMATION: { description: 'A guest’s declaration waiting for the link sent to the order’s e-mail (24 hours).' },
    CONFIRMED: { description: 'Declared and acknowledged by e-mail; the goods are to come back.' },
    GOODS_RECEIVED: { description: 'The shop has the goods back.' },
    REFUNDED: { description: 'The money went back (refundAmount).' },
  } as const,
});

const OfferLineRef = builder.objectRef<OfferLine>('WithdrawalOfferLine').implement({
  description: 'One line of the order as the withdrawal function offers it.',
  fields: (t) => ({
    orderLineId: t.exposeInt('orderLineId', { description: 'The order line’s id (WithdrawalItemInput.orderLineId).' }),
    name: t.exposeString('name', { description: 'The product’s name as ordered.' }),
    size: t.exposeString('size', { nullable: true, description: 'The size as ordered; null when none.' }),
    bought: t.exposeInt('bought', { description: 'Pieces bought.' }),
    withdrawable: t.exposeInt('withdrawable', { description: 'Pieces still open to withdrawal (bought less confirmed withdrawals); 0 for an excluded line.' }),
    excludedReason: t.exposeString('excludedReason', {
      nullable: true,
      description: 'Why the line cannot be withdrawn, in the request’s language (match tickets: a leisure event on a fixed date); null when it can.',
    }),
  }),
});

const OfferRef = builder.objectRef<WithdrawalOffer>('WithdrawalOffer').implement({
  description:
    'The withdrawal function of an order: shown for the whole period (`periodDays` after delivery, the shop’s setting WITHDRAWAL_PERIOD_DAYS, ' +
    '14 by default: the law’s minimum), hidden after it with the reason.',
  fields: (t) => ({
    available: t.exposeBoolean('available', { description: 'Whether "Odstoupit od smlouvy zde" / "Withdraw from contract here" is offered now.' }),
    periodDays: t.exposeInt('periodDays', {
      description:
        'The shop’s withdrawal period in days from receiving the goods (the setting WITHDRAWAL_PERIOD_DAYS: 14 by default, the law’s minimum, up to 365); ' +
        'the number the page, the terms, the model form and the order confirmation state.',
    }),
    lastDay: t.exposeString('lastDay', {
      nullable: true,
      description:
        'The last day of the period (YYYY-MM-DD, Prague): `periodDays` after the delivery day; an order not marked delivered counts as delivered 16 days after it was placed. ' +
        'Null when nothing of the order can be withdrawn.',
    }),
    unavailableReason: t.exposeString('unavailableReason', { nullable: true, description: 'Why it is not offered, in the request’s language; null while it is.' }),
    lines: t.field({ type: [OfferLineRef], description: 'Every line of the order, in the order’s order.', resolve: (offer) => offer.lines }),
  }),
});

builder.prismaObjectField('Order', 'withdrawal', (t) =>
  t.field({
    type: OfferRef,
    description: 'The withdrawal function (odstoupení od smlouvy): whether it is offered, until when, and for which lines.',
    resolve: (order, _args, ctx) => withdrawalOffer(ctx.prisma, order.id, ctx.language, ctx.config.withdrawalPeriodDays, ctx.clock()),
  }),
);

builder.prismaObject('WithdrawalItem', {
  description: 'Pieces of one order line a withdrawal returns.',
  fields: (t) => ({
    orderLineId: t.exposeInt('orderLineId', { description: 'OrderLine id.' }),
    name: t.string({ description: 'The product’s name as ordered.', select: { orderLine: { select: { name: true } } }, resolve: (item) => item.orderLine.name }),
    productCode: t.string({ description: 'OrderLine.productCode.', select: { orderLine: { select: { productCode: true } } }, resolve: (item) => item.orderLine.productCode }),
    variantCode: t.string({ description: 'OrderLine.variantCode.', select: { orderLine: { select: { variantCode: true } } }, resolve: (item) => item.orderLine.variantCode }),
    quantity: t.exposeInt('quantity', { description: 'Pieces withdrawn.' }),
  }),
});

builder.prismaNode('Withdrawal', {
  id: { field: 'id', description: 'The withdrawal’s global id.' },
  description: 'One declaration of withdrawal from the contract for some pieces of an order.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The number the shop owner’s command takes (npm run order -- withdrawal <id> …).' }),
    state: t.field({ type: WithdrawalStateEnum, description: 'Where it is.', resolve: (row) => row.state }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was filled in.' }),
    receivedAt: t.expose('receivedAt', { type: 'DateTime', nullable: true, description: 'When the declaration reached the shop (confirmed); null while a guest has not confirmed it.' }),
    goodsReceivedAt: t.expose('goodsReceivedAt', { type: 'DateTime', nullable: true, description: 'When the shop got the goods back; null until then.' }),
    refundedAt: t.expose('refundedAt', { type: 'DateTime', nullable: true, description: 'When the money went back; null until then.' }),
    refundAmount: t.exposeInt('refundAmount', { nullable: true, description: 'What went back, in minor units of the order’s currency; null until refunded.' }),
    items: t.relation('items', { description: 'The pieces withdrawn, by order line.', query: { orderBy: { id: 'asc' } } }),
  }),
});

builder.prismaObjectField('Order', 'withdrawals', (t) =>
  t.relation('withdrawals', {
    description: 'The order’s withdrawals from the contract, oldest first (a guest’s unconfirmed ones too, as PENDING_CONFIRMATION).',
    query: { orderBy: { id: 'asc' } },
  }),
);

const ItemInput = builder.inputType('WithdrawalItemInput', {
  description: 'Pieces of one order line to withdraw from.',
  fields: (t) => ({
    orderLineId: t.int({ required: true, description: 'WithdrawalOfferLine.orderLineId.' }),
    quantity: t.int({ required: true, description: 'Pieces, 1 to WithdrawalOfferLine.withdrawable (0: the line is left out).' }),
  }),
});

const WithdrawalInput = builder.inputType('WithdrawalInput', {
  description: 'The withdrawal form; every field is checked, refused ones come back in ValidationError.fieldErrors.',
  fields: (t) => ({
    orderId: t.int({ required: true, description: 'Order.databaseId.' }),
    orderHash: t.string({ required: false, description: 'The summary link’s secret (Order.hash): needed for an order that is not the signed-in customer’s own.' }),
    items: t.field({ type: [ItemInput], required: true, description: 'What is withdrawn; at least one piece.' }),
    name: t.string({ required: true, description: 'The consumer’s name, at most 200 characters.' }),
    email: t.string({ required: true, description: 'Where the acknowledgement goes.' }),
    bankAccount: t.string({ required: true, description: 'The refund account: Czech `[prefix-]number/bank code` or an IBAN, or Czech `[prefix-]number` with `bankCode`.' }),
    bankCode: t.string({ required: false, description: 'The 4-digit bank code of a Czech `bankAccount` given without one; empty otherwise.' }),
    reason: t.string({ required: false, description: 'Why (optional; the law asks none), at most 1 000 characters.' }),
  }),
});

const DeclarationLineRef = builder.objectRef<CheckedDeclaration['lines'][number]>('WithdrawalDeclarationLine').implement({
  description: 'One line of a checked declaration.',
  fields: (t) => ({
    orderLineId: t.exposeInt('orderLineId', { description: 'OrderLine id.' }),
    name: t.exposeString('name', { description: 'The product’s name as ordered.' }),
    size: t.exposeString('size', { nullable: true, description: 'The size; null when none.' }),
    quantity: t.exposeInt('quantity', { description: 'Pieces withdrawn.' }),
  }),
});

const DeclarationRef = builder.objectRef<CheckedDeclaration>('WithdrawalDeclaration').implement({
  description: 'A declaration checked as its confirmation will check it; nothing is saved yet (step 2 shows it).',
  fields: (t) => ({
    orderNumber: t.exposeString('orderNumber', { description: 'Order.number.' }),
    orderedAt: t.expose('orderedAt', { type: 'DateTime', description: 'When the order was placed.' }),
    name: t.exposeString('name', { description: 'The consumer’s name as given.' }),
    email: t.exposeString('email', { description: 'The e-mail as given (normalised).' }),
    refundAccount: t.exposeString('refundAccount', { description: 'The refund account as it will be stored.' }),
    reason: t.exposeString('reason', { description: 'The reason as given; may be empty.' }),
    confirmsAtOnce: t.exposeBoolean('confirmsAtOnce', { description: 'True for the signed-in customer’s own order; false: a link goes to the order’s e-mail to confirm it.' }),
    lines: t.field({ type: [DeclarationLineRef], description: 'The pieces withdrawn.', resolve: (declaration) => declaration.lines }),
  }),
});

const who = (ctx: { customerId: number | null; language: 'cs' | 'en'; clientIp: string }) => ({ customerId: ctx.customerId, language: ctx.language, clientIp: ctx.clientIp });

builder.mutationFields((t) => ({
  checkWithdrawal: t.field({
    type: DeclarationRef,
    description: 'Step 1 of the withdrawal form: checks the declaration as submitWithdrawal will, saves nothing.',
    errors: {
      types: [ValidationError, WithdrawalOrderNotFoundError, WithdrawalRefusedError],
      directResult: true,
      union: { description: 'The checked declaration, or why it would be refused.' },
    },
    args: { input: t.arg({ type: WithdrawalInput, required: true, description: 'The filled-in form.' }) },
    resolve: (_root, { input }, ctx) => checkWithdrawal(ctx, input, who(ctx), ctx.clock()),
  }),
  submitWithdrawal: t.prismaField({
    type: 'Withdrawal',
    description:
      'Step 2, "Potvrdit odstoupení" / "Confirm withdrawal": the signed-in customer’s own order is withdrawn at once (CONFIRMED, acknowledged by e-mail ' +
      'with the declaration as PDF); a guest’s declaration is PENDING_CONFIRMATION until the link sent to the order’s e-mail is used (24 hours).',
    errors: {
      types: [ValidationError, WithdrawalOrderNotFoundError, WithdrawalRefusedError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The declaration, or why nothing was saved.' },
    },
    args: { input: t.arg({ type: WithdrawalInput, required: true, description: 'The form as step 2 showed it.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      const { withdrawalId } = await submitWithdrawal(ctx, input, who(ctx), ctx.clock());
      return ctx.prisma.withdrawal.findUniqueOrThrow({ ...query, where: { id: withdrawalId } });
    },
  }),
  confirmWithdrawal: t.prismaField({
    type: 'Withdrawal',
    description: 'A guest’s e-mailed link: confirms the declaration (CONFIRMED, acknowledged by e-mail). A second use changes nothing and answers the same withdrawal.',
    errors: {
      types: [WithdrawalOrderNotFoundError, WithdrawalRefusedError, ValidationError],
      directResult: true,
      union: { description: 'The confirmed withdrawal, or why nothing changed.' },
    },
    args: { token: t.arg.string({ required: true, description: 'The token of the e-mail’s link.' }) },
    resolve: async (query, _root, { token }, ctx) => {
      const { withdrawalId } = await confirmWithdrawal(ctx.prisma, token, ctx.language, ctx.config.withdrawalPeriodDays, ctx.clock());
      return ctx.prisma.withdrawal.findUniqueOrThrow({ ...query, where: { id: withdrawalId } });
    },
  }),
}));
