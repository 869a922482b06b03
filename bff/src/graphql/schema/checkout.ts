// Checkout: delivery and payment methods, the cart's checkout form (Cart.checkout, updateCheckout)
// and placeOrder. The rules and every amount live in services/checkout.ts and services/orders.ts;
// no input here carries a price (requirement S4).
import { builder, CART_ACCESS, PUBLIC_ANSWER } from './builder.ts';
import { localId } from './global-id.ts';
import { CurrencyEnum, pick, Price } from './catalog.ts';
import { ErrorInterface, NotFoundError, TooManyAttemptsError, ValidationError } from './errors.ts';
import { currentCartId } from '../../services/cart.ts';
import { CART_VIEW, cartView } from './cart.ts';
import {
  rememberRevision,
  updateCheckout,
  type AddressData,
  type Checkout,
  type CheckoutTotals,
} from '../../services/checkout.ts';
import { OrderChangedError, placeOrder, type OrderChange } from '../../services/orders.ts';
import { CONFIRMATION_VALID_MINUTES, confirmOrder, requestOrderConfirmation, type ConfirmationRequest } from '../../services/order-confirmations.ts';
import { money, type Money } from '../../services/pricing.ts';
import { surveyOffered } from '../../services/conversions.ts';
import { keepLinkSecret } from '../../services/link-secrets.ts';
import type { Context } from '../context.ts';
import { BANK_TRANSFER_PAYMENT_CODE, convertCzkToEur, PARCEL_POINT_DELIVERY_CODE, storedPhone, SERVICE_VAT_RATE_PERCENT, type VatRecapRow } from '../../../../schema/rules/index.ts';

// ------------------------------------------------------------------ methods

export const PaymentMethodRef = builder.prismaNode('PaymentMethod', {
  id: { field: 'id', description: 'Global id of the payment method: `CheckoutInput.paymentMethodId` takes it.' },
  description: 'A way to pay. Which ones go with a delivery method: DeliveryMethod.paymentMethods; with match tickets only: withoutDelivery.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'bank-transfer, cash-on-delivery or cash-in-store.' }),
    name: t.string({
      description: 'The name to show, in the request language.',
      select: { translations: true },
      resolve: (method, _a, ctx) => pick(method, ctx.language)?.name ?? method.code,
    }),
    description: t.string({
      description: 'A sentence or two for the shopper, in the request language (may be empty).',
      select: { translations: true },
      resolve: (method, _a, ctx) => pick(method, ctx.language)?.description ?? '',
    }),
    price: t.field({
      type: Price,
      description: 'The fee in the request currency (VAT at the standard rate).',
      resolve: (method, _a, ctx) => money(ctx.currency === 'CZK' ? method.priceCzk : method.priceEur, SERVICE_VAT_RATE_PERCENT, ctx.currency),
    }),
    isCashOnDelivery: t.exposeBoolean('isCashOnDelivery', { description: 'Cash on delivery: a CZK total is rounded to whole crowns.' }),
    withoutDelivery: t.exposeBoolean('withoutDelivery', {
      description: 'May pay an order with nothing to deliver: a cart of match tickets only (Checkout.needsDelivery false).',
    }),
    isBankTransfer: t.boolean({
      description: 'The order summary then shows the account, the variable symbol and a QR payment code.',
      resolve: (method) => method.code === BANK_TRANSFER_PAYMENT_CODE,
    }),
  }),
});

