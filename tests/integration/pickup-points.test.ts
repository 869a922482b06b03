// Pick-up points (issue 24, item 1): the Packeta feed through a local fake (stored, bad rows skipped,
// size limit and timeout survived, a vanished point closed), the search by town, street and PSČ with
// distances, and the 'parcel-point' delivery in checkout: refused without a chosen, existing, open
// point (the spec's style of message, both languages), accepted with one, the point's address kept
// on the order as its delivery address and shown in the confirmation e-mail and on the invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, type TestApp, type TestClient } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { createCheckoutMethods, INVOICE_ADDRESS, type CheckoutMethods } from '../support/checkout.ts';
import { gid } from '../support/global-id.ts';
import { PACKETA_BAD_ROWS, PACKETA_BRANCHES, startFakePacketa, type FakePacketa } from '../support/fake-packeta.ts';
import { mailsTo } from '../support/mailbox.ts';
import { pdfText } from '../support/pdf-text.ts';
import { PACKETA_PROVIDER, refreshPacketaPoints, storePickupPoints, DEMO_PROVIDER } from '../../bff/src/services/pickup-point-feed.ts';
import { invoicePath } from '../../bff/src/services/invoices.ts';
import { demoPickupPoints } from '../../prisma/seed/data/pickup-points.ts';
import { seedDemoDataIfEmpty } from '../../bff/src/demo-data.ts';

const SearchPoints = graphql(`
  query PickupPointsSearch($search: String, $postcode: String, $first: Int) {
    pickupPoints(search: $search, postcode: $postcode, first: $first) {
      distanceKm
      distanceText
      point {
        id
        name
        type
        street
        city
        postcode
        country
        open
        openingHours
        openingHoursText
      }
    }
  }
`);

const AddLine = graphql(`
  mutation PickupPointAdd($variantId: ID!) {
    addToCart(variantId: $variantId) {
      __typename
    }
  }
`);

const Update = graphql(`
  mutation PickupPointUpdate($input: CheckoutInput!) {
    updateCheckout(input: $input) {
      __typename
      ... on Cart {
        checkout {
          revision
          deliveryMethod {
            code
            needsPickupPoint
          }
          pickupPoint {
            id
            name
          }
          problems {
            field
            message
          }
        }
      }
      ... on ValidationError {
        message
        fieldErrors {
          field
          message
        }
      }
    }
  }
`);

const Place = graphql(`
  mutation PickupPointPlace($revision: String!) {
    placeOrder(input: { revision: $revision }) {
      __typename
      ... on Order {
        databaseId
        hash
        deliveryAddress {
          firstName
          lastName
          company
          street
          city
          postcode
          country
        }
      }
      ... on ValidationError {
        message
        fieldErrors {
          field
          message
        }
      }
    }
  }
`);

let app: TestApp;
let packeta: FakePacketa;
let methods: CheckoutMethods;
let variantId: number;

beforeAll(async () => {
  packeta = await startFakePacketa();
  app = await createTestApp({ config: { packetaApiKey: packeta.apiKey, packetaFeedUrl: packeta.url, packetaFeedTimeoutMs: 1000, packetaFeedMaxBytes: 1024 * 1024 } });
  methods = await createCheckoutMethods(app.prisma);
  variantId = (await createProduct(app.prisma)).variants[0].id;
  // the demo network is in the database too: with an API key it is never offered
  await storePickupPoints(app.prisma, DEMO_PROVIDER, demoPickupPoints());
});

afterAll(async () => {
  await app?.close();
  await packeta?.close();
});

const feedOptions = () => ({ apiKey: packeta.apiKey, url: packeta.url, timeoutMs: 1000, maxBytes: 1024 * 1024 });
const points = (provider = PACKETA_PROVIDER) => app.prisma.pickupPoint.findMany({ where: { provider }, orderBy: { providerId: 'asc' } });

