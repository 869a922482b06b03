// Checkout: the cart's delivery, payment, addresses and consents, and every amount the shopper pays.
//
// Amounts are computed here only, from the database (house rule 3): the goods at today's prices,
// the vouchers' discount, shipping (free over the method's limit or with a free-shipping voucher),
// the payment fee, cash-on-delivery rounding to whole crowns, and the VAT recapitulation per rate.
// What the shopper was shown is summed up in a snapshot whose hash is the cart's `revision`;
// placeOrder (services/orders.ts) gets that revision back, recomputes everything in its own
// transaction and refuses with a line-by-line report when the two differ.
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { Prisma, type Currency, type Language } from '../generated/prisma/client.ts';
import { formatMessage, message } from '../i18n/messages.ts';
import {
  addressFormSchema,
  BANK_TRANSFER_PAYMENT_CODE,
  cartMoney,
  type CartMoney,
  checkoutMessage,
  checkoutProblems,
  companyFormSchema,
  convertCzkToEur,
  deliveryAddressFormSchema,
  formatDateTime,
  goodsByRate,
  lineGross,
  normalizeDic,
  normalizeIco,
  normalizePostcode,
  storedPhone,
  noteRules,
  PARCEL_POINT_DELIVERY_CODE,
  SERVICE_VAT_RATE_PERCENT,
  validateForm,
  type AddressValues,
  type FormSchema,
  type VatRecap,
} from '../../../schema/rules/index.ts';
import { evaluateVouchers, voucherEmail, type CartForVouchers, type VoucherEvaluation } from './vouchers.ts';
import { NotFoundError, ValidationError, type FieldError } from './errors.ts';
import { unitPrice } from './pricing.ts';
import { databaseId } from './database-id.ts';
import { MalformedColumnError, reader, type Reader } from './json-columns.ts';
import { bankTransferTooLate, cartTicketLines, ticketGoodsLine, ticketsPayBy, type Clock, type TicketLine, type TicketPaymentRules } from './tickets.ts';
import type { Config } from '../config.ts';

type Tx = Prisma.TransactionClient;
export type CheckoutDb = Db | Tx;

/** What checkout needs of a request (the GraphQL context provides it). */
export type CheckoutContext = {
  prisma: Db;
  language: Language;
  currency: Currency;
  customerId: number | null;
  session: { cartId?: string };
  config: Pick<Config, 'eurRate' | 'ticketPaymentMarginHours' | 'ticketBankTransferMinHours'>;
  /** The clock of seat holds and ticket payment deadlines. */
  clock: Clock;
};

/** The settings that bound paying for tickets by bank transfer. */
export function ticketPaymentRules(config: Pick<Config, 'ticketPaymentMarginHours' | 'ticketBankTransferMinHours'>): TicketPaymentRules {
  return { marginHours: config.ticketPaymentMarginHours, bankTransferMinHours: config.ticketBankTransferMinHours };
}

// ------------------------------------------------------------------ loading

export const checkoutCartInclude = {
  lines: {
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: {
      variant: {
        include: {
          product: { select: { code: true, vatRate: true, published: true, translations: { select: { language: true, name: true } } } },
          colour: { select: { translations: { select: { language: true, name: true } } } },
        },
      },
    },
  },
  deliveryMethod: { include: { translations: true, payments: { select: { paymentMethodId: true } } } },
  paymentMethod: { include: { translations: true } },
  pickupPoint: true,
  // the vouchers are judged with the customer's e-mail before the order gives one (voucherEmail)
  customer: { select: { email: true } },
} as const satisfies Prisma.CartInclude;

export type CheckoutCart = Prisma.CartGetPayload<{ include: typeof checkoutCartInclude }>;

/** What the checkout is computed from: the cart as placeOrder loads it, or as the cart view reads it (services/cart-view.ts). */
export type CheckoutCartData = Pick<
  CheckoutCart,
  | 'id'
  | 'customerId'
  | 'email'
  | 'invoiceAddress'
  | 'deliveryAddress'
  | 'deliverySameAsInvoice'
  | 'note'
  | 'newsletter'
  | 'surveyOptOut'
  | 'reviewRequestOptOut'
  | 'termsAccepted'
  | 'storeId'
  | 'lines'
  | 'deliveryMethod'
  | 'paymentMethod'
  | 'pickupPoint'
  | 'customer'
