// Loads the demo catalog (prisma/seed/data) into an empty database. Runs on the first start of
// an empty database and by `npm run seed`, both through bff/src/demo-data.ts, which imports this
// module only then (the built server keeps it in a file of its own).
import type { Db } from '../../bff/src/db/client.ts';
import { hashPassword } from '../../bff/src/services/passwords.ts';
import { lowestPrices } from '../../bff/src/services/pricing.ts';
import { normalizeSearchText } from '../../bff/src/services/search-text.ts';
import * as data from './data/index.ts';
import { DEFAULT_WITHDRAWAL_PERIOD_DAYS } from '../../schema/rules/withdrawal.ts';
import type { Translated } from './data/types.ts';
import { storeSpecialDays } from './data/store-days.ts';
import { demoPickupPoints } from './data/pickup-points.ts';
import { DEMO_PROVIDER, storePickupPoints } from '../../bff/src/services/pickup-point-feed.ts';
import { demoSoldSeats, smallGroundPlan, stadiumPlan } from './venues.ts';
import { planSeatCount, type SeatPlan } from '../../schema/rules/seat-plan.ts';
import { demoPriceHistory } from './price-history.ts';
import { responsiblePersonProblem } from '../../schema/rules/product-safety.ts';
import { gtinProblem, withGtinCheckDigit } from '../../schema/rules/gtin.ts';
import { DEMO_GTIN_GAP, DEMO_GTIN_PREFIX, feedCategories } from './data/feed-categories.ts';
import { randomBytes } from 'node:crypto';
import { writeReview } from '../../bff/src/services/reviews.ts';
import { BANK_TRANSFER_PAYMENT_CODE, ORDER_NUMBER_COUNTER_DIGITS, SERVICE_VAT_RATE_PERCENT, TIME_ZONE } from '../../schema/rules/constants.ts';
import { vatSplit } from '../../schema/rules/money.ts';
import { cartMoney } from '../../schema/rules/cart-money.ts';

const LANGUAGES = ['cs', 'en'] as const;
const DAY_MS = 24 * 3600 * 1000;

export const DEMO_CUSTOMER = { email: 'zakaznik@example.cz', password: 'Demo-heslo-2026' };

function perLanguage<T>(build: (language: 'cs' | 'en') => T): T[] {
  return LANGUAGES.map(build);
}

/** The demo GTIN of the n-th variant of the demo data (1-based), or null for every DEMO_GTIN_GAP-th. */
function demoGtin(n: number): string | null {
  if (n % DEMO_GTIN_GAP === 0) return null;
  const gtin = withGtinCheckDigit(`${DEMO_GTIN_PREFIX}${String(n).padStart(9, '0')}`);
  if (gtinProblem(gtin) !== null) throw new Error(`Demo data: ${gtin} is no GTIN`);
  return gtin;
}

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * DAY_MS);
}

/** Keeps the id sequence past rows inserted with explicit ids. */
async function syncSequence(prisma: Db, table: string) {
  await prisma.$executeRawUnsafe(
    `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), GREATEST((SELECT MAX(id) FROM "${table}"), 1))`,
  );
}

/**
 * `config.withdrawalPeriodDays` (the setting WITHDRAWAL_PERIOD_DAYS, the app's own config when it seeds)
 * is the period the terms and the returns page state; left out, the default 14.
 */
