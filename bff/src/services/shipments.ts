// Shipments (issue 43 section 2, decision 0068): an order's parcel handed to the carrier of its delivery
// method, exactly once even when the process dies half-way. The steps, each its own commit:
//   1. claim   a PENDING Shipment row (one active per order: Shipment.activeOrderId is unique), written
//              BEFORE the carrier is asked;
//   2. create  the carrier's packet (Packeta's createPacket, the order number as its `number`);
//   3. record  CREATED with the packet id, tracking number and link, at once;
//   4. label   fetched (packetLabelPdf) and stored with the shipment;
//   5. finish  markShipped (the order state machine's move to SHIPPED) and Shipment.completedAt, in one
//              transaction.
// A retry resumes where the last run stopped: CREATED goes on to 4 and 5 and never asks for a second
// packet. A PENDING row found by a retry means an earlier call's outcome is unknown (a crash between 2
// and 3, a timeout, a broken answer): Packeta's API cannot look a packet up by its number, so the shop
// does not guess. It refuses with SHIPMENT_UNCERTAIN until the operator says what Packeta's client
// section shows: the packet's id (adoptPacketId: checked with packetStatus, then recorded) or that there
// is none (noPacketExists: the row is closed as FAILED and a new attempt starts). A call that certainly
// failed (Packeta answered with a fault, or was never reached) closes its row as FAILED at once, so the
// next attempt creates the packet without asking anyone. A courier's parcel is one transaction: there
// is no call to lose.
import type { Db } from '../db/client.ts';
import type { Prisma, Shipment } from '../generated/prisma/client.ts';
import { inTransaction, type ChangeRecorder, type Tx } from '../events/record.ts';
import { carrierFor, CarrierError, type Carrier, type CarrierSetup, type Parcel, type ParcelOrder, type PdfBytes } from '../carriers/index.ts';
import { CASH_ON_DELIVERY_PAYMENT_CODE } from '../../../schema/rules/constants.ts';
import { readAddress } from './checkout.ts';
import { ShopError } from './errors.ts';
import { reader } from './json-columns.ts';

/** A shipment was refused; nothing was sent. The message is English (the operator's tools) and says what to do. */
export class ShipmentError extends ShopError {}

/** The weight sent to the carrier when the operator gives none: the shop's goods carry no weights (yet). */
export const DEFAULT_PARCEL_WEIGHT_KG = 1;

/**
 * Orders a parcel may be made for: paid ones, and unpaid cash-on-delivery ones (paid when delivered).
 * The state machine's markShipped has the last word; this only keeps a packet from being created for
 * an order that could never be shipped.
 */
function mayShip(order: { status: string; paymentCode: string }): boolean {
  return order.status === 'PAID' || order.status === 'PROCESSING' || (order.status === 'NEW' && order.paymentCode === CASH_ON_DELIVERY_PAYMENT_CODE);
}

/** What markShipped gets: the parcel the order leaves with. */
export type ShippedParcel = { shipmentId: number; carrier: string; packetId: string; trackingNumber: string; trackingUrl: string | null };

/**
 * Moves the order to SHIPPED in the shipment's finishing transaction (the state machine's
 * moveOrder(tx, { orderId, to: 'SHIPPED', details: { carrier, trackingNumber, trackingUrl } })). If it
 * throws, nothing of that transaction stays and the shipment waits, CREATED, for the next attempt.
 */
export type MarkShipped = (tx: Tx, orderId: number, shipment: ShippedParcel, changes: ChangeRecorder) => Promise<void>;

export type ShipOptions = {
  carriers: CarrierSetup;
  /** A courier's tracking number, as the operator typed it. */
  trackingNumber?: string | null;
  /** After SHIPMENT_UNCERTAIN: the id of the packet the interrupted attempt created (Packeta's client section shows it by the order number). */
  adoptPacketId?: string | null;
  /** After SHIPMENT_UNCERTAIN: the operator checked that the interrupted attempt created no packet. */
  noPacketExists?: boolean;
  weightKg?: number;
  /** Test seams (decision 0059: passed in): a throw here stands for the process dying at that point. */
  hooks?: { beforeParcelRecorded?: () => Promise<void>; afterParcelRecorded?: () => Promise<void> };
};