export const DeliveryMethodRef = builder.prismaNode('DeliveryMethod', {
  id: { field: 'id', description: 'Global id of the delivery method: `CheckoutInput.deliveryMethodId` takes it.' },
  description: 'A way to get the goods. isPickup: collected at one of the stores (Query.stores), chosen with updateCheckout(storeId).',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'store-pickup, parcel-point, courier ...' }),
    name: t.string({
      description: 'The name to show, in the request language.',
      select: { translations: true },
      resolve: (method, _a, ctx) => pick(method, ctx.language)?.name ?? method.code,
    }),
    description: t.string({
      description: 'A sentence or two for the shopper, in the request language (may be empty).',
      select: { translations: true },
      resolve: (method, _a, ctx) => pick(method, ctx.language)?.description ?? '',
    }),
    isPickup: t.exposeBoolean('isPickup', { description: 'Personal pickup at one of the shop’s stores: the checkout then needs `storeId`.' }),
    needsPickupPoint: t.boolean({
      description: 'Delivered to a carrier’s pick-up point or parcel locker (Query.pickupPoints), chosen with updateCheckout(pickupPointId).',
      resolve: (method) => method.code === PARCEL_POINT_DELIVERY_CODE,
    }),
    price: t.field({
      type: Price,
      description: 'The list price in the request currency (VAT at the standard rate); free over freeFrom.',
      resolve: (method, _a, ctx) => money(ctx.currency === 'CZK' ? method.priceCzk : method.priceEur, SERVICE_VAT_RATE_PERCENT, ctx.currency),
    }),
    freeFrom: t.int({
      nullable: true,
      description: 'Goods (with VAT, minor units of the request currency) from which delivery is free; null: never.',
      resolve: (method, _a, ctx) => {
        if (method.freeFromCzk === null) return null;
        if (ctx.currency === 'CZK') return method.freeFromCzk;
        return method.freeFromEur ?? convertCzkToEur(method.freeFromCzk, ctx.config.eurRate);
      },
    }),
    paymentMethods: t.field({
      type: [PaymentMethodRef],
      description: 'The payment methods offered with this delivery.',
      // read with the delivery methods through their pairs, not one statement per delivery method
      select: (_args, _ctx, nestedSelection) => ({
        payments: {
          where: { paymentMethod: { active: true } },
          orderBy: [{ paymentMethod: { position: 'asc' } }, { paymentMethodId: 'asc' }],
          select: { paymentMethod: nestedSelection(true) },
        },
      }),
      resolve: (method) => method.payments.map((pair) => pair.paymentMethod),
    }),
  }),
});

builder.queryFields((t) => ({
  deliveryMethods: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CART_ACCESS,
    type: ['DeliveryMethod'],
    description: 'The delivery methods on offer, in display order.',
    resolve: (query, _root, _args, ctx) => {
      ctx.tagAnswer('delivery');
      return ctx.prisma.deliveryMethod.findMany({ ...query, where: { active: true }, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    },
  }),
  paymentMethods: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CART_ACCESS,
    type: ['PaymentMethod'],
    description: 'All payment methods on offer; DeliveryMethod.paymentMethods tells which go with a delivery.',
    resolve: (query, _root, _args, ctx) => {
      ctx.tagAnswer('delivery');
      return ctx.prisma.paymentMethod.findMany({ ...query, where: { active: true }, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    },
  }),
}));

// ------------------------------------------------------------------ the cart's checkout

export const PostalAddress = builder.objectRef<AddressData>('PostalAddress').implement({
  description: 'An invoice or delivery address as the cart or the order keeps it. Empty strings for what is not filled in.',
  fields: (t) => ({
    firstName: t.exposeString('firstName', { description: 'First name.' }),
    lastName: t.exposeString('lastName', { description: 'Surname.' }),
    email: t.exposeString('email', { description: 'E-mail (the invoice address’s receives the confirmation; empty on a delivery address).' }),
    phone: t.string({ description: 'Stored as +420777123456 (docs/decisions/0033-one-phone-format.md).', resolve: (address) => storedPhone(address.phone) }),
    street: t.exposeString('street', { description: 'Street and number.' }),
    city: t.exposeString('city', { description: 'Town or city (with its district, e.g. Praha 2).' }),
    postcode: t.exposeString('postcode', { description: 'Shown as "123 45" for CZ and SK.' }),
    country: t.exposeString('country', { description: 'ISO code: CZ or SK.' }),
    company: t.exposeString('company', { description: 'Company name (an invoice address for a company; else empty).' }),
    ico: t.exposeString('ico', { description: 'Company ID (IČO), 8 digits.' }),
    dic: t.exposeString('dic', { description: 'VAT ID (DIČ), e.g. CZ12345678.' }),
    savedAddressId: t.globalID({
      nullable: true,
      description: 'The id of the logged-in customer’s SavedAddress this was copied from; null for an address typed in.',
      resolve: (address) => (address.addressId ? { type: 'SavedAddress', id: address.addressId } : null),
    }),
  }),
});