export async function seedDemoData(prisma: Db, config: { eurRate: number; withdrawalPeriodDays?: number }): Promise<void> {
  const categoryIds = new Map<string, number>();
  for (const category of [...data.categories].sort((a, b) => Number(!!a.parentKey) - Number(!!b.parentKey))) {
    const feed = feedCategories[category.key];
    if (!feed) throw new Error(`Demo data: category ${category.key} has no feed category (data/feed-categories.ts)`);
    const created = await prisma.category.create({
      data: {
        position: category.position,
        heurekaCategory: feed.heureka,
        googleCategory: feed.google,
        parentId: category.parentKey ? categoryIds.get(category.parentKey) : null,
        translations: {
          create: perLanguage((language) => ({
            language,
            name: category.name[language],
            slug: category.slug[language],
            description: category.description[language],
          })),
        },
      },
    });
    categoryIds.set(category.key, created.id);
  }

  // GPSR (decision 0064): every product of a manufacturer outside the EU names a responsible person;
  // said here, before anything is written, with the product and the reason (the database refuses it too)
  const manufacturerByKey = new Map(data.manufacturers.map((m) => [m.key, m]));
  for (const product of data.products) {
    const manufacturer = manufacturerByKey.get(product.manufacturerKey)!;
    const problem = responsiblePersonProblem({
      code: product.code,
      manufacturerName: manufacturer.name,
      manufacturerCountryCode: manufacturer.address.countryCode,
      hasResponsiblePerson: manufacturer.responsiblePersonKey !== undefined,
    });
    if (problem) throw new Error(`Demo data: ${problem}`);
  }
  const responsiblePersonIds = new Map<string, number>();
  for (const person of data.responsiblePersons) {
    const created = await prisma.responsiblePerson.create({
      data: { name: person.name, ...person.address, electronicAddress: person.electronicAddress },
    });
    responsiblePersonIds.set(person.key, created.id);
  }

  const manufacturerIds = new Map<string, number>();
  const manufacturerNames = new Map<string, string>();
  for (const manufacturer of data.manufacturers) {
    const slug = normalizeSearchText(manufacturer.name).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const created = await prisma.manufacturer.create({
      data: { name: manufacturer.name, slug, ...manufacturer.address, electronicAddress: manufacturer.electronicAddress },
    });
    manufacturerIds.set(manufacturer.key, created.id);
    manufacturerNames.set(manufacturer.key, manufacturer.name);
  }

  const sizeChartIds = new Map<string, number>();
  for (const chart of data.sizeCharts) {
    const created = await prisma.sizeChart.create({
      data: {
        key: chart.key,
        rows: chart.rows,
        translations: {
          create: perLanguage((language) => ({
            language,
            name: chart.name[language],
            columns: chart.columns.map((column) => column[language]),
          })),
        },
      },
    });
    sizeChartIds.set(chart.key, created.id);
  }

  const colourIds = new Map<string, number>();
  async function colourId(colour: Translated | null, hex: string | null): Promise<number | null> {
    if (!colour) return null;
    const code = normalizeSearchText(colour.en).replace(/[^a-z0-9]+/g, '-') + (hex ? `-${hex.replace('#', '').toLowerCase()}` : '');
    const known = colourIds.get(code);
    if (known) return known;
    const created = await prisma.colour.create({
      data: {
        code,
        hex: hex ?? '#cccccc',
        translations: { create: perLanguage((language) => ({ language, name: colour[language] })) },
      },
    });
    colourIds.set(code, created.id);
    return created.id;
  }

  const responsiblePersonIdOf = (key: string | undefined) => {
    if (key === undefined) return null;
    const id = responsiblePersonIds.get(key);
    if (id === undefined) throw new Error(`Demo data: no responsible person ${key}`);
    return id;
  };
  const productIds = new Map<string, number>();
  const categoryNames = new Map(data.categories.map((c) => [c.key, c.name]));
  let variantNumber = 0;
  for (const product of data.products) {
    const variants = [];
    for (const [position, variant] of product.variants.entries()) {
      variants.push({
        code: variant.code,
        gtin: demoGtin(++variantNumber),
        size: variant.size,
        colourId: await colourId(variant.colour, variant.colourHex),
        position,
        stock: variant.stock,
        priceCzk: variant.priceCzk,
        priceEur: variant.priceEur,
        originalPriceCzk: variant.originalPriceCzk ?? null,
        originalPriceEur: null,
      });
    }
    const prices = lowestPrices(variants.map((v) => ({ ...v, originalPriceEur: null })), config.eurRate);
    const created = await prisma.product.create({
      data: {
        code: product.code,
        categoryId: categoryIds.get(product.categoryKey)!,
        manufacturerId: manufacturerIds.get(product.manufacturerKey)!,
        responsiblePersonId: responsiblePersonIdOf(manufacturerByKey.get(product.manufacturerKey)!.responsiblePersonKey),
        sizeChartId: product.sizeChartKey ? sizeChartIds.get(product.sizeChartKey) : null,
        vatRate: product.vatRate,
        isNew: product.isNew,
        isSale: product.isSale,
        soldCount: product.soldCount,
        createdAt: daysAgo(product.createdDaysAgo),
        ...prices,
        translations: {
          create: perLanguage((language) => ({
            language,
            name: product.name[language],
            slug: product.slug[language],
            shortDescription: product.shortDescription[language],
            description: product.description[language],
            safetyInformation: product.safetyInformation?.[language] ?? '',
            searchText: normalizeSearchText(
              [
                product.name[language],
                product.code,
                manufacturerNames.get(product.manufacturerKey),
                categoryNames.get(product.categoryKey)?.[language],
              ].join(' '),
            ),
          })),
        },
        parameters: {
          create: LANGUAGES.flatMap((language) =>
            product.parameters.map((parameter, position) => ({
              language,
              position,
              name: parameter.name[language],
              value: parameter.value[language],
            })),
          ),
        },
        images: {
          create: await Promise.all(
            product.images.map(async (image, position) => ({
              position,
              url: `/images/products/${image.file}`,
              colourId: image.colour ? await colourId(image.colour.name, image.colour.hex) : null,
            })),
          ),
        },
        variants: { create: variants },
      },
    });
    productIds.set(product.code, created.id);
  }
  const similar = data.products.flatMap((product) =>
    (product.similarCodes ?? [])
      .filter((code) => productIds.has(code) && code !== product.code)
      .map((code, position) => ({ productId: productIds.get(product.code)!, similarId: productIds.get(code)!, position })),
  );
  if (similar.length > 0) await prisma.similarProduct.createMany({ data: similar, skipDuplicates: true });
  await seedPriceHistory(prisma, data.products);

  for (const [position, store] of data.stores.entries()) {
    await prisma.store.create({
      data: {
        id: store.id,
        slug: store.slug,
        name: store.name,
        street: store.street,
        city: store.city,
        postcode: store.postcode,
        phone: store.phone,
        email: store.email,
        latitude: store.lat,
        longitude: store.lng,
        position,
        translations: { create: perLanguage((language) => ({ language, description: store.description[language] })) },
        openingHours: {
          create: store.openingHours.map((hours) => ({ dayOfWeek: hours.day, opens: hours.opens, closes: hours.closes })),
        },
      },
    });
  }
  await syncSequence(prisma, 'Store');
  await prisma.storeSpecialDay.createMany({ data: storeSpecialDays.map((day) => ({ ...day, storeId: null })) });
  await seedDemoPickupPoints(prisma);

  for (const [position, page] of data.infoPages(config.withdrawalPeriodDays ?? DEFAULT_WITHDRAWAL_PERIOD_DAYS).entries()) {
    await prisma.infoPage.create({
      data: {
        id: page.id,
        position,
        translations: {
          create: perLanguage((language) => ({
            language,
            slug: page.slug[language],
            title: page.title[language],
            body: page.body[language],
          })),
        },
      },
    });
  }
  await syncSequence(prisma, 'InfoPage');

  for (const article of data.articles) {
    await prisma.article.create({
      data: {
        publishedAt: daysAgo(article.publishedDaysAgo),
        imageUrl: article.image ? `/images/${article.image}` : null,
        translations: {
          create: perLanguage((language) => ({
            language,
            slug: article.slug[language],
            title: article.title[language],
            perex: article.perex[language],
            body: article.body[language],
          })),
        },
      },
    });
  }

  for (const tile of data.tiles) {
    await prisma.infoTile.create({
      data: {
        position: tile.position,
        imageUrl: `/images/${tile.image}`,
        width: tile.width,
        height: tile.height,
        translations: {
          create: perLanguage((language) => ({
            language,
            title: tile.title[language],
            subtitle: tile.subtitle[language],
            link: tile.link?.[language] ?? null,
          })),
        },
      },
    });
  }

  const deliveryIds = new Map<string, number>();
  for (const method of data.deliveryMethods) {
    const created = await prisma.deliveryMethod.create({
      data: {
        code: method.code,
        priceCzk: method.priceCzk,
        priceEur: method.priceEur,
        freeFromCzk: method.freeFromCzk,
        freeFromEur: method.freeFromCzk === null ? null : Math.round(method.freeFromCzk / config.eurRate),
        isPickup: method.isPickup,
        transitDays: method.transitDays,
        position: method.position,
        carrier: method.carrier,
        carrierAddressId: method.carrierAddressId ?? null,
        trackingUrlTemplate: method.trackingUrlTemplate ?? null,
        heurekaDeliveryId: method.heurekaDeliveryId,
        translations: {
          create: perLanguage((language) => ({ language, name: method.name[language], description: method.description[language] })),
        },
      },
    });
    deliveryIds.set(method.code, created.id);
  }
  for (const method of data.paymentMethods) {
    await prisma.paymentMethod.create({
      data: {
        code: method.code,
        priceCzk: method.priceCzk,
        priceEur: method.priceEur,
        isCashOnDelivery: method.isCashOnDelivery,
        withoutDelivery: method.withoutDelivery,
        position: method.position,
        translations: {
          create: perLanguage((language) => ({ language, name: method.name[language], description: method.description[language] })),
        },
        deliveries: {
          create: method.deliveryCodes
            .filter((code) => deliveryIds.has(code))
            .map((code) => ({ deliveryMethodId: deliveryIds.get(code)! })),
        },
      },
    });
  }

  const demoCustomer = await prisma.customer.create({
    data: {
      email: DEMO_CUSTOMER.email,
      passwordHash: await hashPassword(DEMO_CUSTOMER.password),
      firstName: 'Jana',
      lastName: 'Nováková',
      phone: '+420 603 123 456',
      termsAcceptedAt: new Date(),
      privacyAcceptedAt: new Date(),
      // saved addresses, so the checkout shows a logged-in customer's picker
      addresses: {
        create: [
          {
            kind: 'INVOICE',
            isDefault: true,
            firstName: 'Jana',
            lastName: 'Nováková',
            email: DEMO_CUSTOMER.email,
            phone: '+420 603 123 456',
            street: 'Korunní 810/104',
            city: 'Praha',
            postcode: '101 00',
            country: 'CZ',
          },
          { kind: 'DELIVERY', isDefault: true, firstName: 'Jana', lastName: 'Nováková', phone: '+420 603 123 456', street: 'Masarykova 12', city: 'Brno', postcode: '602 00', country: 'CZ' },
        ],
      },
    },
  });

  await seedVouchers(prisma, demoCustomer.id);
  await seedMatches(prisma);
  await seedDemoReviews(prisma);
}