let addressCounter = 0;
async function browser(language: 'cs' | 'en' = 'cs'): Promise<TestClient> {
  const n = ++addressCounter;
  const client = app.newClient({ 'x-forwarded-for': `10.88.0.${n}`, 'x-shop-language': language });
  await client.ensureCsrfCookie();
  return client;
}

async function search(variables: { search?: string; postcode?: string; first?: number }, language: 'cs' | 'en' = 'cs') {
  const response = await (await browser(language)).gql(SearchPoints, variables);
  expect(response.errors).toBeUndefined();
  return response.data!.pickupPoints;
}

async function pointId(providerId: string) {
  return (await app.prisma.pickupPoint.findUniqueOrThrow({ where: { provider_providerId: { provider: PACKETA_PROVIDER, providerId } } })).id;
}

async function update(client: TestClient, input: Record<string, unknown>) {
  const response = await client.gql(Update, { input });
  expect(response.errors).toBeUndefined();
  return response.data!.updateCheckout;
}

/** A shopper with goods and a complete checkout but for the point: parcel-point delivery, cash on delivery. */
async function parcelShopper(language: 'cs' | 'en' = 'cs', email = `bod-${++addressCounter}@example.cz`) {
  const client = await browser(language);
  const added = await client.gql(AddLine, { variantId: gid('Variant', variantId) });
  expect(added.data!.addToCart.__typename).toBe('Cart');
  const saved = await update(client, {
    deliveryMethodId: gid('DeliveryMethod', methods.delivery['parcel-point']),
    paymentMethodId: gid('PaymentMethod', methods.payment['cash-on-delivery']),
    invoiceAddress: { ...INVOICE_ADDRESS, email },
    termsAccepted: true,
  });
  expect(saved.__typename).toBe('Cart');
  return { client, email, saved: saved as Extract<typeof saved, { __typename: 'Cart' }> };
}