>;

/** The columns of the cart the checkout reads besides its relations (the cart view selects them). */
export const checkoutCartColumns = {
  id: true,
  customerId: true,
  email: true,
  invoiceAddress: true,
  deliveryAddress: true,
  deliverySameAsInvoice: true,
  note: true,
  newsletter: true,
  surveyOptOut: true,
  reviewRequestOptOut: true,
  termsAccepted: true,
  storeId: true,
} as const satisfies Prisma.CartSelect;

export function loadCheckoutCart(db: CheckoutDb, cartId: string): Promise<CheckoutCart | null> {
  return db.cart.findUnique({ where: { id: cartId }, include: checkoutCartInclude });
}

// ------------------------------------------------------------------ addresses

/** An address as the cart and the order keep it (JSON). */
export type AddressData = AddressValues & {
  /** The customer's saved address it was copied from, if any. */
  addressId: number | null;
};

const ADDRESS_TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'street', 'city', 'postcode', 'country', 'company', 'ico', 'dic'] as const;

export function readAddress(value: Prisma.JsonValue | null | undefined): AddressData | null {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
  const address = Object.fromEntries(ADDRESS_TEXT_FIELDS.map((key) => [key, text(key)])) as Omit<AddressData, 'addressId'>;
  return { ...address, addressId: typeof record.addressId === 'number' ? record.addressId : null };
}

function isForCompany(address: AddressData | null): boolean {
  return address !== null && (address.company !== '' || address.ico !== '');
}

// ------------------------------------------------------------------ totals

export type CheckoutLine = {
  lineId: number;
  variantId: number;
  productCode: string;
  variantCode: string;
  name: string;
  size: string | null;
  colour: string | null;
  quantity: number;
  stock: number;
  vatRate: number;
  unitGross: number;
  totalGross: number;
};

export type Charge = { id: number; code: string; name: string; gross: number; vatRate: number };

export type CheckoutTotals = {
  currency: Currency;
  productsGross: number;
  productsNet: number;
  discountGross: number;
  /** Discount split over the goods' VAT rates in proportion to their value (schema/rules/cart-money.ts). */
  discountNet: number;
  shippingGross: number;
  paymentGross: number;
  /** Cash on delivery in CZK: the total rounded to whole crowns; outside VAT. */
  roundingGross: number;
  totalNet: number;
  totalVat: number;
  /** What the shopper pays: goods - discount + shipping + payment fee + rounding. */
  totalGross: number;
  recap: VatRecap;
  /** The delivery method's free-shipping limit in the cart's currency, if it has one. */
  freeShippingFrom: number | null;
  /** How much more goods would make shipping free; 0 when it already is. */
  freeShippingRemaining: number;
};

