// Buying match tickets (issue 26): held seats are cart lines like goods, placeOrder sells them in the
// order's transaction, an expired hold is reported as a change, and each sold seat gets a signed ticket.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../support/test-app.ts';
import { createMatch, subscribeToSeatChanges } from '../support/tickets.ts';
import { createCheckoutMethods, INVOICE_ADDRESS, type CheckoutMethods } from '../support/checkout.ts';
import { createProduct, unique } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';
import { HOLD_MS } from '../../bff/src/services/tickets.ts';
import { checkInTicket, readTicketCode, ticketCode } from '../../bff/src/services/ticket-codes.ts';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { pdfText } from '../support/pdf-text.ts';
import { formatDate, formatDateTime } from '../../schema/rules/dates.ts';
import { cancelUnpaidOrders } from '../../bff/src/services/unpaid-orders.ts';

const HOLD = `
  mutation OrderHold($eventId: ID!, $seats: [Int!]!) {
    holdSeats(eventId: $eventId, seats: $seats) { __typename ... on Error { message } }
  }`;
const ADD = `mutation OrderAdd($variantId: ID!) { addToCart(variantId: $variantId, quantity: 1) { __typename } }`;
const UPDATE = `mutation OrderCheckout($input: CheckoutInput!) { updateCheckout(input: $input) { __typename } }`;
const CHECKOUT = `
  query OrderCheckoutRead {
    cart {
      total { withVat }
      tickets { seat price { withVat } }
      checkout {
        revision
        problems { field message }
        totals {
          products { withVat }
          discount { withVat }
          shipping { withVat }
          totalToPay
          vatRecap { ratePercent withVat }
          freeShippingRemaining
        }
      }
    }
  }`;
const PLACE = `
  mutation OrderPlace($revision: String!) {
    placeOrder(input: { revision: $revision }) {
      __typename
      ... on Order {
        databaseId number hash totalToPay
        lines { name quantity }
        tickets { id seat section row number code qrSvg paid price { withVat vat } event { slug } }
      }
      ... on OrderChangedError { message changes { kind subject message } }
      ... on Error { message }
    }
  }`;
const AVAILABILITY = `query OrderAvailability($slug: String!) { event(slug: $slug) { availability { taken mine } } }`;

type Checkout = {
  cart: {
    total: { withVat: number };
    tickets: { seat: number }[];
    checkout: {
      revision: string;
      problems: unknown[];
      totals: {
        products: { withVat: number };
        discount: { withVat: number };
        shipping: { withVat: number };
        totalToPay: number;
        vatRecap: { ratePercent: number; withVat: number }[];
        freeShippingRemaining: number;
      };
    };
  };
};
type Placed = {
  placeOrder: {
    __typename: string;
    message?: string;
    databaseId?: number;
    number?: string;
    totalToPay?: number;
    lines?: { name: string; quantity: number }[];
    tickets?: { seat: number; section: string; row: string; number: number; code: string; qrSvg: string; paid: boolean; price: { withVat: number } }[];
    changes?: { kind: string; subject: string; message: string }[];
  };
};

let app: TestApp;
let methods: CheckoutMethods;
let addressCounter = 0;

beforeAll(async () => {
  app = await createTestApp();
  methods = await createCheckoutMethods(app.prisma);
});

afterAll(async () => {
  await app?.close();
});

afterEach(() => {
  app.clock.now = () => new Date();
});

async function shopper(): Promise<TestClient> {
  const n = ++addressCounter;
  const client = app.newClient({ 'x-forwarded-for': `10.88.${(n >> 8) & 255}.${n & 255}` });
  await client.ensureCsrfCookie();
  return client;
}

async function ok<T>(client: TestClient, document: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await client.gql<T>(document, variables);
  expect(response.errors).toBeUndefined();
  return response.data!;
}

/** The confirmation of an order, parsed, with its attachments. */
async function confirmationMail(orderNumber: string) {
  await app.mailer.idle();
  await app.mailer.sendNow();
  for (const file of await readdir(app.config.mailDir)) {
    const mail = await simpleParser(await readFile(path.join(app.config.mailDir, file)));
    if (mail.subject?.includes(orderNumber)) return mail;
  }
  throw new Error(`no e-mail of order ${orderNumber}`);
}

/** A product put into the shopper's cart: goods beside the seats, which then need a delivery. */
async function addGoods(client: TestClient) {
  const product = await createProduct(app.prisma);
  await ok(client, ADD, { variantId: gid('Variant', product.variants[0].id) });
}