const VatRecapRowRef = builder.objectRef<VatRecapRow>('VatRecapRow').implement({
  description: 'One VAT rate of the recapitulation: goods less discount, plus delivery and fees at that rate.',
  fields: (t) => ({
    ratePercent: t.exposeFloat('ratePercent', { description: 'The VAT rate in percent (21, 12 …).' }),
    withoutVat: t.int({ description: 'The base without VAT at this rate, minor units.', resolve: (row) => row.net }),
    vat: t.exposeInt('vat', { description: 'The VAT at this rate, minor units.' }),
    withVat: t.int({ description: 'The amount with VAT at this rate, minor units.', resolve: (row) => row.gross }),
  }),
});
export { VatRecapRowRef };

const CheckoutTotalsRef = builder.objectRef<CheckoutTotals>('CheckoutTotals').implement({
  description:
    'Every amount of the order, computed on the server in minor units of `currency`: total.withVat = products.withVat - ' +
    'discount.withVat + shipping.withVat + paymentFee.withVat; totalToPay = total.withVat + rounding.',
  fields: (t) => ({
    currency: t.field({ type: CurrencyEnum, description: 'The currency of every amount here (the request currency).', resolve: (totals) => totals.currency }),
    products: t.field({
      type: Price,
      description: 'The goods before the discount.',
      resolve: (x): Money => ({ currency: x.currency, withVat: x.productsGross, withoutVat: x.productsNet, vat: x.productsGross - x.productsNet }),
    }),
    discount: t.field({
      type: Price,
      description: 'What the vouchers take off the goods (positive), VAT split over the goods’ rates.',
      resolve: (x): Money => ({ currency: x.currency, withVat: x.discountGross, withoutVat: x.discountNet, vat: x.discountGross - x.discountNet }),
    }),
    shipping: t.field({
      type: Price,
      description: 'The delivery price (0 when free or when no delivery is chosen yet).',
      resolve: (x) => money(x.shippingGross, SERVICE_VAT_RATE_PERCENT, x.currency),
    }),
    paymentFee: t.field({
      type: Price,
      description: 'The payment method’s fee (0 when none is chosen yet).',
      resolve: (x) => money(x.paymentGross, SERVICE_VAT_RATE_PERCENT, x.currency),
    }),
    total: t.field({
      type: Price,
      description: 'The order without the cash-on-delivery rounding.',
      resolve: (x): Money => ({ currency: x.currency, withVat: x.totalGross - x.roundingGross, withoutVat: x.totalNet, vat: x.totalVat }),
    }),
    rounding: t.exposeInt('roundingGross', { description: 'Cash on delivery in CZK: what rounds the total to whole crowns, in minor units (−49 to +50 haléřů, outside VAT); 0 otherwise.' }),
    totalToPay: t.exposeInt('totalGross', { description: 'What the shopper pays, in minor units of `currency` with VAT: total.withVat + rounding.' }),
    vatRecap: t.field({ type: [VatRecapRowRef], description: 'The totals by VAT rate, as the invoice shows them.', resolve: (x) => x.recap.byRate }),
    freeShippingFrom: t.exposeInt('freeShippingFrom', {
      nullable: true,
      description: 'The chosen delivery’s free-shipping limit (goods with VAT, minor units); null without a delivery or a limit.',
    }),
    freeShippingRemaining: t.exposeInt('freeShippingRemaining', { description: 'Goods (with VAT, minor units) still missing to free shipping; 0 when free or without a limit.' }),
  }),
});

type Problem = { field: string; message: string };

const CheckoutProblemRef = builder.objectRef<Problem>('CheckoutProblem').implement({
  description: 'What still stops the order, at the form field it belongs to, in the request language.',
  fields: (t) => ({
    field: t.exposeString('field', {
      description: 'deliveryMethod, store, pickupPoint, paymentMethod, invoiceAddress, deliveryAddress, terms or vouchers.',
    }),
    message: t.exposeString('message', { description: 'What to do, for the shopper, in the request language.' }),
  }),
});