/** The checkout as the shopper sees it; `snapshot` and `revision` sum it up for placeOrder. */
export type Checkout = {
  cartId: string;
  currency: Currency;
  language: Language;
  /** The order's e-mail (the invoice address's; before it is given, the voucher form's): the vouchers are judged with it. */
  email: string | null;
  customerId: number | null;
  lines: CheckoutLine[];
  /** The seats held in the cart (live holds only: an expired one is no longer there). */
  tickets: TicketLine[];
  /** When a bank transfer for the seats must be paid by at the latest (ticketsPayBy); null without seats. */
  ticketsDeadline: Date | null;
  /** Why bank transfer is not offered (too little time left before the match to pay by transfer); null: it is. */
  bankTransferUnavailable: string | null;
  /**
   * False for a cart of match tickets only: they are sent by e-mail, so there is no delivery (a method
   * the cart still keeps from its goods is ignored), no shipping, no delivery address, and only a
   * payment method `withoutDelivery` (docs/decisions/0047-tickets-only-checkout.md).
   */
  needsDelivery: boolean;
  /** isPickup: at a store; needsPickupPoint: to a carrier's pick-up point (the 'parcel-point' method). */
  delivery: (Charge & { isPickup: boolean; needsPickupPoint: boolean; allowedPaymentIds: number[] }) | null;
  payment: (Charge & { isCashOnDelivery: boolean; withoutDelivery: boolean }) | null;
  storeId: number | null;
  /** The chosen pick-up point of a 'parcel-point' delivery (open or not: problems say so). */
  pickupPoint: CheckoutCart['pickupPoint'];
  invoiceAddress: AddressData | null;
  deliveryAddress: AddressData | null;
  deliverySameAsInvoice: boolean;
  forCompany: boolean;
  note: string;
  newsletter: boolean;
  /** "Nesouhlasím se zasláním dotazníku spokojenosti" ticked: no Ověřeno zákazníky / Zboží call (services/conversions.ts). */
  surveyOptOut: boolean;
  /** Ticked "no e-mail asking for reviews" (issue 44 §3). */
  reviewRequestOptOut: boolean;
  termsAccepted: boolean;
  vouchers: VoucherEvaluation;
  /** The goods, the vouchers' discount (per voucher and per rate), the charges and the recap the totals come from. */
  money: CartMoney;
  totals: CheckoutTotals;
  /** What stops the order (spec section 5 messages, and vouchers that no longer apply). */
  problems: FieldError[];
  snapshot: CheckoutSnapshot;
  revision: string;
};

export type CheckoutSnapshot = {
  currency: Currency;
  lines: { variantId: number; name: string; quantity: number; unitGross: number }[];
  /** Held seats (absent in snapshots from before tickets: none). */
  tickets?: { eventId: number; seat: number; name: string; unitGross: number }[];
  delivery: { id: number; name: string; gross: number } | null;
  payment: { id: number; name: string; gross: number } | null;
  vouchers: { code: string; valid: boolean; discountGross: number }[];
  totalGross: number;
};

const pricedChoice = (choice: Reader) => ({ id: choice.field('id').integer(), name: choice.field('name').string(), gross: choice.field('gross').integer() });

/** CheckoutRevision.snapshot: what the shopper saw at a revision (services/checkout.ts CheckoutSnapshot). */
export function readCheckoutSnapshot(value: Prisma.JsonValue): CheckoutSnapshot {
  const snapshot = reader('CheckoutRevision.snapshot', value);
  const currency = snapshot.field('currency');
  const code = currency.string();
  if (code !== 'CZK' && code !== 'EUR') throw new MalformedColumnError('CheckoutRevision.snapshot', currency.path, 'CZK or EUR');
  const tickets = snapshot.field('tickets');
  return {
    currency: code,
    lines: snapshot
      .field('lines')
      .list()
      .map((line) => ({
        variantId: line.field('variantId').integer(),
        name: line.field('name').string(),
        quantity: line.field('quantity').integer(),
        unitGross: line.field('unitGross').integer(),
      })),
    // snapshots from before tickets have none
    ...(tickets.value === undefined
      ? {}
      : {
          tickets: tickets.list().map((ticket) => ({
            eventId: ticket.field('eventId').integer(),
            seat: ticket.field('seat').integer(),
            name: ticket.field('name').string(),
            unitGross: ticket.field('unitGross').integer(),
          })),
        }),
    delivery: snapshot.field('delivery').nullable(pricedChoice),
    payment: snapshot.field('payment').nullable(pricedChoice),
    vouchers: snapshot
      .field('vouchers')
      .list()
      .map((voucher) => ({ code: voucher.field('code').string(), valid: voucher.field('valid').boolean(), discountGross: voucher.field('discountGross').integer() })),
    totalGross: snapshot.field('totalGross').integer(),
  };
}

function translation<T extends { language: Language }>(rows: T[], language: Language): T | undefined {
  return rows.find((row) => row.language === language) ?? rows[0];
}

function priceIn(currency: Currency, czk: number, eur: number | null, eurRate: number): number {
  return currency === 'CZK' ? czk : (eur ?? convertCzkToEur(czk, eurRate));
}