/**
 * Seats held, a complete checkout (bank transfer unless said; a courier for a cart with goods, none for
 * tickets only, which have no delivery), and what the shopper sees.
 */
async function readyToBuy(client: TestClient, eventId: string, seats: number[], options: { payment?: string; withGoods?: boolean } = {}) {
  expect((await ok<{ holdSeats: { __typename: string } }>(client, HOLD, { eventId, seats })).holdSeats.__typename).toBe('Cart');
  const saved = await ok<{ updateCheckout: { __typename: string } }>(client, UPDATE, {
    input: {
      ...(options.withGoods ? { deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier) } : {}),
      paymentMethodId: gid('PaymentMethod', methods.payment[options.payment ?? 'bank-transfer']),
      invoiceAddress: { ...INVOICE_ADDRESS, email: `fan-${unique()}@example.cz` },
      termsAccepted: true,
    },
  });
  expect(saved.updateCheckout.__typename).toBe('Cart');
  return ok<Checkout>(client, CHECKOUT);
}

describe('held seats in the cart and the checkout', () => {
  it('count in the totals at 12 % VAT, count for a percent voucher, but not for free shipping', async () => {
    const match = await createMatch(app.prisma);
    const product = await createProduct(app.prisma, { variants: [{ priceCzk: 200_000, stock: 5 }] });
    const fan = await shopper();
    await ok(fan, ADD, { variantId: gid('Variant', product.variants[0].id) });
    // 2 000 Kč of goods and 2 × 400 Kč of seats: 2 800 Kč, under the 3 000 Kč free-shipping limit by goods alone
    const seen = await readyToBuy(fan, match.id, [0, 1], { withGoods: true });
    expect(seen.cart.total.withVat).toBe(280_000);
    expect(seen.cart.checkout.totals.products.withVat).toBe(280_000);
    expect(seen.cart.checkout.totals.vatRecap).toEqual([
      { ratePercent: 21, withVat: 200_000 + seen.cart.checkout.totals.shipping.withVat },
      { ratePercent: 12, withVat: 80_000 },
    ]);
    expect(seen.cart.checkout.totals.shipping.withVat).toBeGreaterThan(0);
    expect(seen.cart.checkout.totals.freeShippingRemaining).toBe(100_000);

    // 10 % off the cart: of the goods and of the seats
    const voucher = await app.prisma.voucher.create({ data: { code: `LISTKY${unique()}`, kind: 'PERCENT', value: 10 } });
    const cartId = (await app.prisma.eventSeat.findFirstOrThrow({ where: { eventId: match.event.id } })).cartId!;
    await app.prisma.cartVoucher.create({ data: { cartId, voucherId: voucher.id } });
    const discounted = await ok<Checkout>(fan, CHECKOUT);
    expect(discounted.cart.checkout.totals.discount.withVat).toBe(28_000);
  });
});