/** The next order number of the year of `at` in Prague, from the counter placeOrder uses (services/orders.ts). */
async function demoOrderNumber(prisma: Db, at: Date): Promise<string> {
  const year = Number(new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, year: 'numeric' }).format(at));
  const rows = await prisma.$queryRaw<{ last: number }[]>`
    INSERT INTO "OrderNumberCounter" ("year", "last") VALUES (${year}::int, 1)
    ON CONFLICT ("year") DO UPDATE SET "last" = "OrderNumberCounter"."last" + 1
    RETURNING "last"`;
  return `${year}${String(rows[0].last).padStart(ORDER_NUMBER_COUNTER_DIGITS, '0')}`;
}

/**
 * Verified reviews for the demo (prisma/seed/data/reviews.ts): each reviewer is a customer with a
 * delivered order of what she reviews (sent by courier, paid by transfer), and her reviews are written
 * through the reviews service, which finds that order as the proof, and published at once, so that the
 * ratings are counted as the shop counts them. The orders ask for no review e-mail: they are reviewed.
 */
async function seedDemoReviews(prisma: Db): Promise<void> {
  const delivery = await prisma.deliveryMethod.findUniqueOrThrow({ where: { code: 'courier' }, select: { id: true, code: true, priceCzk: true, translations: { select: { language: true, name: true } } } });
  const payment = await prisma.paymentMethod.findUniqueOrThrow({ where: { code: BANK_TRANSFER_PAYMENT_CODE }, select: { id: true, code: true, translations: { select: { language: true, name: true } } } });
  const nameIn = (translations: { language: string; name: string }[], language: string) => translations.find((t) => t.language === language)?.name ?? '';
  const now = Date.now();
  for (const reviewer of data.demoReviewers) {
    const placedAt = new Date(now - reviewer.daysAgo * DAY_MS);
    const customer = await prisma.customer.create({
      data: {
        email: reviewer.email,
        // nobody signs in as a reviewer: a password nobody knows
        passwordHash: await hashPassword(randomBytes(18).toString('base64url')),
        firstName: reviewer.firstName,
        lastName: reviewer.lastName,
        language: reviewer.language,
        termsAcceptedAt: placedAt,
        privacyAcceptedAt: placedAt,
        createdAt: placedAt,
      },
    });
    const products = await prisma.product.findMany({
      where: { code: { in: reviewer.reviews.map((review) => review.product) } },
      orderBy: { code: 'asc' },
      select: { id: true, code: true, vatRate: true, translations: { select: { language: true, name: true } }, variants: { orderBy: [{ position: 'asc' }, { id: 'asc' }], select: { id: true, code: true, size: true, priceCzk: true } } },
    });
    const lines = products.map((product) => {
      // a middle size: what most buy
      const variant = product.variants[Math.floor((product.variants.length - 1) / 2)];
      const net = vatSplit(variant.priceCzk, product.vatRate).net;
      return {
        variantId: variant.id,
        productCode: product.code,
        variantCode: variant.code,
        name: nameIn(product.translations, reviewer.language),
        size: variant.size,
        quantity: 1,
        vatRate: product.vatRate,
        unitPriceGross: variant.priceCzk,
        unitPriceNet: net,
        totalGross: variant.priceCzk,
        totalNet: net,
      };
    });
    // the totals as the checkout computes an order's (no voucher, paid by transfer: no rounding)
    const money = cartMoney({
      lines: lines.map((line) => ({ unitGross: line.unitPriceGross, quantity: line.quantity, ratePercent: line.vatRate })),
      discounts: [],
      charges: [{ grossMinor: delivery.priceCzk, ratePercent: SERVICE_VAT_RATE_PERCENT }],
      roundToWholeUnits: false,
    });
    const number = await demoOrderNumber(prisma, placedAt);
    const address = { firstName: reviewer.firstName, lastName: reviewer.lastName, street: reviewer.street, city: reviewer.city, postcode: reviewer.postcode, country: 'CZ' };
    await prisma.order.create({
      data: {
        number,
        // the guest summary link's secret, as placeOrder makes it
        hash: randomBytes(24).toString('base64url'),
        customerId: customer.id,
        status: 'DELIVERED',
        currency: 'CZK',
        language: reviewer.language,
        email: reviewer.email,
        deliveryMethodId: delivery.id,
        deliveryName: nameIn(delivery.translations, reviewer.language),
        deliveryCode: delivery.code,
        deliveryPrice: delivery.priceCzk,
        paymentMethodId: payment.id,
        paymentName: nameIn(payment.translations, reviewer.language),
        paymentCode: payment.code,
        paymentPrice: 0,
        invoiceAddress: { ...address, email: reviewer.email, phone: '', company: '', ico: '', dic: '' },
        deliveryAddress: address,
        productsNet: money.goods.total.net,
        productsGross: money.goods.total.gross,
        totalNet: money.recap.total.net,
        totalVat: money.recap.total.vat,
        totalGross: money.toPay,
        vatRecap: money.recap.byRate.map((row) => ({ ...row })),
        variableSymbol: number,
        reviewRequestOptOut: true,
        surveyOptOut: true,
        createdAt: placedAt,
        updatedAt: new Date(placedAt.getTime() + 3 * DAY_MS),
        lines: { create: lines },
      },
    });
    for (const [index, review] of reviewer.reviews.entries()) {
      const product = products.find((candidate) => candidate.code === review.product)!;
      const writtenAt = new Date(placedAt.getTime() + (5 + index) * DAY_MS);
      await writeReview({ prisma, config: { reviewsAutoPublish: true } }, { kind: 'customer', customerId: customer.id }, { productId: product.id, rating: review.rating, text: review.text }, reviewer.language, writtenAt);
    }
  }
}