function hashRevision(cartId: string, snapshot: CheckoutSnapshot): string {
  return createHash('sha256').update(cartId).update('\n').update(JSON.stringify(snapshot)).digest('base64url').slice(0, 32);
}

type CheckoutOptions = { currency: Currency; language: Language; eurRate: number; ticketPayment: TicketPaymentRules; now: Date };

/**
 * Everything the checkout shows and the order charges, computed from the loaded cart. Runs inside
 * placeOrder's transaction too (db is then the transaction), so the order charges exactly this.
 */
export async function computeCheckout(db: CheckoutDb, cart: CheckoutCartData, options: CheckoutOptions): Promise<Checkout> {
  const { now } = options;
  const tickets = await cartTicketLines(db, cart.id, { currency: options.currency, language: options.language, now });
  return checkoutFrom(cart, tickets, (forVouchers) => evaluateVouchers(db, forVouchers, options.language), options);
}

/**
 * The checkout of a cart whose held seats are known: `judgeVouchers` judges its vouchers against the
 * goods (reading them, or judging rows already read: services/cart-view.ts).
 */
export async function checkoutFrom(
  cart: CheckoutCartData,
  tickets: TicketLine[],
  judgeVouchers: (cart: CartForVouchers) => Promise<VoucherEvaluation>,
  options: CheckoutOptions & { now: Date },
): Promise<Checkout> {
  const { currency, language, eurRate, now } = options;
  const ticketsDeadline = ticketsPayBy(tickets, options.ticketPayment.marginHours);
  const transferTooLate = bankTransferTooLate(now, ticketsDeadline, options.ticketPayment.bankTransferMinHours);
  const lines: CheckoutLine[] = cart.lines.map((line) => {
    const unitGross = unitPrice(line.variant, currency, eurRate);
    return {
      lineId: line.id,
      variantId: line.variantId,
      productCode: line.variant.product.code,
      variantCode: line.variant.code,
      name: translation(line.variant.product.translations, language)?.name ?? line.variant.product.code,
      size: line.variant.size,
      colour: line.variant.colour ? (translation(line.variant.colour.translations, language)?.name ?? null) : null,
      quantity: line.quantity,
      // an unpublished product cannot be bought any more: as if it had no stock
      stock: line.variant.product.published ? line.variant.stock : 0,
      vatRate: line.variant.product.vatRate,
      unitGross,
      totalGross: lineGross({ unitGross, quantity: line.quantity }),
    };
  });
  // held seats are lines like goods (admission's VAT rate), in the totals and for the vouchers;
  // the free-shipping limit counts the goods only (decision 0034: goods before discounts)
  const goodsOnly = lines.map((line) => ({ unitGross: line.unitGross, quantity: line.quantity, ratePercent: line.vatRate }));
  const goodsLines = [...goodsOnly, ...tickets.map(ticketGoodsLine)];
  const productsGross = goodsByRate(goodsLines).total.gross;
  const shippableGross = goodsByRate(goodsOnly).total.gross;

  // the order's own e-mail once the invoice address gives one: placeOrder judges and records the
  // vouchers with exactly the e-mail the order is written with
  const email = voucherEmail(cart);
  const vouchers = await judgeVouchers({ id: cart.id, currency, customerId: cart.customerId, email, goodsGross: productsGross });

  // tickets only (an empty cart still asks for a delivery, as before it had anything)
  const needsDelivery = lines.length > 0 || tickets.length === 0;
  // A withdrawn (inactive) method counts as not chosen.
  const method = needsDelivery && cart.deliveryMethod?.active ? cart.deliveryMethod : null;
  const freeShippingFrom = method
    ? method.freeFromCzk === null
      ? null
      : priceIn(currency, method.freeFromCzk, method.freeFromEur, eurRate)
    : null;
  const freeByLimit = freeShippingFrom !== null && shippableGross >= freeShippingFrom;
  const delivery = method
    ? {
        id: method.id,
        code: method.code,
        name: translation(method.translations, language)?.name ?? method.code,
        gross: freeByLimit || vouchers.freeShipping ? 0 : priceIn(currency, method.priceCzk, method.priceEur, eurRate),
        vatRate: SERVICE_VAT_RATE_PERCENT,
        isPickup: method.isPickup,
        needsPickupPoint: method.code === PARCEL_POINT_DELIVERY_CODE,
        allowedPaymentIds: method.payments.map((row) => row.paymentMethodId),
      }
    : null;
  const paymentMethod = cart.paymentMethod?.active ? cart.paymentMethod : null;
  const payment = paymentMethod
    ? {
        id: paymentMethod.id,
        code: paymentMethod.code,
        name: translation(paymentMethod.translations, language)?.name ?? paymentMethod.code,
        gross: priceIn(currency, paymentMethod.priceCzk, paymentMethod.priceEur, eurRate),
        vatRate: SERVICE_VAT_RATE_PERCENT,
        isCashOnDelivery: paymentMethod.isCashOnDelivery,
        withoutDelivery: paymentMethod.withoutDelivery,
      }
    : null;

  // goods, the vouchers' discount split per goods rate, shipping and the fee, the VAT recap and the
  // rounding: one computation for the cart, the checkout and the order (schema/rules/cart-money.ts)
  const money = cartMoney({
    lines: goodsLines,
    discounts: vouchers.entries.map((entry) => entry.discountGross),
    charges: [
      ...(delivery ? [{ grossMinor: delivery.gross, ratePercent: delivery.vatRate }] : []),
      ...(payment ? [{ grossMinor: payment.gross, ratePercent: payment.vatRate }] : []),
    ],
    roundToWholeUnits: (payment?.isCashOnDelivery ?? false) && currency === 'CZK',
  });

  const totals: CheckoutTotals = {
    currency,
    productsGross,
    productsNet: money.goods.total.net,
    discountGross: money.discount.total.gross,
    discountNet: money.discount.total.net,
    shippingGross: delivery?.gross ?? 0,
    paymentGross: payment?.gross ?? 0,
    roundingGross: money.rounding,
    totalNet: money.recap.total.net,
    totalVat: money.recap.total.vat,
    totalGross: money.toPay,
    recap: money.recap,
    freeShippingFrom,
    freeShippingRemaining: freeShippingFrom === null ? 0 : Math.max(0, freeShippingFrom - shippableGross),
  };

  const invoiceAddress = readAddress(cart.invoiceAddress);
  const deliveryAddress = readAddress(cart.deliveryAddress);
  const forCompany = isForCompany(invoiceAddress);
  const problems: FieldError[] = checkoutProblems(
    {
      needsDelivery,
      deliveryMethod: delivery,
      storeChosen: cart.storeId !== null,
      pickupPoint: cart.pickupPoint ? (cart.pickupPoint.open ? 'open' : 'closed') : null,
      paymentMethod: payment
        ? { allowedForDelivery: needsDelivery ? !delivery || delivery.allowedPaymentIds.includes(payment.id) : payment.withoutDelivery }
        : null,
      termsAccepted: cart.termsAccepted,
      invoiceAddress,
      forCompany,
      deliverySameAsInvoice: cart.deliverySameAsInvoice,
      deliveryAddress,
    },
    language,
  );
  for (const entry of vouchers.entries) {
    if (!entry.valid) problems.push({ field: 'vouchers', message: entry.message ?? message('voucherBlocksOrder', language) });
  }
  const bankTransferUnavailable = transferTooLate
    ? formatMessage('bankTransferTooLateForTickets', language, { hours: options.ticketPayment.bankTransferMinHours, deadline: formatDateTime(ticketsDeadline!, language) })
    : null;
  if (bankTransferUnavailable && payment?.code === BANK_TRANSFER_PAYMENT_CODE) problems.push({ field: 'paymentMethodId', message: bankTransferUnavailable });

  const snapshot: CheckoutSnapshot = {
    currency,
    lines: lines.map((line) => ({ variantId: line.variantId, name: line.name, quantity: line.quantity, unitGross: line.unitGross })),
    tickets: tickets.map((ticket) => ({ eventId: ticket.eventId, seat: ticket.seat, name: ticket.name, unitGross: ticket.unitGross })),
    delivery: delivery && { id: delivery.id, name: delivery.name, gross: delivery.gross },
    payment: payment && { id: payment.id, name: payment.name, gross: payment.gross },
    vouchers: vouchers.entries.map((entry) => ({ code: entry.code, valid: entry.valid, discountGross: entry.discountGross })),
    totalGross: totals.totalGross,
  };

  return {
    cartId: cart.id,
    currency,
    language,
    email,
    customerId: cart.customerId,
    lines,
    tickets,
    ticketsDeadline,
    bankTransferUnavailable,
    needsDelivery,
    delivery,
    payment,
    storeId: delivery?.isPickup ? cart.storeId : null,
    pickupPoint: delivery?.needsPickupPoint ? cart.pickupPoint : null,
    invoiceAddress,
    deliveryAddress,
    deliverySameAsInvoice: cart.deliverySameAsInvoice,
    forCompany,
    note: cart.note,
    newsletter: cart.newsletter,
    surveyOptOut: cart.surveyOptOut,
    reviewRequestOptOut: cart.reviewRequestOptOut,
    termsAccepted: cart.termsAccepted,
    vouchers,
    money,
    totals,
    problems,
    snapshot,
    revision: hashRevision(cart.id, snapshot),
  };
}