describe('a cart of tickets only: no delivery (docs/decisions/0047-tickets-only-checkout.md)', () => {
  const TICKETS_ONLY_CHECKOUT = `
    query TicketsOnlyCheckout {
      cart {
        checkout {
          needsDelivery canPlaceOrder revision
          deliveryMethod { code }
          problems { field message }
          totals { products { withVat } shipping { withVat } totalToPay freeShippingFrom }
        }
      }
    }`;
  const PLACE_TICKETS_ONLY = `
    mutation TicketsOnlyPlace($revision: String!) {
      placeOrder(input: { revision: $revision }) {
        __typename
        ... on Order { databaseId number totalToPay delivery { code name price { withVat } } payment { code } deliveryAddress { street } tickets { seat } }
        ... on ValidationError { code fieldErrors { field message } }
        ... on Error { code message }
      }
    }`;
  const SET_QUANTITY = `mutation TicketsOnlyQuantity($lineId: ID!) { setCartLineQuantity(lineId: $lineId, quantity: 0) { __typename } }`;
  type TicketsOnlyCheckout = {
    cart: {
      checkout: {
        needsDelivery: boolean;
        canPlaceOrder: boolean;
        revision: string;
        deliveryMethod: { code: string } | null;
        problems: { field: string; message: string }[];
        totals: { products: { withVat: number }; shipping: { withVat: number }; totalToPay: number; freeShippingFrom: number | null };
      };
    };
  };
  type TicketsOnlyPlaced = {
    placeOrder: {
      __typename: string;
      databaseId?: number;
      number?: string;
      totalToPay?: number;
      delivery?: { code: string; name: string; price: { withVat: number } };
      payment?: { code: string };
      deliveryAddress?: { street: string } | null;
      tickets?: { seat: number }[];
      fieldErrors?: { field: string; message: string }[];
    };
  };

  it('asks for no delivery: bank transfer and the invoice address are enough, shipping is 0 and the order has no delivery', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    const seen = (await readyToBuy(fan, match.id, [2, 32])).cart.checkout;
    const checkout = (await ok<TicketsOnlyCheckout>(fan, TICKETS_ONLY_CHECKOUT)).cart.checkout;
    expect(checkout).toMatchObject({ needsDelivery: false, canPlaceOrder: true, deliveryMethod: null, problems: [] });
    // a seat of category A (400 Kč) and one of B (200 Kč): the total is the seats, no shipping
    expect(checkout.totals).toEqual({ products: { withVat: 60_000 }, shipping: { withVat: 0 }, totalToPay: 60_000, freeShippingFrom: null });

    const placed = (await ok<TicketsOnlyPlaced>(fan, PLACE_TICKETS_ONLY, { revision: seen.revision })).placeOrder;
    expect(placed).toMatchObject({
      __typename: 'Order',
      totalToPay: 60_000,
      delivery: { code: '', name: '', price: { withVat: 0 } },
      payment: { code: 'bank-transfer' },
      deliveryAddress: null,
      tickets: [{ seat: 2 }, { seat: 32 }],
    });
    const order = await app.prisma.order.findUniqueOrThrow({ where: { id: placed.databaseId } });
    expect([order.deliveryMethodId, order.deliveryCode, order.deliveryName, order.deliveryPrice, order.deliveryAddress, order.storeId]).toEqual([null, '', '', 0, null, null]);
    expect(order.paymentDueAt).not.toBeNull();

    // the e-mail and its invoice have no delivery line
    await app.mailer.idle();
    await app.mailer.sendNow();
    let mail: Awaited<ReturnType<typeof simpleParser>> | null = null;
    for (const file of await readdir(app.config.mailDir)) {
      const parsed = await simpleParser(await readFile(path.join(app.config.mailDir, file)));
      if (parsed.subject?.includes(placed.number!)) mail = parsed;
    }
    expect(mail!.text).toContain('Platba – Bankovní převod: zdarma');
    expect(mail!.text).not.toContain('Doprava');
    expect(mail!.text).not.toContain('Zboží odešleme');
    expect(mail!.text).not.toContain('Doručovací adresa');
    const invoice = mail!.attachments.find((attachment) => attachment.filename === `faktura-${placed.number}.pdf`)!;
    const invoiceText = await pdfText(invoice.content);
    expect(invoiceText).toContain('Bankovní převod');
    expect(invoiceText).not.toContain('Způsob dopravy');
  });

  it('refuses a delivery method, store, pick-up point or delivery address for it, and saves nothing of that request', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    expect((await ok<{ holdSeats: { __typename: string } }>(fan, HOLD, { eventId: match.id, seats: [3] })).holdSeats.__typename).toBe('Cart');
    const cartId = (await app.prisma.eventSeat.findFirstOrThrow({ where: { eventId: match.event.id } })).cartId!;
    const REFUSED = `mutation TicketsOnlyRefused($input: CheckoutInput!) {
      updateCheckout(input: $input) { __typename ... on ValidationError { code message fieldErrors { field message } } }
    }`;
    type Refused = { updateCheckout: { __typename: string; code?: string; message?: string; fieldErrors?: { field: string; message: string }[] } };
    const refused = (
      await ok<Refused>(fan, REFUSED, {
        input: { deliveryMethodId: gid('DeliveryMethod', methods.delivery.courier), paymentMethodId: gid('PaymentMethod', methods.payment['bank-transfer']), note: 'x' },
      })
    ).updateCheckout;
    expect(refused).toEqual({
      __typename: 'ValidationError',
      code: 'VALIDATION',
      message: 'Vstupenky posíláme e-mailem, objednávka samotných vstupenek se proto obejde bez dopravy i doručovací adresy.',
      fieldErrors: [{ field: 'deliveryMethodId', message: 'Vstupenky posíláme e-mailem, objednávka samotných vstupenek se proto obejde bez dopravy i doručovací adresy.' }],
    });
    const english = await fan.gql<Refused>(REFUSED, { input: { deliveryAddress: { ...INVOICE_ADDRESS }, storeId: gid('Store', 1) } }, { 'accept-language': 'en' });
    expect(english.data!.updateCheckout.fieldErrors!.map((error) => error.field).sort()).toEqual(['deliveryAddress', 'storeId']);
    const cart = await app.prisma.cart.findUniqueOrThrow({ where: { id: cartId } });
    expect([cart.deliveryMethodId, cart.paymentMethodId, cart.note, cart.storeId, cart.deliveryAddress]).toEqual([null, null, '', null, null]);
  });

  it('ignores a delivery the cart kept from goods taken out, and refuses cash on delivery or payment in a store', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    await addGoods(fan);
    const mixed = await readyToBuy(fan, match.id, [4], { payment: 'cash-on-delivery', withGoods: true });
    const line = await app.prisma.cartLine.findFirstOrThrow({ where: { cart: { seats: { some: { eventId: match.event.id } } } } });
    expect((await ok<{ setCartLineQuantity: { __typename: string } }>(fan, SET_QUANTITY, { lineId: gid('CartLine', line.id) })).setCartLineQuantity.__typename).toBe('Cart');
    expect((await app.prisma.cart.findUniqueOrThrow({ where: { id: line.cartId } })).deliveryMethodId).toBe(methods.delivery.courier);
    // placed against what was seen with the goods: the goods are gone and the total changed; the
    // courier is not reported as withdrawn (nothing is to be chosen instead)
    const changed = (await ok<Placed>(fan, PLACE, { revision: mixed.cart.checkout.revision })).placeOrder;
    expect(changed.__typename).toBe('OrderChangedError');
    expect(changed.changes!.map((change) => change.kind)).toEqual(['LINE_REMOVED', 'TOTAL']);

    const checkout = (await ok<TicketsOnlyCheckout>(fan, TICKETS_ONLY_CHECKOUT)).cart.checkout;
    expect(checkout).toMatchObject({ needsDelivery: false, canPlaceOrder: false, deliveryMethod: null });
    expect(checkout.totals.shipping.withVat).toBe(0);
    expect(checkout.problems).toEqual([
      { field: 'paymentMethod', message: 'Tento způsob platby nelze u objednávky samotných vstupenek použít. Vyberte prosím jiný.' },
    ]);
    const refused = (await ok<TicketsOnlyPlaced>(fan, PLACE_TICKETS_ONLY, { revision: checkout.revision })).placeOrder;
    expect(refused.__typename).toBe('ValidationError');
    expect(refused.fieldErrors!.map((error) => error.field)).toEqual(['paymentMethod']);

    await ok(fan, UPDATE, { input: { paymentMethodId: gid('PaymentMethod', methods.payment['cash-in-store']) } });
    expect((await ok<TicketsOnlyCheckout>(fan, TICKETS_ONLY_CHECKOUT)).cart.checkout.problems.map((problem) => problem.field)).toEqual(['paymentMethod']);

    await ok(fan, UPDATE, { input: { paymentMethodId: gid('PaymentMethod', methods.payment['bank-transfer']) } });
    const ready = (await ok<TicketsOnlyCheckout>(fan, TICKETS_ONLY_CHECKOUT)).cart.checkout;
    const placed = (await ok<TicketsOnlyPlaced>(fan, PLACE_TICKETS_ONLY, { revision: ready.revision })).placeOrder;
    expect(placed).toMatchObject({ __typename: 'Order', delivery: { code: '', name: '' }, deliveryAddress: null, totalToPay: 40_000 });
    expect((await app.prisma.order.findUniqueOrThrow({ where: { id: placed.databaseId } })).deliveryMethodId).toBeNull();
  });

  it('a cart of goods and tickets still needs a delivery, as goods do', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    await addGoods(fan);
    expect((await ok<{ holdSeats: { __typename: string } }>(fan, HOLD, { eventId: match.id, seats: [6] })).holdSeats.__typename).toBe('Cart');
    await ok(fan, UPDATE, { input: { paymentMethodId: gid('PaymentMethod', methods.payment['bank-transfer']), invoiceAddress: INVOICE_ADDRESS, termsAccepted: true } });
    const checkout = (await ok<TicketsOnlyCheckout>(fan, TICKETS_ONLY_CHECKOUT)).cart.checkout;
    expect(checkout).toMatchObject({ needsDelivery: true, canPlaceOrder: false });
    expect(checkout.problems.map((problem) => problem.field)).toEqual(['deliveryMethod']);
  });
});

