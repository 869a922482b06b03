// Orders: what placeOrder answers with and what order(id, hash) reads back for the summary page.
// An order is reachable only through those two fields: the guest summary link's hash is the key
// (requirement S5); a wrong hash answers exactly like a missing order.
import { builder, CART_ACCESS, PERSONAL_ANSWER } from './builder.ts';
import type { Locale } from '../../../../schema/rules/locale.ts';
import { CurrencyEnum, LanguageEnum, Price } from './catalog.ts';
import { PostalAddress, VatRecapRowRef } from './checkout.ts';
import { money, type Money } from '../../services/pricing.ts';
import { readAddress } from '../../services/checkout.ts';
import { orderIdByHash } from '../../services/orders.ts';
import { orderSpayd, qrSvg } from '../../services/qr.ts';
import { invoiceIsdocPath } from '../../http/invoice.ts';
import { href } from '../../../../schema/routes.ts';
import { discountFromTotals, paymentWay, storedPhone, SERVICE_VAT_RATE_PERCENT, type Currency, type VatRecapRow } from '../../../../schema/rules/index.ts';
import { supplierBankAccount } from '../../../../schema/rules/supplier.ts';

const PaymentWayEnum = builder.enumType('PaymentWay', {
  description: 'How the order is paid: only BANK_TRANSFER has bank details and a QR code; CASH_ON_DELIVERY is paid to the courier, IN_STORE at the store.',
  values: {
    BANK_TRANSFER: { description: 'Paid to the shop’s account with the variable symbol, by paymentDueAt.' },
    CASH_ON_DELIVERY: { description: 'Paid to the courier or at the pick-up point on delivery.' },
    IN_STORE: { description: 'Paid at the store on pickup.' },
    OTHER: { description: 'Another way the shop may add; treat it as “see the order summary”.' },
  } as const,
});

export const OrderStatusEnum = builder.enumType('OrderStatus', {
  description: 'Where an order is in its life.',
  values: {
    NEW: { description: 'Placed, not yet paid or processed.' },
    PAID: { description: 'The payment has arrived.' },
    PROCESSING: { description: 'The shop is packing it.' },
    SHIPPED: { description: 'Handed to the carrier.' },
    READY_FOR_PICKUP: { description: 'Waiting at the store or pick-up point.' },
    DELIVERED: { description: 'The customer has it.' },
    PICKED_UP: { description: 'The customer collected it at the store.' },
    CANCELLED: { description: 'Cancelled (a bank transfer not paid by its due date, by the customer, by the shop); its goods went back on sale.' },
  } as const,
});

type OrderCharge = { code: string; name: string; price: Money };

type Names = { translations: { language: string; name: string }[] } | null;

/**
 * A name the order keeps in its own language (order line, delivery, payment), in the viewer's. The
 * invoice and the e-mail stay in the order's language and read the snapshot; so does a viewer of that
 * language, who sees exactly what was ordered. Another language takes the catalog's current name, and
 * the snapshot still when the product or method is gone (or has no such translation).
 */
function inViewerLanguage(snapshot: string, orderLanguage: Locale, catalog: Names, viewer: Locale): string {
  if (viewer === orderLanguage || !catalog) return snapshot;
  return catalog.translations.find((row) => row.language === viewer)?.name ?? snapshot;
}

const NAMES = { select: { translations: { select: { language: true, name: true } } } } as const;

const OrderChargeRef = builder.objectRef<OrderCharge>('OrderCharge').implement({
  description: 'The delivery or payment of an order: its name in the request’s language, its price as it was when the order was placed.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The method’s code (DeliveryMethod.code or PaymentMethod.code).' }),
    name: t.exposeString('name', { description: 'The method’s name, in the request language.' }),
    price: t.field({ type: Price, description: 'What it cost in this order.', resolve: (charge) => charge.price }),
  }),
});

