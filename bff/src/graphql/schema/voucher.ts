// Vouchers: Cart.vouchers, checkVoucher, applyVoucher, removeVoucher. The rules live in
// services/vouchers.ts; these resolvers only map them (docs/decisions/0010-vouchers.md).
import { builder, CART_ACCESS } from './builder.ts';
import { CurrencyEnum, Price } from './catalog.ts';
import type { Context } from '../context.ts';
import { ErrorInterface, TooManyAttemptsError, ValidationError } from './errors.ts';
import { validateInput } from './validation.ts';
import { requireCaptchaAfter } from '../../services/captcha.ts';
import { RATE_RULES } from '../../rate-limit/rate-limit.ts';
import { cartMoney, email as emailRule, goodsByRate, max, type Currency } from '../../../../schema/rules/index.ts';
import { cartTicketLines, ticketGoodsLine } from '../../services/tickets.ts';
import { unitPrice, type Money } from '../../services/pricing.ts';
import {
  applyVoucher,
  checkVoucher,
  evaluateVouchers,
  removeVoucher,
  voucherAmount,
  voucherMinimum,
  VOUCHER_PROBLEMS,
  VoucherError,
  voucherEmail,
  type VoucherEntry,
  type VoucherProblem,
  type VoucherRow,
} from '../../services/vouchers.ts';

const VoucherKindEnum = builder.enumType('VoucherKind', {
  description: 'AMOUNT: a fixed amount off the goods (in one currency); PERCENT: a share of the goods; FREE_SHIPPING: no delivery price.',
  values: {
    AMOUNT: { description: 'A fixed amount off the goods (`amount`), in the currency it is issued in.' },
    PERCENT: { description: 'A share of the goods (`percent`).' },
    FREE_SHIPPING: { description: 'The delivery costs nothing.' },
  } as const,
});

/** What each VoucherProblem means, for the schema's description of its values. */
const PROBLEM_DESCRIPTIONS: Record<VoucherProblem, string> = {
  NOT_FOUND: 'No voucher has this code.',
  EMAIL_REQUIRED: 'The voucher belongs to an e-mail: send `email`.',
  EMAIL_MISMATCH: 'The voucher was issued for another e-mail.',
  CAPACITY_EXHAUSTED: 'All its uses are gone.',
  ALREADY_ADDED: 'It is in the cart already.',
  EXPIRED: 'Its validity has ended.',
  NOT_YET_VALID: 'Its validity has not begun (see VoucherCheck.validFrom).',
  WRONG_CUSTOMER: 'It was issued for one customer account: only that customer, signed in, can use it.',
  MINIMUM_NOT_MET: 'The goods are worth less than its minimum (see VoucherCheck.minimumOrder).',
  ALREADY_USED: 'Once per customer, and this e-mail has used it.',
  WRONG_CURRENCY: 'A fixed amount in another currency than the cart’s.',
  TOO_MANY_VOUCHERS: 'The cart holds the most vouchers it may (3).',
  NEEDS_CART: 'There are no goods in a cart to apply it to.',
  REMOVE_NEEDS_CART: 'There is no cart to remove it from.',
};

const VoucherProblemEnum = builder.enumType('VoucherProblem', {
  description:
    'Why a voucher cannot be used: NOT_FOUND (no such code), EMAIL_REQUIRED / EMAIL_MISMATCH (the voucher belongs to an ' +
    'e-mail: give it, and it must match), CAPACITY_EXHAUSTED (all its uses are gone), ALREADY_ADDED (it is in the cart), ' +
    'EXPIRED / NOT_YET_VALID (outside its validity window), WRONG_CUSTOMER (issued for another customer account; log in), ' +
    'MINIMUM_NOT_MET (the goods are worth less than its minimum), ALREADY_USED (once per customer, and this e-mail used it), ' +
    'WRONG_CURRENCY (a fixed amount in another currency than the cart), TOO_MANY_VOUCHERS (the cart holds the most it may), ' +
    'NEEDS_CART (put goods in the cart first), REMOVE_NEEDS_CART (removing needs the session to have a cart).',
  values: Object.fromEntries(VOUCHER_PROBLEMS.map((problem) => [problem, { description: PROBLEM_DESCRIPTIONS[problem] }])) as Record<
    VoucherProblem,
    { description: string }
  >,
});