describe('placing the order', () => {
  it('sells the held seats in the order, with a signed ticket each and a line each; an unpaid bank transfer says so', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    const seen = await readyToBuy(fan, match.id, [31, 30]);
    const placed = (await ok<Placed>(fan, PLACE, { revision: seen.cart.checkout.revision })).placeOrder;
    expect(placed.__typename).toBe('Order');
    expect(placed.totalToPay).toBe(seen.cart.checkout.totals.totalToPay);
    expect(placed.lines).toEqual([
      { name: 'Vstupenka FC Vltavín – SK Moravan, sektor P, řada 1, místo 1', quantity: 1 },
      { name: 'Vstupenka FC Vltavín – SK Moravan, sektor P, řada 1, místo 2', quantity: 1 },
    ]);
    expect(placed.tickets!.map((ticket) => [ticket.seat, ticket.section, ticket.row, ticket.number, ticket.paid, ticket.price.withVat])).toEqual([
      [30, 'P', '1', 1, false, 20_000],
      [31, 'P', '1', 2, false, 20_000],
    ]);
    for (const ticket of placed.tickets!) {
      expect(readTicketCode(app.config, ticket.code)).toMatchObject({ eventId: match.event.id, seat: ticket.seat, orderId: placed.databaseId });
      expect(ticket.qrSvg).toMatch(/^<svg/);
    }
    const rows = await app.prisma.eventSeat.findMany({ where: { eventId: match.event.id }, orderBy: { seat: 'asc' } });
    expect(rows.map((row) => [row.seat, row.orderId, row.cartId, row.expiresAt])).toEqual([
      [30, placed.databaseId, null, null],
      [31, placed.databaseId, null, null],
    ]);
    // sold is taken for everyone, for ever: no expiry, no sweep
    app.clock.now = () => new Date(Date.now() + 2 * HOLD_MS);
    const later = await (await shopper()).gql<{ event: { availability: { taken: number[] } } }>(AVAILABILITY, { slug: match.slug });
    expect(later.data!.event.availability.taken).toEqual([30, 31]);
  });

  it('a hold that expired before “Koupit a zaplatit” is reported as a change; nothing is sold', async () => {
    const match = await createMatch(app.prisma);
    const product = await createProduct(app.prisma);
    const start = new Date();
    app.clock.now = () => start;
    const fan = await shopper();
    await ok(fan, ADD, { variantId: gid('Variant', product.variants[0].id) });
    const seen = await readyToBuy(fan, match.id, [5], { withGoods: true });
    app.clock.now = () => new Date(start.getTime() + HOLD_MS + 1000);
    const refused = (await ok<Placed>(fan, PLACE, { revision: seen.cart.checkout.revision })).placeOrder;
    expect(refused.__typename).toBe('OrderChangedError');
    expect(refused.changes).toContainEqual({
      kind: 'LINE_REMOVED',
      subject: 'Vstupenka FC Vltavín – SK Moravan, sektor L, řada 1, místo 6',
      message: 'Vstupenka FC Vltavín – SK Moravan, sektor L, řada 1, místo 6: rezervace místa vypršela a místo už v košíku není.',
    });
    expect(await app.prisma.ticket.count({ where: { eventId: match.event.id } })).toBe(0);
    expect(await app.prisma.eventSeat.count({ where: { eventId: match.event.id, orderId: { not: null } } })).toBe(0);
  });

  it('an order placed the instant a hold expires: a millisecond before it sells, at the instant it is a change', async () => {
    const match = await createMatch(app.prisma);
    const start = new Date();
    app.clock.now = () => start;
    const late = await shopper();
    const lateSeen = await readyToBuy(late, match.id, [40]);
    const onTime = await shopper();
    const onTimeSeen = await readyToBuy(onTime, match.id, [41]);
    const expiry = start.getTime() + HOLD_MS;

    app.clock.now = () => new Date(expiry);
    const refused = (await ok<Placed>(late, PLACE, { revision: lateSeen.cart.checkout.revision })).placeOrder;
    expect(refused.__typename).toBe('OrderChangedError');
    expect(refused.changes!.map((change) => change.kind)).toContain('LINE_REMOVED');

    app.clock.now = () => new Date(expiry - 1);
    const placed = (await ok<Placed>(onTime, PLACE, { revision: onTimeSeen.cart.checkout.revision })).placeOrder;
    expect(placed.__typename).toBe('Order');
    expect(placed.tickets!.map((ticket) => ticket.seat)).toEqual([41]);
  });

  it('a tickets-only cart whose holds expired is told what changed, not that it is empty', async () => {
    const match = await createMatch(app.prisma);
    const start = new Date();
    app.clock.now = () => start;
    const fan = await shopper();
    const seen = await readyToBuy(fan, match.id, [50]);
    app.clock.now = () => new Date(start.getTime() + HOLD_MS);
    const refused = (await ok<Placed>(fan, PLACE, { revision: seen.cart.checkout.revision })).placeOrder;
    expect(refused.__typename).toBe('OrderChangedError');
  });
});

