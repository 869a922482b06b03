// Conversion measuring and Heureka's "Ověřeno zákazníky" (issue 44 section 2, docs/decisions/0076,
// docs/marketing.md).
//
// Server side: placeOrder writes one outbox row per channel whose keys are set (Heureka's order log,
// Zboží's backend conversion) in the order's own transaction, unless the shopper ticked the opt-out;
// bff/src/jobs/conversions.ts sends them later, so a slow or dead endpoint never holds an order. The
// rows carry no keys: the sender adds them from the environment when it sends.
//
// Browser side: the thank-you page asks once per order for what the conversion scripts need
// (claimConversion): the first ask with advertising consent marks the order, so a reload, a second tab
// or a back button never counts it twice.
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Config, ConversionSettings } from '../config.ts';
import { feedItemId } from '../../../schema/rules/feed-item.ts';

type Tx = Prisma.TransactionClient;

export type ConversionChannel = 'HEUREKA_ORDER_LOG' | 'ZBOZI_CONVERSION';

/** The channels whose server-side keys are set. */
export function serverChannels(settings: ConversionSettings): ConversionChannel[] {
  const channels: ConversionChannel[] = [];
  if (settings.heurekaVerifiedKey) channels.push('HEUREKA_ORDER_LOG');
  if (settings.zboziShopId && settings.zboziPrivateKey) channels.push('ZBOZI_CONVERSION');
  return channels;
}

/** Whether the checkout offers the questionnaire's opt-out: only when something would be sent. */
export function surveyOffered(config: Pick<Config, 'conversions'>): boolean {
  return serverChannels(config.conversions).length > 0;
}

/**
 * Inside placeOrder's transaction: the server-side calls of the order, unless the shopper ticked the
 * opt-out. Zboží measures CZK orders only (its prices are crowns); Heureka's order log carries no price.
 */
export async function enqueueConversions(tx: Tx, config: Pick<Config, 'conversions'>, order: { id: number; currency: string; surveyOptOut: boolean }): Promise<number> {
  if (order.surveyOptOut) return 0;
  const channels = serverChannels(config.conversions).filter((channel) => channel !== 'ZBOZI_CONVERSION' || order.currency === 'CZK');
  if (channels.length === 0) return 0;
  const { count } = await tx.conversionDelivery.createMany({ data: channels.map((channel) => ({ orderId: order.id, channel })), skipDuplicates: true });
  return count;
}

/** Minor units as the APIs want prices: crowns with up to two decimals. */
function major(minor: number): number {
  return Math.round(minor) / 100;
}

const orderSelect = {
  id: true,
  number: true,
  email: true,
  currency: true,
  deliveryPrice: true,
  deliveryMethod: { select: { heurekaDeliveryId: true, isPickup: true } },
  paymentCode: true,
  paymentPrice: true,
  lines: { select: { variantCode: true, name: true, unitPriceGross: true, quantity: true }, orderBy: { id: 'asc' } },
} as const satisfies Prisma.OrderSelect;

export type ConversionOrder = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

export function loadConversionOrder(db: Db, orderId: number): Promise<ConversionOrder | null> {
  return db.order.findUnique({ where: { id: orderId }, select: orderSelect });
}

/** The body of Heureka's order log (POST …/shop-certification/v2/order/log). */
export function heurekaOrderLogBody(order: ConversionOrder, apiKey: string) {
  return {
    apiKey,
    email: order.email,
    orderId: Number(order.number),
    productItemIds: [...new Set(order.lines.map((line) => feedItemId(line.variantCode)))],
  };
}

/** Heureka's DELIVERY_ID of the order's delivery method (Zboží takes the same ids), as the feeds give it. */
function deliveryType(order: ConversionOrder): string {
  const method = order.deliveryMethod;
  if (method?.heurekaDeliveryId) return method.heurekaDeliveryId;
  return method?.isPickup ? 'VLASTNI_VYDEJNI_MISTA' : 'VLASTNI_PREPRAVA';
}

/** The body of Zboží's backend conversion (POST …/action/{shopId}/conversion/backend). */
export function zboziConversionBody(order: ConversionOrder, privateKey: string, sandbox: boolean) {
  return {
    PRIVATE_KEY: privateKey,
    sandbox,
    orderId: order.number,
    email: order.email,
    deliveryType: deliveryType(order),
    deliveryPrice: major(order.deliveryPrice),
    otherCosts: major(order.paymentPrice),
    paymentType: order.paymentCode,
    cart: order.lines.map((line) => ({
      itemId: feedItemId(line.variantCode),
      productName: line.name,
      unitPrice: major(line.unitPriceGross),
      quantity: line.quantity,
    })),
  };
}

// ------------------------------------------------------------------ the thank-you page

/** What the thank-you page's scripts are handed (all public: the keys of the browser scripts). */
export type ConversionMeasurement = {
  orderNumber: string;
  currency: string;
  /** The order's total with VAT, in minor units. */
  totalGross: number;
  items: { itemId: string; name: string; unitGross: number; quantity: number }[];
  heurekaKey: string | null;
  zboziShopId: string | null;
  /** Google Ads' send_to, AW-…/label. */
  googleSendTo: string | null;
};

/** Whether any browser script is configured. */
export function browserChannelsSet(settings: ConversionSettings): boolean {
  return Boolean(settings.heurekaConversionKey || settings.zboziShopId || settings.googleAdsConversion);
}

/**
 * The order's measurement for its thank-you page, handed out once: the first call marks the order
 * (one conditional UPDATE, so two tabs at once get it once); later calls get null, as does an order
 * of another session (the caller passes only the session's own order) or a shop without keys.
 */
export async function claimConversion(db: Db, settings: ConversionSettings, orderId: number, now = new Date()): Promise<ConversionMeasurement | null> {
  if (!browserChannelsSet(settings)) return null;
  const { count } = await db.order.updateMany({ where: { id: orderId, conversionMeasuredAt: null }, data: { conversionMeasuredAt: now } });
  if (count === 0) return null;
  const order = await db.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { number: true, currency: true, totalGross: true, lines: { select: { variantCode: true, name: true, unitPriceGross: true, quantity: true }, orderBy: { id: 'asc' } } },
  });
  return {
    orderNumber: order.number,
    currency: order.currency,
    totalGross: order.totalGross,
    items: order.lines.map((line) => ({ itemId: feedItemId(line.variantCode), name: line.name, unitGross: line.unitPriceGross, quantity: line.quantity })),
    heurekaKey: settings.heurekaConversionKey,
    zboziShopId: settings.zboziShopId,
    googleSendTo: settings.googleAdsConversion ? `${settings.googleAdsConversion.id}/${settings.googleAdsConversion.label}` : null,
  };
}