describe('the Packeta feed', () => {
  it('stores the usable branches, skips the bad rows, and reads type, hours and status', async () => {
    const outcome = await refreshPacketaPoints(app.prisma, feedOptions());
    expect(outcome).toEqual({ stored: Object.keys(PACKETA_BRANCHES).length, skipped: Object.keys(PACKETA_BAD_ROWS).length });
    const stored = await points();
    expect(stored.map((point) => point.providerId)).toEqual(['1001', '1002', '1003', '1004', '1005', '1006']);
    const byId = Object.fromEntries(stored.map((point) => [point.providerId, point]));
    expect(byId['1001']).toMatchObject({ name: 'Brno, Kobližná 4 (Trafika U Kobližné)', type: 'POINT', street: 'Kobližná 4', city: 'Brno', postcode: '602 00', country: 'CZ', latitude: 49.19478, open: true });
    expect(byId['1002'].postcode).toBe('602 00');
    expect(byId['1002'].openingHours).toEqual(['09:00–12:00, 13:00–17:00', '09:00–12:00, 13:00–17:00', '09:00–12:00, 13:00–17:00', '09:00–12:00, 13:00–17:00', '09:00–12:00, 13:00–17:00', '', '']);
    expect(byId['1003'].type).toBe('BOX');
    expect(byId['1005']).toMatchObject({ country: 'SK', postcode: '811 06' });
    expect(byId['1006'].open).toBe(false);
  });

  it('keeps the stored points when the feed fails: a wrong key, a timeout, a body over the limit, a body that is not JSON', async () => {
    await refreshPacketaPoints(app.prisma, feedOptions());
    const before = await points();
    await expect(refreshPacketaPoints(app.prisma, { ...feedOptions(), apiKey: 'wrong-key' })).rejects.toThrow(/401/);
    for (const kind of ['slow', 'huge', 'garbage'] as const) {
      packeta.answer = { kind };
      const started = Date.now();
      await expect(refreshPacketaPoints(app.prisma, feedOptions())).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5000);
    }
    packeta.answer = { kind: 'feed', branches: {} };
    await expect(refreshPacketaPoints(app.prisma, feedOptions())).rejects.toThrow(/no usable point/);
    expect(await points()).toEqual(before);
    packeta.answer = { kind: 'feed', branches: { ...PACKETA_BRANCHES, ...PACKETA_BAD_ROWS } };
  });

  it('is fetched by the background job after the start, never by a shopper’s search', async () => {
    const other = await createTestApp({ config: { packetaApiKey: packeta.apiKey, packetaFeedUrl: packeta.url, packetaRefreshIntervalMs: 3_600_000 } });
    try {
      const before = packeta.requests;
      const client = other.newClient({ 'x-forwarded-for': '10.89.0.1' });
      await client.ensureCsrfCookie();
      const answer = await client.gql(SearchPoints, { search: 'Brno' });
      expect(answer.data!.pickupPoints).toEqual([]);
      expect(packeta.requests).toBe(before);
      await expect.poll(() => other.prisma.pickupPoint.count({ where: { provider: PACKETA_PROVIDER } }), { timeout: 15_000, interval: 500 }).toBe(Object.keys(PACKETA_BRANCHES).length);
      expect(packeta.requests).toBe(before + 1);
    } finally {
      await other.close();
    }
  });

  it('does not hold up the shutdown: closing the app stops a download in progress', async () => {
    packeta.answer = { kind: 'slow' }; // answers after 10 s
    const other = await createTestApp({ config: { packetaApiKey: packeta.apiKey, packetaFeedUrl: packeta.url, packetaRefreshIntervalMs: 3_600_000 } });
    try {
      const before = packeta.requests;
      await expect.poll(() => packeta.requests, { timeout: 15_000, interval: 100 }).toBe(before + 1);
    } finally {
      const started = Date.now();
      await other.close();
      expect(Date.now() - started).toBeLessThan(3000);
      packeta.answer = { kind: 'feed', branches: { ...PACKETA_BRANCHES, ...PACKETA_BAD_ROWS } };
    }
  });

  it('closes a point the feed no longer lists, and opens it again when it comes back', async () => {
    const { '1004': _gone, ...rest } = PACKETA_BRANCHES;
    packeta.answer = { kind: 'feed', branches: rest };
    await refreshPacketaPoints(app.prisma, feedOptions());
    expect((await points()).find((point) => point.providerId === '1004')?.open).toBe(false);
    packeta.answer = { kind: 'feed', branches: { ...PACKETA_BRANCHES, ...PACKETA_BAD_ROWS } };
    await refreshPacketaPoints(app.prisma, feedOptions());
    expect((await points()).find((point) => point.providerId === '1004')?.open).toBe(true);
  });
});