describe('a cancelled order', () => {
  it('an unpaid bank transfer cancelled after its deadline puts its seats back on sale; its tickets let no one in', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    const seen = await readyToBuy(fan, match.id, [55, 56]);
    const placed = (await ok<Placed>(fan, PLACE, { revision: seen.cart.checkout.revision })).placeOrder;
    // the run skips an order another transaction holds locked (the background mail sender may be on its
    // confirmation just now: FOR UPDATE SKIP LOCKED) and takes it at its next run, so run it until it has
    const cancelled: number[] = [];
    await expect
      .poll(async () => {
        cancelled.push(...(await cancelUnpaidOrders(app.prisma, new Date(Date.now() + 60 * 24 * 3600_000))));
        return cancelled;
      })
      .toContain(placed.databaseId);
    expect(await app.prisma.eventSeat.count({ where: { eventId: match.event.id } })).toBe(0);
    expect((await checkInTicket(app.prisma, app.config, placed.tickets![0].code)).result).toBe('CANCELLED');
    expect((await ok<{ holdSeats: { __typename: string } }>(await shopper(), HOLD, { eventId: match.id, seats: [55] })).holdSeats.__typename).toBe('Cart');
  });
});

describe('tickets paid by bank transfer are due before their match (issue 40)', () => {
  const DEADLINE_CHECKOUT = `query TicketDeadlineCheckout { cart { checkout { revision canPlaceOrder ticketsPayBy bankTransferUnavailable problems { field message } } } }`;
  const DEADLINE_PLACE = `
    mutation TicketDeadlinePlace($revision: String!) {
      placeOrder(input: { revision: $revision }) {
        __typename
        ... on Order { databaseId number paymentDueAt }
        ... on Error { code message }
      }
    }`;
  type DeadlineCheckout = {
    cart: { checkout: { revision: string; canPlaceOrder: boolean; ticketsPayBy: string | null; bankTransferUnavailable: string | null; problems: { field: string; message: string }[] } };
  };
  type DeadlinePlaced = { placeOrder: { __typename: string; databaseId?: number; number?: string; paymentDueAt?: string; message?: string } };

  it('an order three days before kick-off is due a day before it (not in 7 days): summary, e-mail and invoice agree, and it is cancelled then', async () => {
    const kickoff = new Date(Date.now() + 72 * 3600_000);
    const match = await createMatch(app.prisma, { kickoff });
    const dueAt = new Date(kickoff.getTime() - app.config.ticketPaymentMarginHours * 3600_000);
    const fan = await shopper();
    await readyToBuy(fan, match.id, [3, 4]);
    const checkout = (await ok<DeadlineCheckout>(fan, DEADLINE_CHECKOUT)).cart.checkout;
    expect(checkout).toMatchObject({ canPlaceOrder: true, ticketsPayBy: dueAt.toISOString(), bankTransferUnavailable: null, problems: [] });
    const placed = (await ok<DeadlinePlaced>(fan, DEADLINE_PLACE, { revision: checkout.revision })).placeOrder;
    expect(placed).toMatchObject({ __typename: 'Order', paymentDueAt: dueAt.toISOString() });

    const mail = await confirmationMail(placed.number!);
    expect(mail.text).toContain(formatDate(dueAt, 'cs'));
    expect(mail.text).not.toContain(formatDate(new Date(Date.now() + app.config.bankTransferPaymentDays * 24 * 3600_000), 'cs'));
    const invoice = await pdfText(mail.attachments.find((attachment) => attachment.filename === `faktura-${placed.number}.pdf`)!.content);
    expect(invoice).toMatch(new RegExp(`Datum splatnosti\\s*${formatDate(dueAt, 'cs').replace(/\./g, '\\.')}`));

    // the unpaid-order job cancels it at that moment, and the seats are on sale again for the match
    expect(await cancelUnpaidOrders(app.prisma, new Date(dueAt.getTime() - 1000))).not.toContain(placed.databaseId);
    const cancelled: number[] = [];
    await expect
      .poll(async () => {
        cancelled.push(...(await cancelUnpaidOrders(app.prisma, dueAt)));
        return cancelled;
      })
      .toContain(placed.databaseId);
    expect(await app.prisma.eventSeat.count({ where: { eventId: match.event.id } })).toBe(0);
  });

  it('with too little time left bank transfer is not offered for tickets: the checkout says why (cs, en) and no order is written', async () => {
    const kickoff = new Date(Date.now() + 40 * 3600_000); // to be paid within 16 h: under the 24 h a transfer is given
    const match = await createMatch(app.prisma, { kickoff });
    const fan = await shopper();
    await readyToBuy(fan, match.id, [5]);
    const checkout = (await ok<DeadlineCheckout>(fan, DEADLINE_CHECKOUT)).cart.checkout;
    const deadline = formatDateTime(new Date(kickoff.getTime() - 24 * 3600_000), 'cs');
    const why = `Vstupenky je třeba zaplatit do ${deadline} a převod by už nemusel dorazit včas, proto platbu převodem nabízíme, jen když do té doby zbývá aspoň 24 hodin.`;
    expect(checkout.bankTransferUnavailable).toBe(why);
    expect(checkout.canPlaceOrder).toBe(false);
    expect(checkout.problems).toContainEqual({ field: 'paymentMethodId', message: why });
    const english = await fan.gql<DeadlineCheckout>(DEADLINE_CHECKOUT, {}, { 'x-shop-language': 'en' });
    expect(english.data!.cart.checkout.bankTransferUnavailable).toMatch(/^The tickets must be paid by .* so bank transfer is offered only while at least 24 hours are left until then\.$/);

    const orders = await app.prisma.order.count();
    const refused = (await ok<DeadlinePlaced>(fan, DEADLINE_PLACE, { revision: checkout.revision })).placeOrder;
    expect(refused.__typename).not.toBe('Order');
    expect(await app.prisma.order.count()).toBe(orders);
  });
});