const HOUR_MS = 3600 * 1000;

/** The Prague kick-off `days` from now at `hour`:00 (UTC+1 in winter is close enough for demo data). */
function kickoffIn(days: number, hourUtc: number): Date {
  const date = new Date(Date.now() + days * DAY_MS);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date;
}

/**
 * Two upcoming matches of the demo clubs (issue 26): at a small club ground (300 seats) and at a
 * stadium (7 920 seats), on sale from yesterday until an hour before kick-off, some seats sold at the
 * box office already. Prices with 12 % VAT (admission).
 */
/**
 * 60 days of prices for the demo (prisma/seed/price-history.ts), in place of the rows the trigger wrote at
 * this moment: the demo's sales then show the lowest price of the 30 days before them (decision 0063).
 */
async function seedPriceHistory(prisma: Db, products: readonly { code: string; createdDaysAgo: number }[]): Promise<void> {
  const createdDaysAgo = new Map(products.map((product) => [product.code, product.createdDaysAgo]));
  const variants = await prisma.variant.findMany({
    select: { id: true, priceCzk: true, priceEur: true, originalPriceCzk: true, product: { select: { code: true } } },
  });
  const rows = demoPriceHistory(
    variants.map((variant) => ({ ...variant, productCode: variant.product.code, createdDaysAgo: createdDaysAgo.get(variant.product.code) ?? 0 })),
    new Date(),
  );
  await prisma.variantPriceChange.deleteMany({ where: { variantId: { in: variants.map((variant) => variant.id) } } });
  await prisma.variantPriceChange.createMany({ data: rows });
}