const CheckoutRef = builder.objectRef<Checkout>('Checkout').implement({
  description:
    'The cart’s delivery, payment, addresses, consents and totals. Save the form with updateCheckout; place the order ' +
    'with placeOrder(revision) once `problems` is empty.',
  fields: (t) => ({
    deliveryMethod: t.prismaField({
      type: 'DeliveryMethod',
      nullable: true,
      description: 'The chosen delivery; null before one is chosen, and always for a cart of tickets only (needsDelivery false).',
      resolve: (query, checkout, _a, ctx) =>
        checkout.delivery ? ctx.prisma.deliveryMethod.findUnique({ ...query, where: { id: checkout.delivery.id } }) : null,
    }),
    store: t.prismaField({
      type: 'Store',
      nullable: true,
      description: 'The branch for personal pickup (only with a pickup delivery); null until one is chosen.',
      resolve: (query, checkout, _a, ctx) => (checkout.storeId ? ctx.prisma.store.findUnique({ ...query, where: { id: checkout.storeId } }) : null),
    }),
    pickupPoint: t.prismaField({
      type: 'PickupPoint',
      nullable: true,
      description: 'The pick-up point of a pick-up point delivery (DeliveryMethod.needsPickupPoint); null until one is chosen.',
      resolve: (query, checkout, _a, ctx) =>
        checkout.pickupPoint ? ctx.prisma.pickupPoint.findUnique({ ...query, where: { id: checkout.pickupPoint.id } }) : null,
    }),
    paymentMethod: t.prismaField({
      type: 'PaymentMethod',
      nullable: true,
      description: 'The chosen payment; null before one is chosen.',
      resolve: (query, checkout, _a, ctx) =>
        checkout.payment ? ctx.prisma.paymentMethod.findUnique({ ...query, where: { id: checkout.payment.id } }) : null,
    }),
    invoiceAddress: t.field({
      type: PostalAddress,
      nullable: true,
      description: 'The invoice address as saved; null before one is given.',
      resolve: (checkout) => checkout.invoiceAddress,
    }),
    needsDelivery: t.exposeBoolean('needsDelivery', {
      description:
        'False for a cart of match tickets only: they are sent by e-mail, so no delivery method, store, pick-up point or ' +
        'delivery address is chosen (updateCheckout refuses them), shipping is 0, and the payment must be one whose ' +
        'withoutDelivery is true. True for goods, and for goods with tickets.',
    }),
    ticketsPayBy: t.expose('ticketsDeadline', {
      type: 'DateTime',
      nullable: true,
      description:
        'With match tickets: when a bank transfer must be paid by at the latest (the earliest match’s sales end or kick-off less ' +
        'TICKET_PAYMENT_MARGIN_HOURS); the order’s paymentDueAt is this or BANK_TRANSFER_PAYMENT_DAYS, whichever is sooner. Null without tickets.',
    }),
    bankTransferUnavailable: t.exposeString('bankTransferUnavailable', {
      nullable: true,
      description:
        'Why bank transfer is not offered for this cart’s tickets (fewer than TICKET_BANK_TRANSFER_MIN_HOURS left to pay), in the ' +
        'request language; choosing it is then a problem. Null when it is offered.',
    }),
    forCompany: t.exposeBoolean('forCompany', { description: 'The invoice address is a company’s (company name and IČO given).' }),
    deliverySameAsInvoice: t.exposeBoolean('deliverySameAsInvoice', { description: 'The goods go to the invoice address (deliveryAddress is then not used).' }),
    deliveryAddress: t.field({
      type: PostalAddress,
      nullable: true,
      description: 'A separate delivery address; null when none is given.',
      resolve: (checkout) => checkout.deliveryAddress,
    }),
    note: t.exposeString('note', { description: 'The shopper’s note to the order (may be empty).' }),
    newsletter: t.exposeBoolean('newsletter', { description: 'The shopper asked for the newsletter with this order.' }),
    surveyOptOut: t.exposeBoolean('surveyOptOut', {
      description: 'The shopper refused the satisfaction questionnaire of Heureka’s "Ověřeno zákazníky" (and Zboží.cz’s): nothing is sent for this order.',
    }),
    surveyOffered: t.boolean({
      description: 'Whether the checkout shows the unticked opt-out of the satisfaction questionnaire (HEUREKA_VERIFIED_KEY or Zboží’s keys are set).',
      resolve: (_checkout, _a, ctx) => surveyOffered(ctx.config),
    }),
    reviewRequestOptOut: t.exposeBoolean('reviewRequestOptOut', {
      description: 'The shopper does not want the e-mail asking for reviews some days after delivery.',
    }),
    termsAccepted: t.exposeBoolean('termsAccepted', { description: 'The shopper agreed with the terms and conditions; the order needs it.' }),
    totals: t.field({ type: CheckoutTotalsRef, description: 'Every amount of the order as it stands now.', resolve: (checkout) => checkout.totals }),
    problems: t.field({
      type: [CheckoutProblemRef],
      description: 'What still stops the order; empty when it can be placed.',
      resolve: (checkout) => checkout.problems,
    }),
    canPlaceOrder: t.boolean({
      description: 'No problems, goods or held seats in the cart and all the goods in stock: "Koupit a zaplatit" may be sent.',
      resolve: (checkout) =>
        checkout.problems.length === 0 &&
        (checkout.lines.length > 0 || checkout.tickets.length > 0) &&
        checkout.lines.every((line) => line.quantity <= line.stock),
    }),
    revision: t.string({
      description:
        'Sums up what this checkout shows (lines, prices, methods, vouchers, total). Send it to placeOrder: if anything ' +
        'changed meanwhile, the order is refused with an OrderChangedError that lists the changes.',
      resolve: async (checkout, _a, ctx) => {
        await rememberRevision(ctx.prisma, checkout);
        return checkout.revision;
      },
    }),
  }),
});