describe('seats freed by the background jobs are announced live (decision 0041)', () => {
  it('the unpaid-order job cancelling an order and the sweep deleting an expired hold tell the open seat pickers', async () => {
    // an app of its own whose jobs run every 100 ms (the shared one runs none)
    const jobs = await createTestApp({ config: { unpaidOrdersIntervalMs: 100, holdSweepIntervalMs: 100 } });
    try {
      const jobMethods = await createCheckoutMethods(jobs.prisma);
      const match = await createMatch(jobs.prisma);
      const fan = jobs.newClient();
      await fan.ensureCsrfCookie();
      expect((await ok<{ holdSeats: { __typename: string } }>(fan, HOLD, { eventId: match.id, seats: [8, 7] })).holdSeats.__typename).toBe('Cart');
      await ok(fan, UPDATE, {
        input: { paymentMethodId: gid('PaymentMethod', jobMethods.payment['bank-transfer']), invoiceAddress: INVOICE_ADDRESS, termsAccepted: true },
      });
      const seen = await ok<Checkout>(fan, CHECKOUT);
      const placed = (await ok<Placed>(fan, PLACE, { revision: seen.cart.checkout.revision })).placeOrder;
      expect(placed.__typename).toBe('Order');

      const picker = await subscribeToSeatChanges(jobs, match.id);
      await jobs.seatChanges.ready();
      // the payment deadline passes: the job cancels the order and its seats are free again, live
      await jobs.prisma.order.update({ where: { id: placed.databaseId }, data: { paymentDueAt: new Date(Date.now() - 1000) } });
      expect(await picker.next()).toEqual({ taken: [], freed: [7, 8] });
      expect((await jobs.prisma.order.findUniqueOrThrow({ where: { id: placed.databaseId } })).status).toBe('CANCELLED');

      // a hold taken a quarter of an hour ago has expired: the sweep deletes it and says so
      const other = jobs.newClient();
      await other.ensureCsrfCookie();
      jobs.clock.now = () => new Date(Date.now() - HOLD_MS - 1000);
      expect((await ok<{ holdSeats: { __typename: string } }>(other, HOLD, { eventId: match.id, seats: [9] })).holdSeats.__typename).toBe('Cart');
      jobs.clock.now = () => new Date();
      expect(await picker.next()).toEqual({ taken: [9], freed: [] });
      expect(await picker.next()).toEqual({ taken: [], freed: [9] });
      picker.close();
    } finally {
      await jobs.close();
    }
  });
});