export async function seedMatches(prisma: Db): Promise<void> {
  const venue = (slug: string, name: string, city: string, plan: SeatPlan) =>
    prisma.venue.create({ data: { slug, name, city, plan: plan as never, seatCount: planSeatCount(plan) } });
  const ground = await venue('hriste-na-ocelarne', 'Hřiště Na Ocelárně', 'Ostrava', smallGroundPlan());
  const stadium = await venue('stadion-vltavin', 'Stadion Vltavín', 'Praha', stadiumPlan());
  const matches = [
    {
      slug: 'fc-vltavin-sk-moravan',
      homeTeam: 'FC Vltavín',
      awayTeam: 'SK Moravan',
      competition: { cs: '1. liga, 17. kolo', en: 'First League, round 17' },
      kickoff: kickoffIn(14, 17),
      venue: stadium,
      maxSeatsPerOrder: 6,
      categories: [
        { code: 'A', nameCs: 'Hlavní tribuna', nameEn: 'Main stand', priceCzk: 45_000, priceEur: 1_900 },
        { code: 'B', nameCs: 'Tribuna', nameEn: 'Stand', priceCzk: 29_000, priceEur: 1_200 },
        { code: 'C', nameCs: 'Za brankou', nameEn: 'Behind the goal', priceCzk: 19_000, priceEur: 800 },
      ],
      sold: 0.35,
    },
    {
      slug: 'fk-ocelar-fc-vltavin',
      homeTeam: 'FK Ocelář',
      awayTeam: 'FC Vltavín',
      competition: { cs: 'Pohár, osmifinále', en: 'Cup, round of 16' },
      kickoff: kickoffIn(21, 16),
      venue: ground,
      maxSeatsPerOrder: 4,
      categories: [
        { code: 'A', nameCs: 'Střed tribuny', nameEn: 'Centre of the stand', priceCzk: 25_000, priceEur: 1_000 },
        { code: 'B', nameCs: 'Tribuna', nameEn: 'Stand', priceCzk: 15_000, priceEur: 600 },
      ],
      sold: 0.2,
    },
  ];
  for (const match of matches) {
    const event = await prisma.event.create({
      data: {
        slug: match.slug,
        homeTeam: match.homeTeam,
        awayTeam: match.awayTeam,
        competition: match.competition,
        kickoff: match.kickoff,
        venueId: match.venue.id,
        salesStart: daysAgo(1),
        salesEnd: new Date(match.kickoff.getTime() - HOUR_MS),
        maxSeatsPerOrder: match.maxSeatsPerOrder,
        categories: { create: match.categories.map((category) => ({ ...category, vatRate: 12 })) },
      },
    });
    // sold at the box office: seats taken with neither a cart nor an order (services/tickets.ts)
    const sold = demoSoldSeats(match.venue.plan as unknown as SeatPlan, match.sold);
    await prisma.eventSeat.createMany({ data: sold.map((seat) => ({ eventId: event.id, seat })) });
  }
}

