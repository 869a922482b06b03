// Data factories for the integration tests: each call creates fresh rows with unique codes and slugs
// and keeps the derived columns (Product.priceCzk/priceEur, ProductTranslation.searchText) the way
// the shop maintains them. Pass only what a test cares about.
import type { Db } from '../../bff/src/db/client.ts';
import { hashPassword } from '../../bff/src/services/passwords.ts';
import { lowestPrices } from '../../bff/src/services/pricing.ts';
import { normalizeSearchText } from '../../bff/src/services/search-text.ts';
import { sumByVatRate, vatSplit } from '../../schema/rules/money.ts';

export type Translated = { cs: string; en: string };
type Language = 'cs' | 'en';
const LANGUAGES: Language[] = ['cs', 'en'];

let sequence = 0;
/** A number unique within the test run. */
export function unique(): number {
  sequence += 1;
  return sequence;
}

export function slugify(text: string): string {
  return normalizeSearchText(text).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function translated(value: string | Translated | undefined, fallback: Translated): Translated {
  if (value === undefined) return fallback;
  return typeof value === 'string' ? { cs: value, en: value } : value;
}

// ------------------------------------------------------------------ catalog

export type CategoryInput = {
  name?: string | Translated;
  slug?: Partial<Translated>;
  description?: Translated;
  parent?: { id: number } | null;
  position?: number;
};

export async function createCategory(prisma: Db, input: CategoryInput = {}) {
  const n = unique();
  const name = translated(input.name, { cs: `Kategorie ${n}`, en: `Category ${n}` });
  return prisma.category.create({
    data: {
      parentId: input.parent?.id ?? null,
      position: input.position ?? n,
      translations: {
        create: LANGUAGES.map((language) => ({
          language,
          name: name[language],
          slug: input.slug?.[language] ?? `${slugify(name[language])}-${n}`,
          description: input.description?.[language] ?? '',
        })),
      },
    },
    include: { translations: true },
  });
}

export type PostalAddressInput = { street: string; city: string; postalCode: string; countryCode: string };

/** A manufacturer; established in Czechia unless `address` says otherwise (`null`: no address known). */
export async function createManufacturer(
  prisma: Db,
  input: { name?: string; address?: PostalAddressInput | null; electronicAddress?: string | null } = {},
) {
  const n = unique();
  const name = input.name ?? `Výrobce ${n}`;
  const address = input.address === undefined ? { street: `Tovární ${n}`, city: 'Brno', postalCode: '602 00', countryCode: 'CZ' } : input.address;
  return prisma.manufacturer.create({
    data: {
      name,
      slug: `${slugify(name)}-${n}`,
      ...(address ?? {}),
      electronicAddress: input.electronicAddress === undefined ? `info-${n}@vyrobce.example` : input.electronicAddress,
    },
  });
}

/** An EU responsible person (GPSR Art. 16) for products of a manufacturer outside the EU. */
export async function createResponsiblePerson(prisma: Db, input: { name?: string; address?: PostalAddressInput; electronicAddress?: string } = {}) {
  const n = unique();
  return prisma.responsiblePerson.create({
    data: {
      name: input.name ?? `Dovozce ${n} s.r.o.`,
      ...(input.address ?? { street: `Skladová ${n}`, city: 'Olomouc', postalCode: '779 00', countryCode: 'CZ' }),
      electronicAddress: input.electronicAddress ?? `gpsr-${n}@dovozce.example`,
    },
  });
}

export async function createColour(prisma: Db, input: { name?: string | Translated; hex?: string } = {}) {
  const n = unique();
  const name = translated(input.name, { cs: `Barva ${n}`, en: `Colour ${n}` });
  return prisma.colour.create({
    data: {
      code: `${slugify(name.en)}-${n}`,
      hex: input.hex ?? '#336699',
      translations: { create: LANGUAGES.map((language) => ({ language, name: name[language] })) },
    },
  });
}

export async function createSizeChart(
  prisma: Db,
  input: { name?: Translated; columns?: Translated[]; rows?: string[][] } = {},
) {
  const n = unique();
  const name = input.name ?? { cs: `Tabulka velikostí ${n}`, en: `Size chart ${n}` };
  const columns = input.columns ?? [
    { cs: 'Velikost', en: 'Size' },
    { cs: 'Obvod hrudníku', en: 'Chest' },
  ];
  return prisma.sizeChart.create({
    data: {
      key: `chart-${n}`,
      rows: input.rows ?? [
        ['S', '88–96'],
        ['M', '96–104'],
      ],
      translations: {
        create: LANGUAGES.map((language) => ({
          language,
          name: name[language],
          columns: columns.map((column) => column[language]),
        })),
      },
    },
  });
}

export type VariantInput = {
  size?: string | null;
  /** A colour created earlier, or a name to create one with. */
  colour?: { id: number } | string | Translated | null;
  stock?: number;
  /** haléře, VAT included */
  priceCzk?: number;
  /** cents, VAT included; without it the shop converts by the configured rate */
  priceEur?: number | null;
  originalPriceCzk?: number | null;
  originalPriceEur?: number | null;
};

export type ProductInput = {
  names?: string | Translated;
  slugs?: Partial<Translated>;
  code?: string;
  category?: { id: number };
  manufacturer?: { id: number; name: string };
  variants?: VariantInput[];
  vatRate?: 0 | 10 | 12 | 15 | 21;
  isNew?: boolean;
  isSale?: boolean;
  soldCount?: number;
  createdAt?: Date;
  published?: boolean;
  shortDescription?: Translated;
  description?: Translated;
  /** warnings and safety information (GPSR) */
  safetyInformation?: Translated;
  /** the EU responsible person, required when the manufacturer is outside the EU */
  responsiblePerson?: { id: number } | null;
  /** Image URLs in display order (default: one image). */
  images?: string[];
  parameters?: { name: Translated; value: Translated }[];
  sizeChart?: { id: number } | null;
  similar?: { id: number }[];
  /** CZK per EUR used for the stored "from" EUR price; the app's default is 25. */
  eurRate?: number;
};

/** Shared defaults, one per database, so that products without a category do not grow the tree. */
const defaults = new WeakMap<Db, Promise<{ category: { id: number }; manufacturer: { id: number; name: string } }>>();

function defaultsFor(prisma: Db) {
  let value = defaults.get(prisma);
  if (!value) {
    value = (async () => ({
      category: await createCategory(prisma, { name: { cs: 'Ostatní', en: 'Other' } }),
      manufacturer: await createManufacturer(prisma),
    }))();
    defaults.set(prisma, value);
  }
  return value;
}

async function colourIdFor(prisma: Db, colour: VariantInput['colour']): Promise<number | null> {
  if (!colour) return null;
  if (typeof colour === 'object' && 'id' in colour) return colour.id;
  return (await createColour(prisma, { name: colour })).id;
}

export async function createProduct(prisma: Db, input: ProductInput = {}) {
  const n = unique();
  const names = translated(input.names, { cs: `Produkt ${n}`, en: `Product ${n}` });
  const code = input.code ?? `P${String(n).padStart(5, '0')}`;
  const fallback = input.category && input.manufacturer ? null : await defaultsFor(prisma);
  const category = input.category ?? fallback!.category;
  const manufacturer = input.manufacturer ?? fallback!.manufacturer;
  const variantInputs = input.variants ?? [{}];
  const variants = [];
  for (const [position, variant] of variantInputs.entries()) {
    variants.push({
      code: `${code}-${position + 1}`,
      size: variant.size === undefined ? null : variant.size,
      colourId: await colourIdFor(prisma, variant.colour),
      position,
      stock: variant.stock ?? 10,
      priceCzk: variant.priceCzk ?? 50_000,
      priceEur: variant.priceEur ?? null,
      originalPriceCzk: variant.originalPriceCzk ?? null,
      originalPriceEur: variant.originalPriceEur ?? null,
    });
  }
  const product = await prisma.product.create({
    data: {
      code,
      categoryId: category.id,
      manufacturerId: manufacturer.id,
      responsiblePersonId: input.responsiblePerson?.id ?? null,
      sizeChartId: input.sizeChart?.id ?? null,
      vatRate: input.vatRate ?? 21,
      isNew: input.isNew ?? false,
      isSale: input.isSale ?? false,
      soldCount: input.soldCount ?? 0,
      published: input.published ?? true,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      ...lowestPrices(variants, input.eurRate ?? 25),
      translations: {
        create: LANGUAGES.map((language) => ({
          language,
          name: names[language],
          slug: input.slugs?.[language] ?? `${slugify(names[language])}-${n}`,
          shortDescription: input.shortDescription?.[language] ?? '',
          description: input.description?.[language] ?? '',
          safetyInformation: input.safetyInformation?.[language] ?? '',
          searchText: normalizeSearchText([names[language], code, manufacturer.name].join(' ')),
        })),
      },
      parameters: {
        create: LANGUAGES.flatMap((language) =>
          (input.parameters ?? []).map((parameter, position) => ({
            language,
            position,
            name: parameter.name[language],
            value: parameter.value[language],
          })),
        ),
      },
      images: {
        create: (input.images ?? [`/images/products/${slugify(names.en)}-${n}.webp`]).map((url, position) => ({
          url,
          position,
        })),
      },
      variants: { create: variants },
    },
    include: { translations: true, variants: { orderBy: { position: 'asc' } } },
  });
  if (input.similar?.length) {
    await prisma.similarProduct.createMany({
      data: input.similar.map((similar, position) => ({ productId: product.id, similarId: similar.id, position })),
    });
  }
  return { ...product, slug: (language: Language = 'cs') => product.translations.find((t) => t.language === language)!.slug };
}

// ------------------------------------------------------------------ customers

export const DEFAULT_PASSWORD = 'Správné-heslo-42';

export async function createCustomer(
  prisma: Db,
  input: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
) {
  const n = unique();
  const password = input.password ?? DEFAULT_PASSWORD;
  const customer = await prisma.customer.create({
    data: {
      email: (input.email ?? `zakaznik${n}@example.cz`).toLowerCase(),
      passwordHash: await hashPassword(password),
      firstName: input.firstName ?? 'Jana',
      lastName: input.lastName ?? `Nováková ${n}`,
      termsAcceptedAt: new Date(),
      privacyAcceptedAt: new Date(),
    },
  });
  return { ...customer, password };
}

// ------------------------------------------------------------------ content and stores

export async function createInfoPage(
  prisma: Db,
  input: { id?: number; title?: Translated; slug?: Translated; body?: Translated; position?: number } = {},
) {
  const n = unique();
  const title = input.title ?? { cs: `Stránka ${n}`, en: `Page ${n}` };
  return prisma.infoPage.create({
    data: {
      ...(input.id ? { id: input.id } : {}),
      position: input.position ?? n,
      translations: {
        create: LANGUAGES.map((language) => ({
          language,
          title: title[language],
          slug: input.slug?.[language] ?? `${slugify(title[language])}-${n}`,
          body: input.body?.[language] ?? `<p>${title[language]}</p>`,
        })),
      },
    },
  });
}

export async function createArticle(
  prisma: Db,
  input: { title?: Translated; slug?: Translated; perex?: Translated; body?: Translated; publishedAt?: Date } = {},
) {
  const n = unique();
  const title = input.title ?? { cs: `Článek ${n}`, en: `Article ${n}` };
  return prisma.article.create({
    data: {
      publishedAt: input.publishedAt ?? new Date(),
      imageUrl: `/images/blog/${n}.webp`,
      translations: {
        create: LANGUAGES.map((language) => ({
          language,
          title: title[language],
          slug: input.slug?.[language] ?? `${slugify(title[language])}-${n}`,
          perex: input.perex?.[language] ?? `${title[language]} – perex`,
          body: input.body?.[language] ?? `<p>${title[language]}</p>`,
        })),
      },
    },
  });
}

export async function createInfoTile(
  prisma: Db,
  input: { title?: Translated; subtitle?: Translated; link?: Translated | null; position?: number } = {},
) {
  const n = unique();
  const title = input.title ?? { cs: `Dlaždice ${n}`, en: `Tile ${n}` };
  return prisma.infoTile.create({
    data: {
      position: input.position ?? n,
      imageUrl: `/images/tiles/${n}.webp`,
      width: 400,
      height: 300,
      translations: {
        create: LANGUAGES.map((language) => ({
          language,
          title: title[language],
          subtitle: input.subtitle?.[language] ?? '',
          link: input.link === null ? null : (input.link?.[language] ?? `/info/${n}`),
        })),
      },
    },
  });
}

export type OpeningHours = { dayOfWeek: number; opens: string; closes: string };

export async function createStore(
  prisma: Db,
  input: { id?: number; name?: string; city?: string; position?: number; openingHours?: OpeningHours[]; description?: Translated } = {},
) {
  const n = unique();
  const name = input.name ?? `Prodejna ${n}`;
  return prisma.store.create({
    data: {
      ...(input.id ? { id: input.id } : {}),
      slug: `${slugify(name)}-${n}`,
      name,
      street: `Vršovická ${n}`,
      city: input.city ?? 'Praha',
      postcode: '100 00',
      phone: '+420 222 333 444',
      email: `prodejna${n}@example.cz`,
      latitude: 50.067,
      longitude: 14.46,
      position: input.position ?? n,
      translations: {
        create: LANGUAGES.map((language) => ({
          language,
          description: input.description?.[language] ?? '',
        })),
      },
      openingHours: {
        create: input.openingHours ?? [
          { dayOfWeek: 1, opens: '09:00', closes: '18:00' },
          { dayOfWeek: 6, opens: '09:00', closes: '12:00' },
        ],
      },
    },
  });
}

// ------------------------------------------------------------------ orders

export type OrderLineInput = {
  name?: string;
  /** The line's product code (a match ticket's is ticket-{event id}); P{n}-{index} by default. */
  productCode?: string;
  size?: string | null;
  colour?: string | null;
  quantity?: number;
  unitPriceGross?: number;
  vatRate?: number;
  /** The variant ordered (its product's names in other languages); none by default. */
  variant?: { id: number; code: string } | null;
};

export type OrderInput = {
  number?: string;
  language?: Language;
  currency?: 'CZK' | 'EUR';
  email?: string;
  customer?: { id: number } | null;
  lines?: OrderLineInput[];
  deliveryName?: string;
  deliveryCode?: string;
  deliveryPrice?: number;
  paymentName?: string;
  paymentCode?: string;
  paymentPrice?: number;
  /** The delivery and payment methods themselves (their names in other languages); none by default. */
  deliveryMethod?: { id: number } | null;
  paymentMethod?: { id: number } | null;
  /** Taken off the goods at their highest VAT rate. */
  discountGross?: number;
  invoiceAddress?: Record<string, string>;
  createdAt?: Date;
  /** The cart it was placed from (a partner's cart: the order's webhooks go to that token's endpoints). */
  cartId?: string;
};

/**
 * An order as placing one stores it (lines with the prices and rates of that moment, totals and the
 * VAT recap per rate), written straight to the database for tests of what reads orders.
 */
export async function createOrder(prisma: Db, input: OrderInput = {}) {
  const n = unique();
  const lines = (input.lines ?? [{}]).map((line, index) => {
    const quantity = line.quantity ?? 1;
    const unitPriceGross = line.unitPriceGross ?? 59_900;
    const vatRate = line.vatRate ?? 21;
    return {
      variantId: line.variant?.id ?? null,
      productCode: line.productCode ?? `P${n}-${index}`,
      variantCode: line.variant?.code ?? `P${n}-${index}-1`,
      name: line.name ?? `Dres ${n}/${index + 1}`,
      size: line.size === undefined ? 'M' : line.size,
      colour: line.colour === undefined ? null : line.colour,
      quantity,
      vatRate,
      unitPriceGross,
      unitPriceNet: vatSplit(unitPriceGross, vatRate).net,
      totalGross: unitPriceGross * quantity,
      totalNet: vatSplit(unitPriceGross * quantity, vatRate).net,
    };
  });
  const deliveryPrice = input.deliveryPrice ?? 6_900;
  const paymentPrice = input.paymentPrice ?? 0;
  const discountGross = input.discountGross ?? 0;
  const topRate = Math.max(...lines.map((line) => line.vatRate));
  const recap = sumByVatRate([
    ...lines.map((line) => ({ grossMinor: line.totalGross, ratePercent: line.vatRate })),
    ...(discountGross > 0 ? [{ grossMinor: -discountGross, ratePercent: topRate }] : []),
    ...(deliveryPrice > 0 ? [{ grossMinor: deliveryPrice, ratePercent: 21 }] : []),
    ...(paymentPrice > 0 ? [{ grossMinor: paymentPrice, ratePercent: 21 }] : []),
  ]);
  const productsGross = lines.reduce((sum, line) => sum + line.totalGross, 0);
  const email = input.email ?? `objednavka${n}@example.cz`;
  const number = input.number ?? `2026${String(900_000 + n).padStart(6, '0')}`;
  return prisma.order.create({
    data: {
      number,
      hash: `test-hash-${n}-${Math.random().toString(36).slice(2)}`,
      customerId: input.customer?.id ?? null,
      cartId: input.cartId ?? null,
      currency: input.currency ?? 'CZK',
      language: input.language ?? 'cs',
      email,
      phone: '+420 601 234 567',
      deliveryMethodId: input.deliveryMethod?.id ?? null,
      paymentMethodId: input.paymentMethod?.id ?? null,
      deliveryName: input.deliveryName ?? 'Výdejní místo nebo box',
      deliveryCode: input.deliveryCode ?? 'parcel-point',
      deliveryPrice,
      paymentName: input.paymentName ?? 'Bankovní převod',
      paymentCode: input.paymentCode ?? 'bank-transfer',
      paymentPrice,
      invoiceAddress: input.invoiceAddress ?? {
        firstName: 'Jiřina',
        lastName: 'Šťastná',
        email,
        phone: '+420 601 234 567',
        street: 'Žitná 12',
        city: 'Ústí nad Labem',
        postcode: '400 01',
        country: 'CZ',
        company: '',
        ico: '',
        dic: '',
      },
      productsNet: lines.reduce((sum, line) => sum + line.totalNet, 0),
      productsGross,
      discountGross,
      totalNet: recap.total.net,
      totalVat: recap.total.vat,
      totalGross: recap.total.gross,
      vatRecap: recap.byRate.map((row) => ({ ...row })),
      variableSymbol: number,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      lines: { create: lines },
    },
    include: { lines: true },
  });
}
