// The thank-you page after "Koupit a zaplatit" (issue 44 section 2, docs/decisions/0076): the order
// just placed in this browser session (placeOrder remembers it there, and keeps its summary link's
// secret), and, once per order, what the comparison sites' and Google's conversion scripts need.
// Browser sessions only; the rules live in services/conversions.ts.
import { builder, PERSONAL_ANSWER } from './builder.ts';
import type { Context } from '../context.ts';
import { claimConversion, type ConversionMeasurement } from '../../services/conversions.ts';

type PlacedOrder = { databaseId: number; number: string; email: string };

function placedOrderId(ctx: Context): number | null {
  if (ctx.partner !== null || ctx.accessTokenId !== undefined) return null;
  const id = ctx.session.placedOrderId;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

const PlacedOrderRef = builder.objectRef<PlacedOrder>('PlacedOrder').implement({
  description: 'The order this browser session placed last (the thank-you page shows it).',
  fields: (t) => ({
    databaseId: t.exposeInt('databaseId', { description: 'Its number in the database: the summary at /objednavka/shrnuti/{databaseId} (the session keeps its secret).' }),
    number: t.exposeString('number', { description: 'The order number the shopper quotes.' }),
    email: t.exposeString('email', { description: 'Where its confirmation went.' }),
  }),
});

const ConversionItemRef = builder.objectRef<ConversionMeasurement['items'][number]>('ConversionItem').implement({
  description: 'An order line as the conversion scripts report it.',
  fields: (t) => ({
    itemId: t.exposeString('itemId', { description: 'The variant’s ITEM_ID, as in the product feeds.' }),
    name: t.exposeString('name', { description: 'The product’s name at the order.' }),
    unitGross: t.exposeInt('unitGross', { description: 'The unit price with VAT, minor units.' }),
    quantity: t.exposeInt('quantity', { description: 'Pieces.' }),
  }),
});

const ConversionMeasurementRef = builder.objectRef<ConversionMeasurement>('ConversionMeasurement').implement({
  description: 'What the thank-you page’s conversion scripts report, handed out once per order; the keys are the scripts’ public ones.',
  fields: (t) => ({
    orderNumber: t.exposeString('orderNumber', { description: 'The order number.' }),
    currency: t.exposeString('currency', { description: 'CZK or EUR.' }),
    totalGross: t.exposeInt('totalGross', { description: 'The total with VAT, minor units.' }),
    items: t.field({ type: [ConversionItemRef], description: 'The order’s lines.', resolve: (measurement) => measurement.items }),
    heurekaKey: t.exposeString('heurekaKey', { nullable: true, description: 'Heureka’s conversion key (HEUREKA_CONVERSION_KEY); null: no Heureka script.' }),
    zboziShopId: t.exposeString('zboziShopId', { nullable: true, description: 'Zboží.cz shop id (ZBOZI_SHOP_ID); null: no Zboží call.' }),
    googleSendTo: t.exposeString('googleSendTo', { nullable: true, description: 'Google Ads send_to (GOOGLE_ADS_CONVERSION); null: no Google tag.' }),
  }),
});

builder.queryField('placedOrder', (t) =>
  t.field({
    ...PERSONAL_ANSWER,
    type: PlacedOrderRef,
    nullable: true,
    description: 'The order this browser session placed last (placeOrder keeps it); null when there is none.',
    resolve: async (_root, _a, ctx) => {
      const id = placedOrderId(ctx);
      if (id === null) return null;
      const order = await ctx.prisma.order.findUnique({ where: { id }, select: { id: true, number: true, email: true } });
      return order ? { databaseId: order.id, number: order.number, email: order.email } : null;
    },
  }),
);

builder.mutationField('claimConversion', (t) =>
  t.field({
    type: ConversionMeasurementRef,
    nullable: true,
    description:
      'For the thank-you page of a visitor who granted advertising consent: the session’s last order for the conversion scripts. ' +
      'Answers once per order (the order is marked then); null afterwards, without an order, or when no script key is set.',
    resolve: (_root, _a, ctx) => {
      const id = placedOrderId(ctx);
      return id === null ? null : claimConversion(ctx.prisma, ctx.config.conversions, id);
    },
  }),
);