export type ShipmentView = {
  id: number;
  carrier: string;
  state: Shipment['state'];
  packetId: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  hasLabel: boolean;
  completedAt: Date | null;
};

export type ShipResult = { result: 'SHIPPED' | 'ALREADY_SHIPPED'; orderNumber: string; shipment: ShipmentView };

function view(shipment: Shipment): ShipmentView {
  const { id, carrier, state, packetId, trackingNumber, trackingUrl, completedAt } = shipment;
  return { id, carrier, state, packetId, trackingNumber, trackingUrl, hasLabel: shipment.labelPdf !== null, completedAt };
}

const orderInclude = { deliveryMethod: true, pickupPoint: true } satisfies Prisma.OrderInclude;
type ShippableOrder = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

/** The pick-up point the parcel goes to: the point itself, else what the order kept of it. */
function pickupPointOf(order: ShippableOrder): ParcelOrder['pickupPoint'] {
  if (order.pickupPoint) return { provider: order.pickupPoint.provider, providerId: order.pickupPoint.providerId };
  if (order.pickupPointSnapshot === null) return null;
  const snapshot = reader('Order.pickupPointSnapshot', order.pickupPointSnapshot);
  return { provider: snapshot.field('provider').string(), providerId: snapshot.field('providerId').string() };
}

export function parcelOrder(order: ShippableOrder, weightKg: number): ParcelOrder {
  const delivery = readAddress(order.deliveryAddress);
  const invoice = readAddress(order.invoiceAddress);
  const person = delivery && (delivery.firstName || delivery.lastName) ? delivery : invoice;
  return {
    orderNumber: order.number,
    language: order.language,
    currency: order.currency,
    firstName: person?.firstName ?? '',
    lastName: person?.lastName ?? '',
    email: order.email,
    phone: order.phone,
    valueMinor: order.totalGross,
    codMinor: order.paymentCode === CASH_ON_DELIVERY_PAYMENT_CODE && order.status !== 'PAID' ? order.totalGross : 0,
    weightKg,
    pickupPoint: pickupPointOf(order),
    address: delivery ? { street: delivery.street, city: delivery.city, postcode: delivery.postcode, country: delivery.country } : null,
  };
}

async function loadOrder(db: Db, orderId: number): Promise<ShippableOrder> {
  const order = await db.order.findUnique({ where: { id: orderId }, include: orderInclude });
  if (!order) throw new ShipmentError('ORDER_NOT_FOUND', `There is no order with id ${orderId}.`);
  if (!order.deliveryMethod) throw new ShipmentError('NO_DELIVERY_METHOD', `Order ${order.number} has no delivery method (it was deleted since); it cannot be handed to a carrier.`);
  return order;
}

/** The active shipment of an order, the order row locked so that two attempts take turns. */
async function lockedActive(tx: Tx, orderId: number): Promise<Shipment | null> {
  await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  return tx.shipment.findUnique({ where: { activeOrderId: orderId } });
}

function uncertain(order: ShippableOrder, shipment: Shipment): ShipmentError {
  const why = shipment.error ? `: ${shipment.error}` : ' (the process stopped before Packeta\'s answer was recorded)';
  return new ShipmentError(
    'SHIPMENT_UNCERTAIN',
    `An earlier attempt to hand order ${order.number} to ${shipment.carrier} (started ${shipment.createdAt.toISOString()}) did not finish${why}. ` +
      `It may have created a packet. Look for packet number ${order.number} in Packeta's client section: if there is one, ship again with its packet id; if there is none, ship again saying that no packet exists.`,
  );
}