/**
 * Keeps what the shopper was shown under its revision, so that placeOrder can tell what changed
 * since. Content-addressed: showing the same checkout again writes nothing new.
 */
export async function rememberRevision(db: Db, checkout: Checkout): Promise<void> {
  const { count } = await db.checkoutRevision.createMany({
    data: [{ id: checkout.revision, cartId: checkout.cartId, snapshot: checkout.snapshot }],
    skipDuplicates: true,
  });
  // A cart edited for weeks would pile up snapshots: keep the latest few (other tabs may still
  // show one of them); an older revision is reported as a change, never as an error.
  if (count > 0) {
    await db.$executeRaw`
      DELETE FROM "CheckoutRevision"
       WHERE "cartId" = ${checkout.cartId}
         AND id NOT IN (SELECT id FROM "CheckoutRevision" WHERE "cartId" = ${checkout.cartId}
                         ORDER BY "createdAt" DESC, id LIMIT ${KEPT_REVISIONS_PER_CART})`;
  }
}

/** How many shown checkouts of one cart placeOrder can still compare against. */
export const KEPT_REVISIONS_PER_CART = 20;

// ------------------------------------------------------------------ saving the checkout form

export type AddressInput = Partial<Record<(typeof ADDRESS_TEXT_FIELDS)[number], string | null>>;