/** The demo vouchers (README): windows relative to now, codes upper-case as services/vouchers.ts compares them. */
/** The demo network of pick-up points (prisma/seed/data/pickup-points.ts), written or brought up to date. */
export async function seedDemoPickupPoints(prisma: Db): Promise<void> {
  await storePickupPoints(prisma, DEMO_PROVIDER, demoPickupPoints());
}

export async function seedVouchers(prisma: Db, demoCustomerId: number): Promise<void> {
  const inDays = (days: number | undefined) => (days === undefined ? null : new Date(Date.now() + days * DAY_MS));
  for (const voucher of data.vouchers) {
    await prisma.voucher.create({
      data: {
        code: voucher.code,
        kind: voucher.kind,
        value: voucher.value,
        currency: voucher.currency ?? null,
        valueEur: voucher.valueEur ?? null,
        validFrom: inDays(voucher.validFromDays),
        validUntil: inDays(voucher.validUntilDays),
        capacity: voucher.capacity ?? null,
        usedCount: voucher.usedCount ?? 0,
        oncePerCustomer: voucher.oncePerCustomer ?? false,
        minimumCartCzk: voucher.minimumCartCzk ?? null,
        minimumCartEur: voucher.minimumCartEur ?? null,
        boundEmail: voucher.boundEmail ?? null,
        customerId: voucher.forDemoCustomer ? demoCustomerId : null,
      },
    });
  }
}