/**
 * Hands an order's parcel to its carrier and moves the order to SHIPPED through `markShipped`, exactly
 * once: a second call for a shipped order answers ALREADY_SHIPPED and changes nothing. See the top of
 * this file for the steps and what a retry does after a crash.
 */
export async function shipOrder(db: Db, orderId: number, options: ShipOptions, markShipped: MarkShipped): Promise<ShipResult> {
  const order = await loadOrder(db, orderId);
  const method = order.deliveryMethod!;
  const carrier = carrierFor(method, options.carriers, pickupPointOf(order)?.provider === 'demo');
  if (!carrier) {
    throw new ShipmentError('NOT_SHIPPED', `Order ${order.number} is picked up in the store: it is not handed to a carrier (it becomes ready for pickup instead).`);
  }
  const done = await db.shipment.findUnique({ where: { activeOrderId: orderId } });
  if (done?.completedAt) return { result: 'ALREADY_SHIPPED', orderNumber: order.number, shipment: view(done) };
  if (!mayShip(order)) throw new ShipmentError('NOT_SHIPPABLE', `Order ${order.number} is ${order.status}: only a paid order (or an unpaid one with cash on delivery) is shipped.`);
  if (carrier.takesTrackingNumber !== !!options.trackingNumber) {
    throw new ShipmentError(
      'TRACKING_NUMBER',
      carrier.takesTrackingNumber
        ? `Order ${order.number} goes by courier: give the courier's tracking number.`
        : `Order ${order.number} goes with ${carrier.code}, which gives the tracking number itself: give none.`,
    );
  }
  const parcel = parcelOrder(order, options.weightKg ?? DEFAULT_PARCEL_WEIGHT_KG);

  if (carrier.takesTrackingNumber) return shipByCourier(db, order, carrier, parcel, options.trackingNumber!, markShipped);

  let shipment = await claim(db, order, carrier, options);
  if (shipment.completedAt) return { result: 'ALREADY_SHIPPED', orderNumber: order.number, shipment: view(shipment) };
  if (shipment.state === 'PENDING') shipment = await createParcel(db, shipment, carrier, parcel, options);
  return finish(db, order, shipment, carrier, markShipped);
}

/** Step 1: the active shipment to go on with: a new PENDING one, a CREATED one, or the resolution of an uncertain one. */
async function claim(db: Db, order: ShippableOrder, carrier: Carrier, options: ShipOptions): Promise<Shipment> {
  const resolving = !!options.adoptPacketId || !!options.noPacketExists;
  const nothingUncertain = () =>
    new ShipmentError('NOTHING_UNCERTAIN', `Order ${order.number} has no interrupted attempt to resolve: ship it without a packet id and without "no packet".`);
  const found = await inTransaction(db, async (tx) => {
    const active = await lockedActive(tx, order.id);
    if (active) return active;
    if (resolving) throw nothingUncertain();
    return { ...(await tx.shipment.create({ data: { orderId: order.id, activeOrderId: order.id, carrier: carrier.code, state: 'PENDING' } })), fresh: true as const };
  });
  if ('fresh' in found) return found;
  if (found.state !== 'PENDING') {
    if (resolving) throw nothingUncertain();
    return found;
  }
  // an earlier attempt's outcome is unknown
  if (options.adoptPacketId) {
    const adopted = await carrier.findParcel(options.adoptPacketId.trim(), { language: order.language });
    return recordParcel(db, found.id, adopted);
  }
  if (options.noPacketExists) {
    return inTransaction(db, async (tx) => {
      await tx.shipment.update({ where: { id: found.id, state: 'PENDING' }, data: { state: 'FAILED', activeOrderId: null, error: `${found.error || 'interrupted'}; the operator found no packet` } });
      return tx.shipment.create({ data: { orderId: order.id, activeOrderId: order.id, carrier: carrier.code, state: 'PENDING' } });
    });
  }
  throw uncertain(order, found);
}