export type CheckoutInput = {
  deliveryMethodId?: string | null;
  storeId?: string | null;
  /** A pick-up point (Query.pickupPoints) for the 'parcel-point' delivery: it must exist and take parcels. */
  pickupPointId?: string | null;
  paymentMethodId?: string | null;
  /** The "ordering for a company" switch: off drops company, IČO and DIČ. */
  forCompany?: boolean | null;
  invoiceAddress?: AddressInput | null;
  /** A saved address of the logged-in customer, copied into the cart. */
  invoiceAddressId?: string | null;
  deliverySameAsInvoice?: boolean | null;
  deliveryAddress?: AddressInput | null;
  deliveryAddressId?: string | null;
  note?: string | null;
  newsletter?: boolean | null;
  /** The unticked opt-out of the satisfaction questionnaire (Ověřeno zákazníky). */
  surveyOptOut?: boolean | null;
  reviewRequestOptOut?: boolean | null;
  termsAccepted?: boolean | null;
};

/** A cart with live seat holds and no goods: nothing of it is delivered (Checkout.needsDelivery). */
async function isTicketsOnly(db: Db, cartId: string, now: Date): Promise<boolean> {
  const [goods, seats] = await Promise.all([
    db.cartLine.count({ where: { cartId } }),
    db.eventSeat.count({ where: { cartId, orderId: null, expiresAt: { gt: now } } }),
  ]);
  return goods === 0 && seats > 0;
}