describe('ticket codes', () => {
  it('are refused when forged or altered, accepted once, then reported as used; the wrong event is named', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    // cash on delivery needs goods to deliver: the tickets of such an order are paid
    await addGoods(fan);
    const seen = await readyToBuy(fan, match.id, [12], { payment: 'cash-on-delivery', withGoods: true });
    const placed = (await ok<Placed>(fan, PLACE, { revision: seen.cart.checkout.revision })).placeOrder;
    const code = placed.tickets![0].code;
    expect(placed.tickets![0].paid).toBe(true);
    const claims = readTicketCode(app.config, code)!;

    // another seat, another order, another key: none passes
    const altered = code.replace(`.${claims.seat}.`, `.${claims.seat + 1}.`);
    expect(await checkInTicket(app.prisma, app.config, altered)).toEqual({ result: 'FORGED' });
    const otherKey = ticketCode({ ...app.config, ticketSecret: 'a-key-that-is-not-the-shops-0123456789' }, claims);
    expect(await checkInTicket(app.prisma, app.config, otherKey)).toEqual({ result: 'FORGED' });
    expect(await checkInTicket(app.prisma, app.config, 'T1.1.1.1.1.AAAAAAAAAAAAAAAAAAAAAA')).toEqual({ result: 'FORGED' });
    expect(await checkInTicket(app.prisma, app.config, 'nonsense')).toEqual({ result: 'FORGED' });

    expect((await checkInTicket(app.prisma, app.config, code, { eventSlug: 'jiny-zapas' })).result).toBe('WRONG_EVENT');
    const [first, second] = await Promise.all([
      checkInTicket(app.prisma, app.config, code, { eventSlug: match.slug }),
      checkInTicket(app.prisma, app.config, code, { eventSlug: match.slug }),
    ]);
    expect([first.result, second.result].sort()).toEqual(['USED', 'VALID']);
    expect((await checkInTicket(app.prisma, app.config, code)).result).toBe('USED');
  });

  it('of an unpaid bank-transfer order are refused at the gate (and not marked used)', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    const seen = await readyToBuy(fan, match.id, [13]);
    const placed = (await ok<Placed>(fan, PLACE, { revision: seen.cart.checkout.revision })).placeOrder;
    expect((await checkInTicket(app.prisma, app.config, placed.tickets![0].code)).result).toBe('UNPAID');
    await app.prisma.order.update({ where: { id: placed.databaseId }, data: { status: 'PAID' } });
    expect((await checkInTicket(app.prisma, app.config, placed.tickets![0].code)).result).toBe('VALID');
  });
});