builder.prismaNode('OrderLine', {
  description: 'One product of a placed order, as it was ordered (prices of that moment).',
  id: { field: 'id', description: 'Global id of the order line.' },
  fields: (t) => ({
    name: t.string({
      description: 'The product’s name in the request’s language (as it was placed, in the order’s language).',
      select: { order: { select: { language: true } }, variant: { select: { product: NAMES } } },
      resolve: (line, _a, ctx) => inViewerLanguage(line.name, line.order.language, line.variant?.product ?? null, ctx.language),
    }),
    productCode: t.exposeString('productCode', { description: 'Product.code as ordered.' }),
    variantCode: t.exposeString('variantCode', { description: 'Variant.code (SKU) as ordered.' }),
    size: t.exposeString('size', { nullable: true, description: 'The size as ordered; null for a product without sizes.' }),
    colour: t.string({
      nullable: true,
      description: 'The colour’s name in the request’s language (as it was placed, in the order’s language); null for a product in one colour.',
      select: { order: { select: { language: true } }, variant: { select: { colour: NAMES } } },
      resolve: (line, _a, ctx) => (line.colour === null ? null : inViewerLanguage(line.colour, line.order.language, line.variant?.colour ?? null, ctx.language)),
    }),
    quantity: t.exposeInt('quantity', { description: 'Pieces ordered.' }),
    vatRate: t.exposeInt('vatRate', { description: 'The VAT rate in percent.' }),
    unitPrice: t.field({
      type: Price,
      description: 'The price of one piece when the order was placed, in the order’s currency.',
      select: { order: { select: { currency: true } } },
      resolve: (line) => ({ currency: line.order.currency, withVat: line.unitPriceGross, withoutVat: line.unitPriceNet, vat: line.unitPriceGross - line.unitPriceNet }),
    }),
    totalPrice: t.field({
      type: Price,
      description: 'unitPrice × quantity, in the order’s currency.',
      select: { order: { select: { currency: true } } },
      resolve: (line) => ({ currency: line.order.currency, withVat: line.totalGross, withoutVat: line.totalNet, vat: line.totalGross - line.totalNet }),
    }),
  }),
});

function readRecap(value: unknown): VatRecapRow[] {
  if (!Array.isArray(value)) return [];
  return value.map((row: Record<string, unknown>) => ({
    ratePercent: Number(row.ratePercent),
    gross: Number(row.gross),
    net: Number(row.net),
    vat: Number(row.vat),
  }));
}

type OrderAmounts = {
  currency: Currency;
  productsNet: number;
  productsGross: number;
  discountGross: number;
  deliveryPrice: number;
  paymentPrice: number;
  roundingGross: number;
  totalNet: number;
  totalVat: number;
  totalGross: number;
};

const amountsSelect = {
  currency: true,
  productsNet: true,
  productsGross: true,
  discountGross: true,
  deliveryPrice: true,
  paymentPrice: true,
  roundingGross: true,
  totalNet: true,
  totalVat: true,
  totalGross: true,
} as const;

/** The discount without VAT: what the recap's net lacks against goods, delivery and fee (schema/rules/cart-money.ts). */
function discount(order: OrderAmounts): Money {
  const split = discountFromTotals({
    discountGross: order.discountGross,
    goodsNet: order.productsNet,
    charges: [
      { grossMinor: order.deliveryPrice, ratePercent: SERVICE_VAT_RATE_PERCENT },
      { grossMinor: order.paymentPrice, ratePercent: SERVICE_VAT_RATE_PERCENT },
    ],
    totalNet: order.totalNet,
  });
  return { currency: order.currency, withVat: split.gross, withoutVat: split.net, vat: split.vat };
}

const isBankTransfer = (order: { paymentCode: string }) => paymentWay(order.paymentCode) === 'BANK_TRANSFER';
/** A bank-transfer order still waiting for its money: the QR code is offered only then, so nobody pays twice. */
const awaitsTransfer = (order: { paymentCode: string; status: string }) => isBankTransfer(order) && order.status === 'NEW';