/** The rules a saved value must pass; `required` is left to checkoutProblems (a form may be saved half filled). */
function formatRules(schema: FormSchema): FormSchema {
  return Object.fromEntries(Object.entries(schema).map(([field, rules]) => [field, rules.filter((rule) => rule.name !== 'required')]));
}

function cleanAddress(
  input: AddressInput,
  schema: FormSchema,
  prefix: string,
  language: Language,
  errors: FieldError[],
): AddressData {
  const text = (key: (typeof ADDRESS_TEXT_FIELDS)[number]) => (input[key] ?? '').trim();
  const values = Object.fromEntries(ADDRESS_TEXT_FIELDS.map((key) => [key, text(key)])) as Omit<AddressData, 'addressId'>;
  values.country = values.country.toUpperCase() || 'CZ';
  for (const [field, errorMessage] of Object.entries(validateForm(values, formatRules(schema), language))) {
    errors.push({ field: `${prefix}.${field}`, message: errorMessage });
  }
  // stored in the form in which they are shown and printed
  values.postcode = normalizePostcode(values.postcode, values.country) ?? values.postcode;
  values.phone = storedPhone(values.phone);
  if (values.ico !== '') values.ico = normalizeIco(values.ico) ?? values.ico;
  if (values.dic !== '') values.dic = normalizeDic(values.dic);
  return { ...values, addressId: null };
}

function withoutCompany(address: AddressData): AddressData {
  return { ...address, company: '', ico: '', dic: '' };
}

/** A saved address of this customer; someone else's is treated as missing (S5). */
async function ownAddress(ctx: CheckoutContext, idInput: string): Promise<AddressData> {
  const notFound = () => new NotFoundError(message('addressNotFound', ctx.language));
  if (ctx.customerId === null) throw notFound();
  const saved = await ctx.prisma.address.findFirst({ where: { id: databaseId(idInput), customerId: ctx.customerId } });
  if (!saved) throw notFound();
  return {
    firstName: saved.firstName,
    lastName: saved.lastName,
    email: saved.email ?? '',
    phone: saved.phone ?? '',
    street: saved.street,
    city: saved.city,
    postcode: saved.postcode,
    country: saved.country,
    company: saved.company ?? '',
    ico: saved.ico ?? '',
    dic: saved.dic ?? '',
    addressId: saved.id,
  };
}

/**
 * Saves the checkout form to the session's cart. A field left out keeps its value; null clears it.
 * Filled-in values must be valid (IČO, DIČ, postcode, phone, e-mail ...); what is still missing is
 * not an error here but a problem of Cart.checkout, refused by placeOrder.
 */