/** Steps 2 and 3: the carrier's packet, recorded at once; a certain refusal closes the row, an unknown outcome keeps it PENDING. */
async function createParcel(db: Db, shipment: Shipment, carrier: Carrier, parcel: ParcelOrder, options: ShipOptions): Promise<Shipment> {
  let created: Parcel;
  try {
    created = await carrier.createParcel(parcel, null);
  } catch (error) {
    if (error instanceof CarrierError) {
      await db.shipment.update({
        where: { id: shipment.id },
        data: error.certain ? { state: 'FAILED', activeOrderId: null, error: error.message } : { error: error.message },
      });
    }
    throw error;
  }
  await options.hooks?.beforeParcelRecorded?.();
  const recorded = await recordParcel(db, shipment.id, created);
  await options.hooks?.afterParcelRecorded?.();
  return recorded;
}

function recordParcel(db: Db, shipmentId: number, parcel: Parcel): Promise<Shipment> {
  return db.shipment.update({
    where: { id: shipmentId, state: 'PENDING' },
    data: { state: 'CREATED', packetId: parcel.packetId, trackingNumber: parcel.trackingNumber, trackingUrl: parcel.trackingUrl, error: '' },
  });
}

/** Steps 4 and 5: the label stored, then the order moved to SHIPPED with completedAt in one transaction. */
async function finish(db: Db, order: ShippableOrder, shipment: Shipment, carrier: Carrier, markShipped: MarkShipped): Promise<ShipResult> {
  if (!shipment.labelPdf) {
    const label = await carrier.label({ packetId: shipment.packetId!, orderNumber: order.number });
    if (label) shipment = await db.shipment.update({ where: { id: shipment.id }, data: { labelPdf: label } });
  }
  const finished = await inTransaction(db, async (tx, changes) => {
    const current = await lockedActive(tx, order.id);
    if (!current || current.id !== shipment.id) throw new ShipmentError('SHIPMENT_CHANGED', `Order ${order.number}'s shipment changed meanwhile; run it again.`);
    if (current.completedAt) return { result: 'ALREADY_SHIPPED' as const, shipment: current };
    await markShipped(tx, order.id, shipped(current), changes);
    return { result: 'SHIPPED' as const, shipment: await tx.shipment.update({ where: { id: current.id }, data: { completedAt: new Date() } }) };
  });
  return { result: finished.result, orderNumber: order.number, shipment: view(finished.shipment) };
}

function shipped(shipment: Shipment): ShippedParcel {
  return { shipmentId: shipment.id, carrier: shipment.carrier, packetId: shipment.packetId!, trackingNumber: shipment.trackingNumber!, trackingUrl: shipment.trackingUrl };
}

/** A courier's parcel: the typed tracking number recorded and the order moved, in one transaction. */
async function shipByCourier(db: Db, order: ShippableOrder, carrier: Carrier, parcel: ParcelOrder, trackingNumber: string, markShipped: MarkShipped): Promise<ShipResult> {
  const created = await carrier.createParcel(parcel, trackingNumber);
  return inTransaction(db, async (tx, changes) => {
    const active = await lockedActive(tx, order.id);
    if (active?.completedAt) return { result: 'ALREADY_SHIPPED', orderNumber: order.number, shipment: view(active) };
    if (active) throw uncertain(order, active);
    const shipment = await tx.shipment.create({
      data: { orderId: order.id, activeOrderId: order.id, carrier: carrier.code, state: 'CREATED', packetId: created.packetId, trackingNumber: created.trackingNumber, trackingUrl: created.trackingUrl },
    });
    await markShipped(tx, order.id, shipped(shipment), changes);
    return { result: 'SHIPPED', orderNumber: order.number, shipment: view(await tx.shipment.update({ where: { id: shipment.id }, data: { completedAt: new Date() } })) };
  });
}