describe('searching for points', () => {
  beforeAll(async () => {
    await refreshPacketaPoints(app.prisma, feedOptions());
  });

  it('finds a town’s open points, nearest to its centre first, with distance, hours and type', async () => {
    const hits = await search({ search: 'brno', first: 10 });
    expect(hits.map((hit) => hit.point.name)).toEqual(expect.arrayContaining(['Brno, Kobližná 4 (Trafika U Kobližné)', 'Brno, Údolní 33 (Papírnictví)', 'Z-BOX Brno, Cejl 51']));
    // the closed one and the demo network are not offered; no point of another town is this near
    expect(hits).toHaveLength(3);
    const distances = hits.map((hit) => hit.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(hits.every((hit) => /^\d+ m$|^\d+,\d km$/.test(hit.distanceText!))).toBe(true);
    const box = hits.find((hit) => hit.point.type === 'BOX')!;
    expect(box.point.openingHoursText).toBe('Po–Ne 00:00–23:59');
    const shop = hits.find((hit) => hit.point.street === 'Údolní 33')!;
    expect(shop.point.openingHoursText).toBe('Po–Pá 09:00–12:00, 13:00–17:00');
  });

  it('finds by street and by PSČ, and by the shopper’s PSČ when nothing is typed; in English too', async () => {
    expect((await search({ search: 'Vinohradská' })).map((hit) => hit.point.street)).toEqual(['Vinohradská 112']);
    expect((await search({ search: '811 06' })).map((hit) => hit.point.city)).toEqual(['Bratislava']);
    expect((await search({ postcode: '60200' })).map((hit) => hit.point.city)).toEqual(['Brno', 'Brno', 'Brno']);
    const english = await search({ search: 'Udolni' }, 'en');
    expect(english[0].point.openingHoursText).toBe('Mon–Fri 09:00–12:00, 13:00–17:00');
  });

  it('lists nothing for an empty or unknown search, and at most `first` points', async () => {
    expect(await search({})).toEqual([]);
    expect(await search({ search: '   ' })).toEqual([]);
    expect(await search({ search: 'Neexistující Lhota' })).toEqual([]);
    expect(await search({ search: 'brno', first: 2 })).toHaveLength(2);
  });
});

describe('checkout with a pick-up point', () => {
  beforeAll(async () => {
    await refreshPacketaPoints(app.prisma, feedOptions());
  });

  it('says what is missing in both languages and refuses the order without a point', async () => {
    for (const [language, text] of [
      ['cs', 'Vyberte prosím výdejní místo nebo box.'],
      ['en', 'Please select a pick-up point or parcel locker.'],
    ] as const) {
      const { client, saved } = await parcelShopper(language);
      expect(saved.checkout.deliveryMethod).toEqual({ code: 'parcel-point', needsPickupPoint: true });
      // the invoice address is not taken for the parcel's destination: the point is what is missing
      expect(saved.checkout.problems).toEqual([{ field: 'pickupPoint', message: text }]);
      const placed = (await client.gql(Place, { revision: saved.checkout.revision })).data!.placeOrder;
      expect(placed.__typename).toBe('ValidationError');
      expect(placed).toMatchObject({ fieldErrors: [{ field: 'pickupPoint', message: text }] });
      expect(await app.prisma.order.count({ where: { email: INVOICE_ADDRESS.email } })).toBe(0);
    }
  });

  it('refuses an unknown point and one that takes no parcels, keeping the cart as it was', async () => {
    const { client } = await parcelShopper('cs');
    const unknown = await update(client, { pickupPointId: gid('PickupPoint', 999_999) });
    expect(unknown).toMatchObject({ __typename: 'ValidationError', fieldErrors: [{ field: 'pickupPointId', message: 'Toto výdejní místo nenacházíme. Vyberte prosím jiné.' }] });
    const closed = await update(client, { pickupPointId: gid('PickupPoint', await pointId('1006')) });
    expect(closed).toMatchObject({
      __typename: 'ValidationError',
      fieldErrors: [{ field: 'pickupPointId', message: 'Zvolené výdejní místo teď zásilky nepřijímá. Vyberte prosím jiné.' }],
    });
    const { client: english } = await parcelShopper('en');
    expect(await update(english, { pickupPointId: gid('PickupPoint', await pointId('1006')) })).toMatchObject({
      fieldErrors: [{ field: 'pickupPointId', message: 'The chosen pick-up point does not accept parcels now. Please select another one.' }],
    });
    const cart = await app.prisma.cart.findFirstOrThrow({ where: { email: { startsWith: 'bod-' } }, orderBy: { createdAt: 'desc' } });
    expect(cart.pickupPointId).toBeNull();
  });

  it('refuses the order when the chosen point closed since it was chosen', async () => {
    const { client } = await parcelShopper('cs');
    const chosen = await update(client, { pickupPointId: gid('PickupPoint', await pointId('1002')) });
    expect(chosen).toMatchObject({ __typename: 'Cart', checkout: { problems: [] } });
    await app.prisma.pickupPoint.update({ where: { id: await pointId('1002') }, data: { open: false } });
    try {
      const revision = (chosen as { checkout: { revision: string } }).checkout.revision;
      const placed = (await client.gql(Place, { revision })).data!.placeOrder;
      expect(placed).toMatchObject({
        __typename: 'ValidationError',
        fieldErrors: [{ field: 'pickupPoint', message: 'Zvolené výdejní místo teď zásilky nepřijímá. Vyberte prosím jiné.' }],
      });
    } finally {
      await app.prisma.pickupPoint.update({ where: { id: await pointId('1002') }, data: { open: true } });
    }
  });

  it('places the order to the chosen point: its address is the delivery address, in the e-mail and on the invoice', async () => {
    const { client, email } = await parcelShopper('cs');
    const id = await pointId('1001');
    const chosen = await update(client, { pickupPointId: gid('PickupPoint', id) });
    expect(chosen).toMatchObject({ __typename: 'Cart', checkout: { pickupPoint: { name: 'Brno, Kobližná 4 (Trafika U Kobližné)' }, problems: [] } });
    const placed = (await client.gql(Place, { revision: (chosen as { checkout: { revision: string } }).checkout.revision })).data!.placeOrder;
    expect(placed.__typename).toBe('Order');
    const order = placed as Extract<typeof placed, { __typename: 'Order' }>;
    expect(order.deliveryAddress).toEqual({
      firstName: INVOICE_ADDRESS.firstName,
      lastName: INVOICE_ADDRESS.lastName,
      company: 'Brno, Kobližná 4 (Trafika U Kobližné)',
      street: 'Kobližná 4',
      city: 'Brno',
      postcode: '602 00',
      country: 'CZ',
    });
    const stored = await app.prisma.order.findUniqueOrThrow({ where: { id: order.databaseId } });
    expect(stored.pickupPointId).toBe(id);
    expect(stored.pickupPointSnapshot).toEqual({
      id,
      provider: 'packeta',
      providerId: '1001',
      name: 'Brno, Kobližná 4 (Trafika U Kobližné)',
      type: 'POINT',
      street: 'Kobližná 4',
      city: 'Brno',
      postcode: '602 00',
      country: 'CZ',
    });

    // the snapshot stays what the order was sent to, whatever the feed says later
    await app.prisma.pickupPoint.update({ where: { id }, data: { street: 'Kobližná 6' } });
    const [mail] = await mailsTo(app, email);
    expect(mail.text).toContain('Doručovací adresa: Brno, Kobližná 4 (Trafika U Kobližné), Jana Nováková, Kobližná 4, 602 00 Brno, Česká republika');
    const response = await fetch(app.url + invoicePath('cs', order.databaseId, order.hash));
    expect(response.status).toBe(200);
    const text = (await pdfText(Buffer.from(await response.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('Doručovací adresa: Brno, Kobližná 4 (Trafika U Kobližné)');
    expect(text).toContain('Kobližná 4, 602 00 Brno');
    await app.prisma.pickupPoint.update({ where: { id }, data: { street: 'Kobližná 4' } });
  });
});

describe('the demo network', () => {
  it('is loaded into a demo database filled before pick-up points existed, once, and never beside Packeta’s', async () => {
    const older = await createTestApp();
    try {
      await createProduct(older.prisma);
      expect(await seedDemoDataIfEmpty(older.databaseUrl, older.prisma, { eurRate: 25, packetaApiKey: 'a-key' })).toBe(false);
      expect(await older.prisma.pickupPoint.count()).toBe(0);
      expect(await seedDemoDataIfEmpty(older.databaseUrl, older.prisma, { eurRate: 25, packetaApiKey: null })).toBe(false);
      const demo = demoPickupPoints();
      expect(await older.prisma.pickupPoint.count({ where: { provider: 'demo' } })).toBe(demo.length);
      expect(await older.prisma.pickupPoint.count({ where: { provider: 'demo', open: true } })).toBe(demo.filter((point) => point.open).length);
      // the products are untouched: nothing else of the demo catalog was loaded
      expect(await older.prisma.product.count()).toBe(1);
    } finally {
      await older.close();
    }
  });
});