export async function updateCheckout(ctx: CheckoutContext, cartId: string | null, input: CheckoutInput): Promise<string> {
  if (!cartId) throw new NotFoundError(message('cartEmpty', ctx.language));
  const errors: FieldError[] = [];
  const data: Prisma.CartUncheckedUpdateManyInput = {};
  const fieldError = (field: string, key: Parameters<typeof message>[0]) => errors.push({ field, message: message(key, ctx.language) });

  // a cart of tickets only has nothing to deliver: a delivery choice for it is refused, not kept
  const deliveryChoices = { deliveryMethodId: input.deliveryMethodId, storeId: input.storeId, pickupPointId: input.pickupPointId, deliveryAddress: input.deliveryAddress, deliveryAddressId: input.deliveryAddressId };
  const chosen = Object.entries(deliveryChoices).filter(([, value]) => value != null);
  if (chosen.length > 0 && (await isTicketsOnly(ctx.prisma, cartId, ctx.clock()))) {
    const errors = chosen.map(([field]) => ({ field, message: message('ticketsOnlyNoDelivery', ctx.language) }));
    throw new ValidationError(errors, message('ticketsOnlyNoDelivery', ctx.language));
  }

  if (input.deliveryMethodId !== undefined) {
    if (input.deliveryMethodId === null) data.deliveryMethodId = null;
    else {
      const method = await ctx.prisma.deliveryMethod.findFirst({ where: { id: databaseId(input.deliveryMethodId), active: true }, select: { id: true } });
      if (method) data.deliveryMethodId = method.id;
      else fieldError('deliveryMethodId', 'deliveryMethodUnknown');
    }
  }
  if (input.storeId !== undefined) {
    if (input.storeId === null) data.storeId = null;
    else {
      const store = await ctx.prisma.store.findUnique({ where: { id: databaseId(input.storeId) }, select: { id: true } });
      if (store) data.storeId = store.id;
      else fieldError('storeId', 'storeUnknown');
    }
  }
  if (input.pickupPointId !== undefined) {
    if (input.pickupPointId === null) data.pickupPointId = null;
    else {
      const point = await ctx.prisma.pickupPoint.findUnique({ where: { id: databaseId(input.pickupPointId) }, select: { id: true, open: true } });
      if (!point) fieldError('pickupPointId', 'pickupPointUnknown');
      else if (!point.open) errors.push({ field: 'pickupPointId', message: checkoutMessage('pickupPointClosed', ctx.language) });
      else data.pickupPointId = point.id;
    }
  }
  if (input.paymentMethodId !== undefined) {
    if (input.paymentMethodId === null) data.paymentMethodId = null;
    else {
      const method = await ctx.prisma.paymentMethod.findFirst({ where: { id: databaseId(input.paymentMethodId), active: true }, select: { id: true } });
      if (method) data.paymentMethodId = method.id;
      else fieldError('paymentMethodId', 'paymentMethodUnknown');
    }
  }

  const invoiceSchema: FormSchema = { ...addressFormSchema, ...companyFormSchema };
  let invoice: AddressData | null | undefined;
  if (input.invoiceAddressId) invoice = await ownAddress(ctx, input.invoiceAddressId);
  else if (input.invoiceAddress !== undefined) {
    invoice = input.invoiceAddress === null ? null : cleanAddress(input.invoiceAddress, invoiceSchema, 'invoiceAddress', ctx.language, errors);
  }
  if (input.forCompany === false || (input.forCompany == null && invoice && !isForCompany(invoice))) {
    // the switch is off: company fields are neither kept nor checked
    if (invoice) invoice = withoutCompany(invoice);
    else if (input.forCompany === false) {
      const current = await ctx.prisma.cart.findUnique({ where: { id: cartId }, select: { invoiceAddress: true } });
      const saved = readAddress(current?.invoiceAddress);
      if (saved) invoice = withoutCompany(saved);
    }
  }
  if (invoice !== undefined) {
    data.invoiceAddress = invoice === null ? Prisma.DbNull : invoice;
    if (invoice && invoice.email !== '') data.email = invoice.email.toLowerCase();
  }

  if (input.deliveryAddressId) data.deliveryAddress = await ownAddress(ctx, input.deliveryAddressId);
  else if (input.deliveryAddress !== undefined) {
    data.deliveryAddress =
      input.deliveryAddress === null
        ? Prisma.DbNull
        : withoutCompany(cleanAddress(input.deliveryAddress, deliveryAddressFormSchema, 'deliveryAddress', ctx.language, errors));
  }
  if (input.deliverySameAsInvoice != null) data.deliverySameAsInvoice = input.deliverySameAsInvoice;
  else if (input.deliveryAddressId || input.deliveryAddress) data.deliverySameAsInvoice = false;

  if (input.note !== undefined) {
    const note = (input.note ?? '').trim();
    const noteError = validateForm({ note }, { note: noteRules }, ctx.language).note;
    if (noteError) errors.push({ field: 'note', message: noteError });
    data.note = note;
  }
  if (input.newsletter != null) data.newsletter = input.newsletter;
  if (input.surveyOptOut != null) data.surveyOptOut = input.surveyOptOut;
  if (input.reviewRequestOptOut != null) data.reviewRequestOptOut = input.reviewRequestOptOut;
  if (input.termsAccepted != null) data.termsAccepted = input.termsAccepted;

  if (errors.length > 0) throw new ValidationError(errors, message('invalidInput', ctx.language));
  // Only a cart that has not become an order may change.
  const { count } = await ctx.prisma.cart.updateMany({ where: { id: cartId, order: null }, data });
  if (count === 0) throw new NotFoundError(message('cartEmpty', ctx.language));
  return cartId;
}