builder.prismaObjectField('Cart', 'checkout', (t) =>
  t.field({
    type: CheckoutRef,
    description: 'Delivery, payment, addresses and the totals to pay.',
    ...CART_VIEW,
    resolve: (cart, _a, ctx) => cartView(cart, ctx),
  }),
);

// ------------------------------------------------------------------ saving the form

const AddressInputRef = builder.inputType('AddressInput', {
  description: 'An address typed in at checkout. Filled-in values are checked (e-mail, phone, postcode, IČO, DIČ).',
  fields: (t) => ({
    firstName: t.string({ description: 'First name (required).' }),
    lastName: t.string({ description: 'Surname (required).' }),
    email: t.string({ description: 'Invoice address only: where the confirmation goes.' }),
    phone: t.string({ description: 'A Czech or Slovak number: 9 digits, +420/00420 or +421/00421 before them optional, spaces, dashes and brackets allowed; stored as +420777123456.' }),
    street: t.string({ description: 'Street and number.' }),
    city: t.string({ description: 'Town or city (required).' }),
    postcode: t.string({ description: '5 digits for CZ and SK, with or without the space.' }),
    country: t.string({ description: 'CZ or SK.' }),
    company: t.string({ description: 'Invoice address with forCompany only.' }),
    ico: t.string({ description: 'Company ID (IČO); required with forCompany.' }),
    dic: t.string({ description: 'VAT ID (DIČ), for VAT payers.' }),
  }),
});

const CheckoutInputRef = builder.inputType('CheckoutInput', {
  description: 'Checkout choices to save; a field left out keeps its value, null clears it. No amounts: the server prices everything.',
  fields: (t) => ({
    deliveryMethodId: t.globalID({ description: 'A DeliveryMethod’s id; refused for a cart of tickets only (Checkout.needsDelivery).' }),
    storeId: t.globalID({ description: 'The branch for personal pickup (Query.stores).' }),
    pickupPointId: t.globalID({ description: 'The pick-up point of a pick-up point delivery (Query.pickupPoints); it must take parcels.' }),
    paymentMethodId: t.globalID({
      description: 'Must be one of the delivery method’s paymentMethods, or for tickets only one withoutDelivery (else a problem is shown).',
    }),
    forCompany: t.boolean({ description: 'The "ordering for a company" switch; false drops company, IČO and DIČ.' }),
    invoiceAddress: t.field({ type: AddressInputRef, description: 'The invoice address, typed in.' }),
    invoiceAddressId: t.globalID({ description: 'A saved address of the logged-in customer, used as the invoice address.' }),
    deliverySameAsInvoice: t.boolean({ description: '"Stejná jako fakturační" / "Same as invoice address".' }),
    deliveryAddress: t.field({ type: AddressInputRef, description: 'A separate delivery address, typed in (with deliverySameAsInvoice false).' }),
    deliveryAddressId: t.globalID({ description: 'A saved address of the logged-in customer, used as the delivery address.' }),
    note: t.string({ description: 'A note to the order, plain text.' }),
    newsletter: t.boolean({ description: 'The shopper asks for the newsletter with this order.' }),
    surveyOptOut: t.boolean({ description: '"Nesouhlasím se zasláním dotazníku spokojenosti v rámci programu Ověřeno zákazníky": true sends nothing for the order.' }),
    reviewRequestOptOut: t.boolean({ description: 'No e-mail asking for reviews of this order’s goods (unticked: one e-mail some days after delivery).' }),
    termsAccepted: t.boolean({ description: 'Agreement with the terms and conditions (/info/1/obchodni-podminky).' }),
  }),
});