export const OrderRef = builder.prismaNode('Order', {
  id: { field: 'id', description: 'Global id of the order (databaseId is the number the links use).' },
  description:
    'A placed order. The five totals of the summary: products.withoutVat, products.withVat, total.withoutVat, ' +
    'totalToPay and discount.withVat; amounts in minor units of `currency`.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The number in the summary link’s address (/objednavka/shrnuti/{databaseId}/{hash}).' }),
    number: t.exposeString('number', { description: 'YYYY + 6 digits, sequential per year, e.g. 2026000123.' }),
    hash: t.exposeString('hash', { description: 'The secret of the summary link (/objednavka/shrnuti/{id}/{hash}); keep it private.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was placed.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed (its state, payment or anything else).' }),
    status: t.field({ type: OrderStatusEnum, description: 'Where the order is now.', resolve: (order) => order.status }),
    currency: t.field({ type: CurrencyEnum, description: 'The currency of every amount of the order.', resolve: (order) => order.currency }),
    language: t.field({ type: LanguageEnum, description: 'The language it was placed in: its e-mails, invoice and summary link use it.', resolve: (order) => order.language }),
    email: t.exposeString('email', { description: 'The invoice e-mail: where the confirmation and the invoice went.' }),
    phone: t.string({ nullable: true, description: 'The invoice phone, stored as +420777123456; null when the order has none (an anonymised order).', resolve: (order) => storedPhone(order.phone) || null }),
    note: t.exposeString('note', { description: 'The shopper’s note to the order (may be empty).' }),
    delivery: t.field({
      type: OrderChargeRef,
      description:
        'Its name in the request’s language; the price as placed. An order of match tickets only has nothing delivered: ' +
        'code and name are empty and the price 0.',
      select: { deliveryMethod: NAMES },
      resolve: (order, _a, ctx) => ({
        code: order.deliveryCode,
        name: inViewerLanguage(order.deliveryName, order.language, order.deliveryMethod, ctx.language),
        price: money(order.deliveryPrice, SERVICE_VAT_RATE_PERCENT, order.currency),
      }),
    }),
    payment: t.field({
      type: OrderChargeRef,
      description: 'Its name in the request’s language; the price as placed.',
      select: { paymentMethod: NAMES },
      resolve: (order, _a, ctx) => ({
        code: order.paymentCode,
        name: inViewerLanguage(order.paymentName, order.language, order.paymentMethod, ctx.language),
        price: money(order.paymentPrice, SERVICE_VAT_RATE_PERCENT, order.currency),
      }),
    }),
    store: t.relation('store', { nullable: true, description: 'The branch for personal pickup; null for other deliveries.' }),
    invoiceAddress: t.field({ type: PostalAddress, description: 'The invoice address as placed.', resolve: (order) => readAddress(order.invoiceAddress)! }),
    deliveryAddress: t.field({
      type: PostalAddress,
      nullable: true,
      description: 'Null for personal pickup and for an order of match tickets only.',
      resolve: (order) => readAddress(order.deliveryAddress),
    }),
    lines: t.relation('lines', { description: 'The products ordered.', query: { orderBy: { id: 'asc' } } }),
    products: t.field({
      type: Price,
      description: 'The goods before the discount.',
      resolve: (order): Money => ({ currency: order.currency, withVat: order.productsGross, withoutVat: order.productsNet, vat: order.productsGross - order.productsNet }),
    }),
    discount: t.field({ type: Price, description: 'What the vouchers took off the goods (positive).', select: amountsSelect, resolve: (order) => discount(order) }),
    total: t.field({
      type: Price,
      description: 'Goods less discount plus delivery and payment fee, without the cash-on-delivery rounding.',
      resolve: (order): Money => ({ currency: order.currency, withVat: order.totalGross - order.roundingGross, withoutVat: order.totalNet, vat: order.totalVat }),
    }),
    rounding: t.exposeInt('roundingGross', { description: 'Cash on delivery in CZK: what rounds the total to whole crowns, in minor units (−49 to +50 haléřů, outside VAT); 0 otherwise.' }),
    totalToPay: t.exposeInt('totalGross', { description: 'What the customer pays, in minor units of `currency` with VAT: total.withVat + rounding.' }),
    vatRecap: t.field({ type: [VatRecapRowRef], description: 'The totals by VAT rate, as on the invoice.', resolve: (order) => readRecap(order.vatRecap) }),
    variableSymbol: t.exposeString('variableSymbol', { description: 'The variable symbol (the payment’s reference) of a bank transfer: the order number.' }),
    paymentDueAt: t.expose('paymentDueAt', {
      type: 'DateTime',
      nullable: true,
      description: 'A bank-transfer order must be paid by then (show it in Europe/Prague time), or it is cancelled; null for other payments.',
    }),
    paidOn: t.string({
      nullable: true,
      description: 'The day the payment arrived (YYYY-MM-DD, the bank’s date), once the shop has recorded it (status PAID); null until then.',
      select: { payment: { select: { paidOn: true } } },
      resolve: (order) => order.payment?.paidOn.toISOString().slice(0, 10) ?? null,
    }),
    paymentWay: t.field({
      type: PaymentWayEnum,
      description: 'How the order is paid (what its summary tells the shopper to do).',
      resolve: (order) => paymentWay(order.paymentCode),
    }),
    accountNumber: t.string({
      nullable: true,
      description: 'The shop’s account for the order’s currency (Czech format), for a bank transfer order; null for other payments.',
      resolve: (order) => (isBankTransfer(order) ? supplierBankAccount(order.currency).accountNumber : null),
    }),
    iban: t.string({
      nullable: true,
      description: 'The shop’s IBAN for a bank transfer order; null for other payments.',
      resolve: (order) => (isBankTransfer(order) ? supplierBankAccount(order.currency).iban : null),
    }),
    vouchers: t.stringList({
      description: 'The codes of the vouchers the order used, in the order they were recorded.',
      select: { voucherUses: { select: { voucher: { select: { code: true } } }, orderBy: { id: 'asc' } } },
      resolve: (order) => order.voucherUses.map((use) => use.voucher.code),
    }),
    qrPayment: t.string({
      nullable: true,
      description: 'QR Platba (SPAYD) for a bank transfer order still to be paid; null for other payments and once the order is paid or cancelled.',
      resolve: (order) => (awaitsTransfer(order) ? orderSpayd(order) : null),
    }),
    qrSvg: t.string({
      nullable: true,
      description: 'The QR payment code as an SVG document, for a bank transfer order still to be paid; null for other payments and once the order is paid or cancelled.',
      resolve: (order) => (awaitsTransfer(order) ? qrSvg(orderSpayd(order)) : null),
    }),
    summaryUrl: t.string({
      description: 'The summary page, in the order’s language.',
      resolve: (order) => href('orderSummary', order.language, { id: order.id, hash: order.hash }),
    }),
    invoiceUrl: t.string({
      description: 'The invoice PDF (faktura – daňový doklad), in the order’s language.',
      resolve: (order) =>
        order.language === 'en' ? `/en/order/invoice/${order.id}/${order.hash}.pdf` : `/objednavka/faktura/${order.id}/${order.hash}.pdf`,
    }),
    invoiceIsdocUrl: t.string({
      description: 'The same invoice as ISDOC XML (the Czech e-invoice accounting programs import), in the order’s language.',
      resolve: (order) => invoiceIsdocPath(order.language, order.id, order.hash),
    }),
  }),
});

builder.queryField('order', (t) =>
  t.prismaField({
    ...PERSONAL_ANSWER,
    ...CART_ACCESS,
    type: 'Order',
    nullable: true,
    description: 'An order by the databaseId and the secret hash of its summary link (/objednavka/shrnuti/{databaseId}/{hash}); null when either does not match.',
    args: {
      databaseId: t.arg.int({ required: true, description: 'Order.databaseId.' }),
      hash: t.arg.string({ required: true, description: 'Order.hash, the secret of the summary link.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const id = await orderIdByHash(ctx.prisma, String(args.databaseId), args.hash);
      return id === null ? null : ctx.prisma.order.findUnique({ ...query, where: { id } });
    },
  }),
);