builder.objectType(VoucherError, {
  name: 'VoucherError',
  description: 'A voucher action was refused; `problem` names the rule, `message` says it to the shopper in the request language.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ problem: t.field({ type: VoucherProblemEnum, description: 'Which rule refused it (the code is VOUCHER_ and this).', resolve: (error) => error.problem }) }),
});

type Amount = { amount: number; currency: Currency };

const VoucherAmount = builder.objectRef<Amount>('VoucherAmount').implement({
  description: 'An amount of a voucher rule (its value or its minimum), minor units (haléře, cents) with VAT.',
  fields: (t) => ({
    amount: t.exposeInt('amount', { description: 'The amount in minor units, VAT included.' }),
    currency: t.field({ type: CurrencyEnum, description: 'Its currency.', resolve: (value) => value.currency }),
  }),
});

/** Fields both a cart's voucher and a checked voucher describe; an amount in the cart's currency when the voucher has one there. */
function valueFields(voucher: Pick<VoucherRow, 'kind' | 'value' | 'currency' | 'valueEur'>, currency: Currency) {
  const inCartCurrency = voucherAmount(voucher, currency);
  return {
    percent: voucher.kind === 'PERCENT' ? voucher.value : null,
    amount:
      voucher.kind !== 'AMOUNT' || !voucher.currency
        ? null
        : inCartCurrency !== null
          ? { amount: inCartCurrency, currency }
          : { amount: voucher.value, currency: voucher.currency },
  };
}

type CartVoucherShape = VoucherEntry & { percent: number | null; amount: Amount | null; discount: Money };

const CartVoucherRef = builder.objectRef<CartVoucherShape>('CartVoucher').implement({
  description:
    'A voucher in the cart, judged now. An invalid one (it expired, its uses ran out, the cart fell under its minimum ...) ' +
    'takes nothing off and blocks the order until it is removed.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The voucher’s code, as the shop writes it (upper case).' }),
    kind: t.field({ type: VoucherKindEnum, description: 'What kind of discount it gives.', resolve: (entry) => entry.kind }),
    percent: t.exposeInt('percent', { nullable: true, description: 'For PERCENT vouchers: the share of the goods in percent; null for other kinds.' }),
    amount: t.field({
      type: VoucherAmount,
      nullable: true,
      description:
        'For AMOUNT vouchers: the value in the cart’s currency when the voucher has one there (a crown voucher may name its euro value), ' +
        'else in the currency it is issued in; null for other kinds.',
      resolve: (entry) => entry.amount,
    }),
    discount: t.field({
      type: Price,
      description: 'What it takes off the goods now, VAT split in the proportion of the goods; zero when invalid or free shipping.',
      resolve: (entry) => entry.discount,
    }),
    valid: t.exposeBoolean('valid', { description: 'Whether it applies now; an invalid voucher blocks the order until it is removed.' }),
    problem: t.field({ type: VoucherProblemEnum, nullable: true, description: 'Why it is invalid; null when valid.', resolve: (entry) => entry.problem }),
    message: t.exposeString('message', { nullable: true, description: 'Why it is invalid, in the request language; null when valid.' }),
  }),
});

/** What the vouchers read of a cart. */
const cartVoucherSelect = {
  id: true,
  customerId: true,
  email: true,
  invoiceAddress: true,
  customer: { select: { email: true } },
  lines: { select: { quantity: true, variant: { include: { product: { select: { vatRate: true } } } } } },
} as const;

type CartForVoucherFields = {
  id: string;
  customerId: number | null;
  email: string | null;
  invoiceAddress: Parameters<typeof voucherEmail>[0]['invoiceAddress'];
  customer: { email: string } | null;
  lines: { quantity: number; variant: Parameters<typeof unitPrice>[0] & { product: { vatRate: number } } }[];
};

/** The cart's goods and its vouchers judged now, with the checkout's money split (schema/rules/cart-money.ts). */
async function cartWithVouchers(cart: CartForVoucherFields, ctx: Context) {
  const tickets = await cartTicketLines(ctx.prisma, cart.id, { currency: ctx.currency, language: ctx.language, now: ctx.clock() });
  const lines = [
    ...cart.lines.map((line) => ({
      unitGross: unitPrice(line.variant, ctx.currency, ctx.config.eurRate),
      quantity: line.quantity,
      ratePercent: line.variant.product.vatRate,
    })),
    // held seats count like goods for the vouchers (their rules: minimum value, percent of the cart)
    ...tickets.map(ticketGoodsLine),
  ];
  const goods = goodsByRate(lines).total;
  const evaluation = await evaluateVouchers(
    ctx.prisma,
    { id: cart.id, currency: ctx.currency, customerId: cart.customerId, email: voucherEmail(cart), goodsGross: goods.gross },
    ctx.language,
  );
  return { evaluation, money: cartMoney({ lines, discounts: evaluation.entries.map((entry) => entry.discountGross) }) };
}