const OrderChangeKindEnum = builder.enumType('OrderChangeKind', {
  description: 'What kind of change an OrderChange is.',
  values: {
    PRICE: { description: 'A product’s price changed (previous and current: unit price, minor units).' },
    QUANTITY: { description: 'A line’s quantity changed (pieces).' },
    STOCK: { description: 'Fewer pieces are in stock than the line asks (previous: asked, current: available).' },
    LINE_REMOVED: { description: 'A line is no longer in the cart.' },
    LINE_ADDED: { description: 'A line was added to the cart.' },
    DELIVERY: { description: 'The delivery’s price changed or it is no longer offered (minor units).' },
    PAYMENT: { description: 'The payment’s fee changed or it is no longer offered (minor units).' },
    VOUCHER: { description: 'A voucher stopped being valid, or its discount changed (minor units).' },
    TOTAL: { description: 'The total to pay changed (minor units).' },
    REVIEW: { description: 'The revision is unknown (too old): read the checkout again and confirm its totals.' },
  } as const,
});

const OrderChangeRef = builder.objectRef<OrderChange>('OrderChange').implement({
  description: 'One thing that changed since the shopper last saw the checkout.',
  fields: (t) => ({
    kind: t.field({ type: OrderChangeKindEnum, description: 'What changed.', resolve: (change) => change.kind }),
    subject: t.exposeString('subject', { description: 'The product, method or voucher code concerned.' }),
    message: t.exposeString('message', { description: 'The change told to the shopper, in the request language.' }),
    previous: t.exposeInt('previous', {
      nullable: true,
      description: 'Before: minor units (PRICE, DELIVERY, PAYMENT, VOUCHER, TOTAL) or pieces (QUANTITY, STOCK, LINE_REMOVED); null for LINE_ADDED and REVIEW.',
    }),
    current: t.exposeInt('current', {
      nullable: true,
      description:
        'Now: minor units (PRICE, DELIVERY, PAYMENT, VOUCHER, TOTAL) or pieces (QUANTITY, STOCK: available, LINE_ADDED); ' +
        'null for LINE_REMOVED, a delivery or payment no longer offered, and REVIEW.',
    }),
  }),
});

builder.objectType(OrderChangedError, {
  name: 'OrderChangedError',
  description:
    'The order was not placed: something changed since the shopper last saw the checkout. Show the changes and the ' +
    'cart’s new totals; submitting again with cart.checkout.revision accepts them.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    changes: t.field({ type: [OrderChangeRef], description: 'What changed, at least one.', resolve: (error) => error.changes }),
    cart: t.prismaField({
      type: 'Cart',
      description: 'The cart as it is now: show its checkout and send its new revision.',
      resolve: (query, error, _a, ctx) => ctx.prisma.cart.findUniqueOrThrow({ ...query, where: { id: error.cartId } }),
    }),
  }),
});

const PlaceOrderInputRef = builder.inputType('PlaceOrderInput', {
  description: 'What placing the order needs besides the cart: the revision the shopper confirmed.',
  fields: (t) => ({
    revision: t.string({ required: true, description: 'Cart.checkout.revision as the shopper saw it.' }),
    captcha: t.string({
      description:
        'A captcha token (PLACE_ORDER): needed after the first order from one address in an hour (ValidationError at the field captcha).',
    }),
  }),
});

const OrderConfirmationRequestRef = builder.objectRef<ConfirmationRequest>('OrderConfirmationRequest').implement({
  description: 'A link that confirms the order was sent to its e-mail; the goods are held until it is used or expires.',
  fields: (t) => ({
    email: t.exposeString('email', { description: 'Where the link was sent: the invoice address’s e-mail.' }),
    validMinutes: t.int({ description: 'How long the link works and the goods are held.', resolve: () => CONFIRMATION_VALID_MINUTES }),
  }),
});

/**
 * A browser session remembers the order it placed, and its summary link's secret: the thank-you page
 * (no secret in its address) shows it and links the summary at its address without the hash.
 */