/** The order (by number) and its parcel with a packet: the active shipment once created. */
async function createdShipmentOf(db: Db, orderNumber: string): Promise<{ orderId: number; language: 'cs' | 'en'; shipment: Shipment }> {
  const order = await db.order.findUnique({ where: { number: orderNumber }, select: { id: true, language: true, shipments: { where: { state: 'CREATED' }, orderBy: { id: 'desc' }, take: 1 } } });
  if (!order) throw new ShipmentError('ORDER_NOT_FOUND', `There is no order ${orderNumber}.`);
  const [shipment] = order.shipments;
  if (!shipment) throw new ShipmentError('NO_SHIPMENT', `Order ${orderNumber} has no parcel yet: ship it first.`);
  return { orderId: order.id, language: order.language, shipment };
}

/**
 * The A6 label of an order's parcel as a PDF: the stored one, else (a parcel whose label could not be
 * fetched when it was created) downloaded from the carrier now and stored. A courier's parcel has none.
 */
export async function labelOf(db: Db, orderNumber: string, carriers?: CarrierSetup): Promise<PdfBytes> {
  const { shipment } = await createdShipmentOf(db, orderNumber);
  if (shipment.labelPdf) return new Uint8Array(shipment.labelPdf);
  if (shipment.carrier === 'courier') throw new ShipmentError('NO_LABEL', `Order ${orderNumber} goes by courier: the shop prints no label for it (the courier does).`);
  if (!carriers) throw new ShipmentError('NO_LABEL', `Order ${orderNumber}'s label has not been downloaded yet.`);
  const carrier = carrierFor({ carrier: shipment.carrier, carrierAddressId: null, trackingUrlTemplate: null }, carriers)!;
  const label = await carrier.label({ packetId: shipment.packetId!, orderNumber });
  if (!label) throw new ShipmentError('NO_LABEL', `Order ${orderNumber} has no label.`);
  await db.shipment.update({ where: { id: shipment.id }, data: { labelPdf: label } });
  return label;
}

/**
 * Several orders' Packeta labels, four A6 labels to an A4 page in the order given, as Packeta prints them
 * (packetsLabelsPdf, "A6 on A4"). Every order must have a parcel of the same label-printing carrier; the
 * first that has not is named.
 */
export async function labelSheet(db: Db, orderNumbers: readonly string[], carriers: CarrierSetup): Promise<PdfBytes> {
  if (orderNumbers.length === 0) throw new ShipmentError('NO_SHIPMENT', 'Name at least one order.');
  const parcels: { packetId: string; orderNumber: string }[] = [];
  let carrierCode: string | null = null;
  for (const number of new Set(orderNumbers)) {
    const { shipment } = await createdShipmentOf(db, number);
    if (shipment.carrier === 'courier') throw new ShipmentError('NO_LABEL', `Order ${number} goes by courier: the shop prints no label for it.`);
    if (carrierCode !== null && shipment.carrier !== carrierCode) throw new ShipmentError('NO_LABEL', `Order ${number} went with ${shipment.carrier}, the others with ${carrierCode}: print them on separate sheets.`);
    carrierCode = shipment.carrier;
    parcels.push({ packetId: shipment.packetId!, orderNumber: number });
  }
  const carrier = carrierFor({ carrier: carrierCode!, carrierAddressId: null, trackingUrlTemplate: null }, carriers)!;
  const sheet = await carrier.labelSheet(parcels);
  if (!sheet) throw new ShipmentError('NO_LABEL', 'These parcels have no labels the shop can print.');
  return sheet;
}

/** An order's shipments, newest first (for `npm run order` and the order's detail). */
export async function shipmentsOf(db: Db | Tx, orderId: number): Promise<ShipmentView[]> {
  const shipments = await db.shipment.findMany({ where: { orderId }, orderBy: { id: 'desc' } });
  return shipments.map(view);
}