builder.prismaObjectField('Cart', 'goodsToPay', (t) =>
  t.field({
    type: Price,
    description: 'What the shopper pays for the goods: the goods less the discount of the valid vouchers (the header shows it); delivery and payment come at checkout.',
    select: cartVoucherSelect,
    resolve: async (cart, _args, ctx): Promise<Money> => {
      const { money: split } = await cartWithVouchers(cart, ctx);
      const [goods, discount] = [split.goods.total, split.discount.total];
      return { currency: ctx.currency, withVat: goods.gross - discount.gross, withoutVat: goods.net - discount.net, vat: goods.vat - discount.vat };
    },
  }),
);

builder.prismaObjectField('Cart', 'vouchers', (t) =>
  t.field({
    type: [CartVoucherRef],
    description: `The vouchers in the cart in the order they were added (at most a few; see applyVoucher).`,
    select: cartVoucherSelect,
    resolve: async (cart, _args, ctx) => {
      const { evaluation, money: split } = await cartWithVouchers(cart, ctx);
      // the checkout's split (schema/rules/cart-money.ts): the vouchers add up to its discount to the haléř
      const { perVoucher } = split.discount;
      return evaluation.entries.map((entry, index): CartVoucherShape => ({
        ...entry,
        ...valueFields(entry, ctx.currency),
        discount: { currency: ctx.currency, withVat: perVoucher[index].gross, withoutVat: perVoucher[index].net, vat: perVoucher[index].vat },
      }));
    },
  }),
);

type CheckShape = { voucher: VoucherRow; problem: VoucherProblem | null; message: string | null; currency: Context['currency'] };

const VoucherCheckRef = builder.objectRef<CheckShape>('VoucherCheck').implement({
  description: 'What a voucher code is worth and on which conditions, and whether it can be put in this cart now.',
  fields: (t) => ({
    code: t.string({ description: 'The voucher’s code, as the shop writes it (upper case).', resolve: (check) => check.voucher.code }),
    kind: t.field({ type: VoucherKindEnum, description: 'What kind of discount it gives.', resolve: (check) => check.voucher.kind }),
    percent: t.int({ nullable: true, description: 'For PERCENT vouchers: the share of the goods in percent; null for other kinds.', resolve: (check) => valueFields(check.voucher, check.currency).percent }),
    amount: t.field({
      type: VoucherAmount,
      nullable: true,
      description: 'For AMOUNT vouchers: the value in the request currency when the voucher has one there, else in the currency it is issued in; null for other kinds.',
      resolve: (check) => valueFields(check.voucher, check.currency).amount,
    }),
    validFrom: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'The first moment it can be used (show it in Europe/Prague time); null: no start.',
      resolve: (check) => check.voucher.validFrom,
    }),
    validUntil: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'The moment it stops being valid (exclusive; show it in Europe/Prague time); null: no end.',
      resolve: (check) => check.voucher.validUntil,
    }),
    minimumOrder: t.field({
      type: VoucherAmount,
      nullable: true,
      description: 'The goods in the cart must be worth at least this (in the cart currency); null: no minimum.',
      resolve: (check) => {
        const minimum = voucherMinimum(check.voucher, check.currency);
        return minimum === null ? null : { amount: minimum, currency: check.currency };
      },
    }),
    oncePerCustomer: t.boolean({ description: 'Each customer (e-mail) may use it in one order only.', resolve: (check) => check.voucher.oncePerCustomer }),
    emailBound: t.boolean({ description: 'Only for the e-mail it was issued to.', resolve: (check) => check.voucher.boundEmail !== null }),
    customerBound: t.boolean({ description: 'Only for one customer account.', resolve: (check) => check.voucher.customerId !== null }),
    remainingUses: t.int({
      nullable: true,
      description: 'How many more orders can use it; null: no limit.',
      resolve: (check) => (check.voucher.capacity === null ? null : Math.max(0, check.voucher.capacity - check.voucher.usedCount)),
    }),
    canApply: t.boolean({ description: 'applyVoucher would put it in this session’s cart now.', resolve: (check) => check.problem === null }),
    applyProblem: t.field({
      type: VoucherProblemEnum,
      nullable: true,
      description: 'Why applyVoucher would refuse it now; null when canApply.',
      resolve: (check) => check.problem,
    }),
    applyMessage: t.string({
      nullable: true,
      description: 'The same reason for the shopper, in the request language; null when canApply.',
      resolve: (check) => check.message,
    }),
  }),
});