async function rememberPlacedOrder(ctx: Context, orderId: number): Promise<void> {
  if (ctx.partner !== null || ctx.accessTokenId !== undefined) return;
  const { hash } = await ctx.prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { hash: true } });
  ctx.session.placedOrderId = orderId;
  keepLinkSecret(ctx.session, 'orderSummary', String(orderId), hash);
}

builder.mutationFields((t) => ({
  updateCheckout: t.prismaField({
    ...CART_ACCESS,
    type: 'Cart',
    description: 'Saves checkout choices to the session’s cart. Missing choices are not errors here: see Cart.checkout.problems.',
    errors: {
      types: [ValidationError, NotFoundError],
      directResult: true,
      union: { description: 'The cart with the saved checkout, or the error that saved nothing (VALIDATION with field errors, NOT_FOUND for an id).' },
    },
    args: { input: t.arg({ type: CheckoutInputRef, required: true, description: 'The choices to save.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      const cartId = await updateCheckout(ctx, await currentCartId(ctx), {
        ...input,
        deliveryMethodId: localId(input.deliveryMethodId, 'DeliveryMethod', ctx),
        storeId: localId(input.storeId, 'Store', ctx),
        pickupPointId: localId(input.pickupPointId, 'PickupPoint', ctx),
        paymentMethodId: localId(input.paymentMethodId, 'PaymentMethod', ctx),
        invoiceAddressId: localId(input.invoiceAddressId, 'SavedAddress', ctx),
        deliveryAddressId: localId(input.deliveryAddressId, 'SavedAddress', ctx),
      });
      return ctx.prisma.cart.findUniqueOrThrow({ ...query, where: { id: cartId } });
    },
  }),
  placeOrder: t.prismaField({
    ...CART_ACCESS,
    type: 'Order',
    description:
      '"Koupit a zaplatit": places the session cart’s order. Everything is priced again on the server; if it differs from ' +
      '`revision` the answer is an OrderChangedError and nothing is written. Idempotent: the same cart always answers ' +
      'with the same order (a double click, two tabs, a retried request). ValidationError lists Cart.checkout.problems, ' +
      'or asks for a captcha (field captcha). Limited per client address, session and e-mail (TooManyAttemptsError).',
    errors: {
      types: [OrderChangedError, ValidationError, NotFoundError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The placed order, or why nothing was ordered.' },
    },
    args: { input: t.arg({ type: PlaceOrderInputRef, required: true, description: 'The revision the shopper confirmed (and a captcha when asked for).' }) },
    resolve: async (query, _root, { input }, ctx) => {
      const orderId = await placeOrder(ctx, input.revision, input.captcha);
      const order = await ctx.prisma.order.findUniqueOrThrow({ ...query, where: { id: orderId } });
      await rememberPlacedOrder(ctx, orderId);
      return order;
    },
  }),
  requestOrderConfirmation: t.field({
    ...CART_ACCESS,
    type: OrderConfirmationRequestRef,
    description:
      'The way without a captcha (a checkout without JavaScript): instead of placing the order, holds the session cart’s goods ' +
      'and sends a link that places it to the order’s e-mail (confirmOrder). Checked as placeOrder checks; a new request ' +
      'for the same cart replaces the earlier link. Limited per client address and e-mail (TooManyAttemptsError).',
    errors: {
      types: [OrderChangedError, ValidationError, NotFoundError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'Where the link went, or why nothing was held or sent.' },
    },
    args: { input: t.arg({ type: PlaceOrderInputRef, required: true, description: 'The revision the shopper confirmed (captcha is not used).' }) },
    resolve: (_root, { input }, ctx) => requestOrderConfirmation(ctx, input.revision),
  }),
  confirmOrder: t.prismaField({
    type: 'Order',
    description:
      'The link of requestOrderConfirmation: places the order of its cart as placeOrder does, without a captcha. Works once; ' +
      'a used, expired or unknown link is a NotFoundError and places nothing.',
    errors: {
      types: [OrderChangedError, ValidationError, NotFoundError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The placed order, or why nothing was ordered.' },
    },
    args: { token: t.arg.string({ required: true, description: 'The token of the e-mail’s link.' }) },
    resolve: async (query, _root, { token }, ctx) => {
      const orderId = await confirmOrder(ctx, token);
      return ctx.prisma.order.findUniqueOrThrow({ ...query, where: { id: orderId } });
    },
  }),
}));