describe('the confirmation e-mail', () => {
  it('carries one PDF with the tickets: the seat large, readable Czech, and that an unpaid transfer does not let in yet', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    const seen = await readyToBuy(fan, match.id, [22, 23]);
    const placed = (await ok<Placed>(fan, PLACE, { revision: seen.cart.checkout.revision })).placeOrder;
    const mail = await confirmationMail(placed.number!);
    const pdfs = mail.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
    expect(pdfs.map((attachment) => attachment.filename)).toEqual([`faktura-${placed.number}.pdf`, `vstupenky-${placed.number}.pdf`]);
    expect(mail.text).toContain(`Vstupenky na zápas najdete v příloze (vstupenky-${placed.number}.pdf)`);
    expect(mail.text).toContain('Vstupenky platí až po připsání platby za objednávku na náš účet.');
    const text = await pdfText(pdfs[1].content);
    expect(text).toContain('FC Vltavín – SK Moravan');
    expect(text).toContain('SEKTOR');
    expect(text).toContain('ŘADA');
    expect(text).toContain('MÍSTO');
    expect(text).toContain('NEZAPLACENO');
    for (const ticket of placed.tickets!) expect(text).toContain(ticket.code);
  });

  it('of a cash-on-delivery order: the tickets are valid, with no unpaid warning', async () => {
    const match = await createMatch(app.prisma);
    const fan = await shopper();
    await addGoods(fan);
    const seen = await readyToBuy(fan, match.id, [24], { payment: 'cash-on-delivery', withGoods: true });
    const placed = (await ok<Placed>(fan, PLACE, { revision: seen.cart.checkout.revision })).placeOrder;
    const mail = await confirmationMail(placed.number!);
    const tickets = mail.attachments.find((attachment) => attachment.filename === `vstupenky-${placed.number}.pdf`)!;
    const text = await pdfText(tickets.content);
    expect(text).not.toContain('NEZAPLACENO');
    expect(text).toContain('Při vstupu ukažte QR kód');
  });
});