function checkEmailArgument(ctx: Context, email: string | null | undefined): string | null {
  const value = email?.trim().toLowerCase() ?? '';
  if (!value) return null;
  validateInput(ctx, { email: value }, { email: [emailRule, max(254)] });
  return value;
}

builder.queryField('checkVoucher', (t) =>
  t.field({
    ...CART_ACCESS,
    type: VoucherCheckRef,
    description:
      'Checks a voucher code: its value, validity window and conditions, and whether it can go into this cart now. ' +
      'A voucher bound to an e-mail needs `email` (it must match); one issued for a customer account needs that customer ' +
      'logged in. Limited per client address.',
    errors: {
      types: [ValidationError, VoucherError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'What the voucher is worth, or why it cannot be checked (an unknown code is a VoucherError NOT_FOUND).' },
    },
    args: {
      code: t.arg.string({ required: true, description: 'The voucher code; case and surrounding spaces do not matter.' }),
      email: t.arg.string({ required: false, description: 'Needed for e-mail-bound vouchers.' }),
      captcha: t.arg.string({
        required: false,
        description: 'A captcha token (VOUCHER_CHECK): needed after 3 checks or applications (applyVoucher) from one address in 10 minutes (ValidationError at the field captcha).',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const email = checkEmailArgument(ctx, args.email);
      await requireCaptchaAfter(ctx, 'voucherCheck', args.captcha, RATE_RULES.voucherCheckWithoutCaptcha);
      return { ...(await checkVoucher(ctx, args.code, email)), currency: ctx.currency };
    },
  }),
);

builder.mutationFields((t) => ({
  applyVoucher: t.prismaField({
    ...CART_ACCESS,
    type: 'Cart',
    description:
      'Puts a voucher into the session’s cart (several may be combined, at most 3). Refused with a VoucherError when a ' +
      'rule is not met; `email` is needed for e-mail-bound vouchers and becomes the cart’s e-mail. Limited per client address.',
    errors: {
      types: [ValidationError, VoucherError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The cart with the voucher, or the error that kept it out.' },
    },
    args: {
      code: t.arg.string({ required: true, description: 'The voucher code; case and surrounding spaces do not matter.' }),
      email: t.arg.string({ required: false, description: 'The shopper’s e-mail, needed for e-mail-bound vouchers (it must match).' }),
      captcha: t.arg.string({
        required: false,
        description: 'A captcha token (VOUCHER_CHECK): needed, as for checkVoucher and on the same count, after 3 checks or applications from one address in 10 minutes.',
      }),
    },
    resolve: async (query, _root, args, ctx) => {
      const email = checkEmailArgument(ctx, args.email);
      // one count and one rule with checkVoucher: applying is guessing codes too
      await requireCaptchaAfter(ctx, 'voucherCheck', args.captcha, RATE_RULES.voucherCheckWithoutCaptcha);
      const cartId = await applyVoucher(ctx, args.code, email);
      return ctx.prisma.cart.findUniqueOrThrow({ ...query, where: { id: cartId } });
    },
  }),
  removeVoucher: t.prismaField({
    ...CART_ACCESS,
    type: 'Cart',
    description: 'Takes a voucher out of the session’s cart (removing one that is not there changes nothing).',
    errors: { types: [ValidationError, VoucherError], directResult: true, union: { description: 'The cart without the voucher, or why not.' } },
    args: { code: t.arg.string({ required: true, description: 'The code of a voucher in the cart.' }) },
    resolve: async (query, _root, args, ctx) => {
      const cartId = await removeVoucher(ctx, args.code);
      return ctx.prisma.cart.findUniqueOrThrow({ ...query, where: { id: cartId } });
    },
  }),
}));
