// Catalog: categories, manufacturers, products with variants, images, parameters and size charts.
// Every text field answers in the request's language, every price in the request's currency.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, CATALOG_READ, PUBLIC_ANSWER } from './builder.ts';
import type { Context } from '../context.ts';
import type { Locale } from '../../../../schema/rules/locale.ts';
import { money, originalUnitPrice, unitPrice, type Money } from '../../services/pricing.ts';
import { reductionOf, type AnnouncingVariant } from '../../services/pricing.ts';
import type { PriceHistoryRow } from '../../../../schema/rules/lowest-price.ts';
import { COUNT_CAP, findProductPage, listedCategoryIds, type SearchCorrection, type ProductFilterInput, type ProductSortValue } from '../../services/catalog.ts';
import { readSizeChartColumns, readSizeChartRows } from '../../services/json-columns.ts';
import { badInput, pageWindow, connectionFrom } from './pagination.ts';
import { SIMILAR_COUNT, similarProducts } from './similar-products.ts';
import { PICTURE_WIDTH, rasterPictureUrl } from '../../services/product-pictures.ts';
import { isEuMemberState, localeTag, LOCALES, SEARCH_MAX_LENGTH, SLUG_MAX_LENGTH } from '../../../../schema/rules/index.ts';
import { message } from '../../i18n/messages.ts';

type WithTranslations<T> = { translations: (T & { language: string })[] };

/** The translation in the request's language (catalogs always carry both). */
export function pick<T>(parent: WithTranslations<T>, language: Locale): T | undefined {
  return parent.translations.find((row) => row.language === language) ?? parent.translations[0];
}

/**
 * The translation columns of a name and a link. Each field selects only the columns it reads (they
 * merge into one load): a list of products or the menu's categories would otherwise carry every
 * description, and a product's search text, in both languages.
 */
const NAME_AND_SLUG = { translations: { select: { language: true, name: true, slug: true } } } as const;

export const LanguageEnum = builder.enumType('Language', {
  description: 'A language of the shop’s texts.',
  values: { cs: { description: 'Czech, the shop’s own language.' }, en: { description: 'English.' } } as const,
});

export const LocalizedSlug = builder.objectRef<{ language: Locale; slug: string }>('LocalizedSlug').implement({
  description: 'The same object in each language, for language switching and hreflang links.',
  fields: (t) => ({
    language: t.field({ type: LanguageEnum, description: 'The language of this slug.', resolve: (row) => row.language }),
    slug: t.exposeString('slug', { description: 'The slug (the last part of the page’s address) in that language.' }),
  }),
});

export function localizedSlugs(parent: WithTranslations<{ slug: string }>) {
  return parent.translations.map((row) => ({ language: row.language as Locale, slug: row.slug }));
}

export const CurrencyEnum = builder.enumType('Currency', {
  description: 'A currency the shop sells in; a request chooses it with the X-Shop-Currency header (CZK by default).',
  values: { CZK: { description: 'Czech crowns; minor unit: haléř (1/100).' }, EUR: { description: 'Euros; minor unit: cent (1/100).' } } as const,
});

export const Price = builder.objectRef<Money>('Price').implement({
  description: 'An amount in minor units (haléře, cents) with VAT, without VAT and the VAT itself.',
  fields: (t) => ({
    currency: t.field({ type: CurrencyEnum, description: 'The currency of the three amounts.', resolve: (price) => price.currency }),
    withVat: t.exposeInt('withVat', { description: 'The amount with VAT, in minor units (189900 is 1 899,00 Kč): what the shopper pays.' }),
    withoutVat: t.exposeInt('withoutVat', { description: 'The amount without VAT, in minor units.' }),
    vat: t.exposeInt('vat', { description: 'The VAT in the amount, in minor units (withVat − withoutVat).' }),
  }),
});

export const Category = builder.prismaNode('Category', {
  description: 'A category of the catalog tree; its texts in the request language.',
  id: { field: 'id', description: 'Global id of the category.' },
  fields: (t) => ({
    name: t.string({ description: 'The category’s name.', select: NAME_AND_SLUG, resolve: (c, _a, ctx) => pick(c, ctx.language)?.name ?? '' }),
    slug: t.string({
      description: 'The slug in the request language: `category(slug:)` and `ProductFilter.categorySlug` take it.',
      select: NAME_AND_SLUG,
      resolve: (c, _a, ctx) => pick(c, ctx.language)?.slug ?? '',
    }),
    description: t.string({
      description: 'An introductory text for the category page (plain text; may be empty).',
      select: { translations: { select: { language: true, description: true } } },
      resolve: (c, _a, ctx) => pick(c, ctx.language)?.description ?? '',
    }),
    slugs: t.field({ type: [LocalizedSlug], description: 'The slug in each language.', select: NAME_AND_SLUG, resolve: localizedSlugs }),
    parent: t.relation('parent', { nullable: true, description: 'The category above; null at the top of the tree.' }),
    children: t.relation('children', {
      description: 'The subcategories, in the shop’s order.',
      query: { orderBy: [{ position: 'asc' }, { id: 'asc' }] },
    }),
  }),
});

type BusinessAddressData = { street: string; city: string; postalCode: string; countryCode: string };

/** One per language, made at its first use: a new Intl.DisplayNames cost ~0.1 ms of every product page's render. */
const regionNames = new Map<Locale, Intl.DisplayNames>();

/** A country's name in the request language, from its ISO code ("CZ" -> "Česko" / "Czechia"). */
function countryName(countryCode: string, language: Locale): string {
  let names = regionNames.get(language);
  if (!names) regionNames.set(language, (names = new Intl.DisplayNames([localeTag(language)], { type: 'region' })));
  try {
    return names.of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}

const BusinessAddress = builder.objectRef<BusinessAddressData>('BusinessAddress').implement({
  description: 'A company’s postal address, as product safety information names it (GPSR Art. 19).',
  fields: (t) => ({
    street: t.exposeString('street', { description: 'Street and number (or the first lines of the address).' }),
    city: t.exposeString('city', { description: 'Town or city.' }),
    postalCode: t.exposeString('postalCode', { description: 'Postal code as the country writes it, e.g. 602 00.' }),
    country: t.exposeString('countryCode', { description: 'ISO 3166-1 alpha-2 code of the country, e.g. CZ.' }),
    countryName: t.string({ description: 'The country’s name in the request language.', resolve: (a, _x, ctx) => countryName(a.countryCode, ctx.language) }),
  }),
});

/** The address when every part of it is known, else null. */
function businessAddress(row: { street: string | null; city: string | null; postalCode: string | null; countryCode: string | null }): BusinessAddressData | null {
  const { street, city, postalCode, countryCode } = row;
  return street && city && postalCode && countryCode ? { street, city, postalCode, countryCode } : null;
}

const ADDRESS_COLUMNS = { street: true, city: true, postalCode: true, countryCode: true } as const;

builder.prismaNode('Manufacturer', {
  description: 'The maker or brand of a product.',
  id: { field: 'id', description: 'Global id of the manufacturer.' },
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The brand name (the same in every language).' }),
    slug: t.exposeString('slug', { description: 'The brand in a URL-safe form (the same in every language).' }),
    postalAddress: t.field({
      type: BusinessAddress,
      nullable: true,
      description: 'The manufacturer’s postal address (product safety information, GPSR Art. 19); null when the shop does not know it.',
      select: ADDRESS_COLUMNS,
      resolve: businessAddress,
    }),
    electronicAddress: t.exposeString('electronicAddress', {
      nullable: true,
      description: 'Where to contact the manufacturer electronically: an e-mail address or the URL of a contact form (GPSR Art. 19); null when the shop does not know it.',
    }),
    establishedInEu: t.boolean({
      description: 'Whether the manufacturer is established in a member state of the EU; when not (or not known), its products name an EU responsible person.',
      select: { countryCode: true },
      resolve: (m) => isEuMemberState(m.countryCode),
    }),
  }),
});

builder.prismaObject('ResponsiblePerson', {
  description: 'The economic operator established in the EU that answers for a product made outside it: an importer or an authorised representative (GPSR, Regulation (EU) 2023/988, Art. 16).',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The company’s name.' }),
    postalAddress: t.field({
      type: BusinessAddress,
      description: 'Its postal address (in the EU).',
      select: ADDRESS_COLUMNS,
      resolve: (p) => businessAddress(p)!,
    }),
    electronicAddress: t.exposeString('electronicAddress', { description: 'An e-mail address or the URL of a contact form.' }),
  }),
});

const ProductImage = builder.prismaNode('ProductImage', {
  description: 'A picture of a product.',
  id: { field: 'id', description: 'Global id of the picture.' },
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Where the picture is: a path on the shop (prefix it with the shop’s address), or an absolute URL.' }),
    jpegUrl: t.string({
      description: `The picture as a JPEG ${PICTURE_WIDTH} px wide (for feeds and link previews, which take no SVG): a path on the shop whose name changes with the picture, so it may be cached for good.`,
      resolve: (image) => rasterPictureUrl(image.url, 'jpeg'),
    }),
    webpUrl: t.string({
      description: `The same picture as a WebP ${PICTURE_WIDTH} px wide.`,
      resolve: (image) => rasterPictureUrl(image.url, 'webp'),
    }),
    width: t.exposeInt('width', { description: 'Its width in pixels.' }),
    height: t.exposeInt('height', { description: 'Its height in pixels.' }),
    colourCode: t.string({
      nullable: true,
      description: 'The Colour.code the picture shows, when the product comes in colours: the page shows it for that colour; null for a picture of the product as a whole.',
      select: { colour: { select: { code: true } } },
      resolve: (image) => image.colour?.code ?? null,
    }),
  }),
});

builder.prismaObject('ProductParameter', {
  description: 'One line of a product’s parameters table (material, fit …), in the request language.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'What the parameter is (e.g. Materiál).' }),
    value: t.exposeString('value', { description: 'Its value (e.g. 100 % polyester).' }),
  }),
});

const SizeChartRow = builder.objectRef<string[]>('SizeChartRow').implement({
  description: 'One row of a size chart.',
  fields: (t) => ({ cells: t.stringList({ description: 'The row’s cells, one for each of the chart’s columns.', resolve: (row) => row }) }),
});

builder.prismaObject('SizeChart', {
  description: 'A table of sizes and body measurements (centimetres) for a kind of product.',
  fields: (t) => ({
    name: t.string({ description: 'The chart’s title.', select: { translations: true }, resolve: (s, _a, ctx) => pick(s, ctx.language)?.name ?? '' }),
    columns: t.stringList({
      description: 'The column headings (e.g. Velikost, Obvod hrudníku (cm)).',
      select: { translations: true },
      resolve: (s, _a, ctx) => {
        const translation = pick(s, ctx.language);
        return translation ? readSizeChartColumns(translation.columns) : [];
      },
    }),
    rows: t.field({ type: [SizeChartRow], description: 'The rows, one per size.', resolve: (s) => readSizeChartRows(s.rows) }),
  }),
});

const Colour = builder.prismaObject('Colour', {
  description: 'The colour of a variant.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'A stable code of the colour (e.g. RED); ProductImage.colourCode refers to it.' }),
    hex: t.exposeString('hex', { description: 'The colour for a swatch, as CSS hex (#c8102e).' }),
    name: t.string({ description: 'The colour’s name in the request language.', select: { translations: true }, resolve: (c, _a, ctx) => pick(c, ctx.language)?.name ?? c.code }),
  }),
});

function variantPrice(variant: Parameters<typeof unitPrice>[0], vatRate: number, ctx: Context): Money {
  return money(unitPrice(variant, ctx.currency, ctx.config.eurRate), vatRate, ctx.currency);
}

function variantOriginalPrice(variant: Parameters<typeof unitPrice>[0], vatRate: number, ctx: Context): Money | null {
  const original = originalUnitPrice(variant, ctx.currency, ctx.config.eurRate);
  return original === null ? null : money(original, vatRate, ctx.currency);
}

/**
 * A variant's price history, read in the statement that reads the variant (a join, as the cart view's
 * data is): only the rows of a variant that announces a reduction (its sale price column is set; the
 * euro one falls back to the crown one), so a list costs no statement more and carries no rows for
 * variants not on sale (decision 0063).
 */
const PRICE_HISTORY = {
  priceChanges: {
    where: { variant: { is: { originalPriceCzk: { not: null } } } },
    select: { at: true as const, currency: true as const, price: true as const },
    orderBy: [{ at: 'asc' as const }, { id: 'asc' as const }],
  },
};

/** The lowest price of the 30 days before the variant's announced reduction (decision 0063), or null when none may be announced. */
function variantLowestPrice(variant: AnnouncingVariant & { priceChanges: PriceHistoryRow[] }, vatRate: number, ctx: Context): Money | null {
  const reduction = reductionOf(variant, variant.priceChanges, ctx.currency, ctx.config.eurRate, ctx.clock());
  return reduction ? money(reduction.lowestPrice, vatRate, ctx.currency) : null;
}

const LOWEST_PRICE_DESCRIPTION =
  'The lowest price in the 30 days before the current price took effect (Czech Consumer Protection Act § 12a, the EU Omnibus rule), in the request currency: ' +
  'what a page that announces a reduction strikes through and states ("Lowest price in the last 30 days"), and what a discount percentage is computed from. ' +
  'Null when no reduction is announced, when the price history does not reach 30 days before the reduction, or when that lowest price is not above the current price: ' +
  'then no reduction may be shown at all.';

export const Variant = builder.prismaNode('Variant', {
  description: 'What a shopper puts in the cart: one size and colour of a product, with its own price and stock.',
  id: { field: 'id', description: 'Global id of the variant: `addToCart(variantId:)` takes it.' },
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The variant’s stock code (SKU), unique in the shop.' }),
    size: t.exposeString('size', { nullable: true, description: 'The size as the label says (S, M, 42 …); null for a product without sizes.' }),
    colour: t.relation('colour', { nullable: true, type: Colour, description: 'The colour; null for a product in one colour.' }),
    image: t.field({
      type: ProductImage,
      nullable: true,
      description: 'The picture of this variant: the first of its colour, else the product’s first (the cart shows the chosen colour); null for a product without pictures.',
      select: { colourId: true, product: { select: { images: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } } } },
      resolve: (v) => v.product.images.find((image) => v.colourId !== null && image.colourId === v.colourId) ?? v.product.images[0] ?? null,
    }),
    stock: t.exposeInt('stock', { description: 'Pieces in stock.' }),
    inStock: t.boolean({ description: 'Whether at least one piece is in stock.', resolve: (v) => v.stock > 0 }),
    price: t.field({
      type: Price,
      description: 'The price of one piece now, in the request currency.',
      select: { product: { select: { vatRate: true } } },
      resolve: (v, _a, ctx) => variantPrice(v, v.product.vatRate, ctx),
    }),
    originalPrice: t.field({
      type: Price,
      nullable: true,
      description: 'The price before a sale as the shop marked it, when the variant is discounted; null when it is not. A reduction is shown with `lowestPriceLast30Days` (the law’s reference price), not with this.',
      select: { product: { select: { vatRate: true } } },
      resolve: (v, _a, ctx) => variantOriginalPrice(v, v.product.vatRate, ctx),
    }),
    lowestPriceLast30Days: t.field({
      type: Price,
      nullable: true,
      description: LOWEST_PRICE_DESCRIPTION,
      select: { product: { select: { vatRate: true } }, ...PRICE_HISTORY },
      resolve: (v, _a, ctx) => variantLowestPrice(v, v.product.vatRate, ctx),
    }),
    product: t.relation('product', { description: 'The product this is a variant of.' }),
  }),
});

/** The variant columns a product's price reads (a list has a dozen variants per product). */
const VARIANT_PRICES = { variants: { select: { id: true, priceCzk: true, priceEur: true, originalPriceCzk: true, originalPriceEur: true } } } as const;

/**
 * The cheapest variant decides the "from" price shown in lists; among equal prices the lower id, as the
 * catalog's "on sale" condition picks it (services/prices.ts onSaleSql).
 */
function cheapestVariant<V extends Parameters<typeof unitPrice>[0] & { id: number }>(variants: V[], ctx: Context): V | undefined {
  let best: V | undefined;
  for (const variant of variants) {
    const price = unitPrice(variant, ctx.currency, ctx.config.eurRate);
    const bestPrice = best ? unitPrice(best, ctx.currency, ctx.config.eurRate) : 0;
    if (!best || price < bestPrice || (price === bestPrice && variant.id < best.id)) best = variant;
  }
  return best;
}

/** The product's lowest price of the 30 days before its reduction (its cheapest variant's), or null. */
function productLowestPrice(
  p: { vatRate: number; variants: (AnnouncingVariant & { id: number; priceChanges: PriceHistoryRow[] })[] },
  ctx: Context,
): Money | null {
  const cheapest = cheapestVariant(p.variants, ctx);
  return cheapest ? variantLowestPrice(cheapest, p.vatRate, ctx) : null;
}

export const Product = builder.prismaNode('Product', {
  description: 'A product of the catalog, with its variants (sizes, colours); texts in the request language, prices in the request currency.',
  id: { field: 'id', description: 'Global id of the product.' },
  fields: (t) => ({
    code: t.exposeString('code', { description: 'The product’s catalog code, unique in the shop (its variants’ codes start with it).' }),
    name: t.string({ description: 'The product’s name.', select: NAME_AND_SLUG, resolve: (p, _a, ctx) => pick(p, ctx.language)?.name ?? '' }),
    slug: t.string({
      description: 'The slug in the request language: `product(slug:)` takes it, and the page is /produkt/{slug} (/en/product/{slug}).',
      select: NAME_AND_SLUG,
      resolve: (p, _a, ctx) => pick(p, ctx.language)?.slug ?? '',
    }),
    slugs: t.field({ type: [LocalizedSlug], description: 'The slug in each language.', select: NAME_AND_SLUG, resolve: localizedSlugs }),
    shortDescription: t.string({
      description: 'One or two sentences for lists and the top of the page (plain text).',
      select: { translations: { select: { language: true, shortDescription: true } } },
      resolve: (p, _a, ctx) => pick(p, ctx.language)?.shortDescription ?? '',
    }),
    description: t.string({
      description: 'The full description (plain text, paragraphs separated by blank lines).',
      select: { translations: { select: { language: true, description: true } } },
      resolve: (p, _a, ctx) => pick(p, ctx.language)?.description ?? '',
    }),
    vatRate: t.exposeInt('vatRate', { description: 'VAT rate in percent.' }),
    isNew: t.exposeBoolean('isNew', { description: 'Marked as new by the shop.' }),
    isSale: t.boolean({
      description:
        'On sale: a reduction may be announced, exactly when `lowestPriceLast30Days` is not null (the products `filter: { isSale: true }` lists). ' +
        'A product the shop marks as reduced without 30 days of price history before the reduction is not on sale.',
      select: { vatRate: true, variants: { select: { ...VARIANT_PRICES.variants.select, ...PRICE_HISTORY } } },
      resolve: (p, _a, ctx) => productLowestPrice(p, ctx) !== null,
    }),
    category: t.relation('category', { description: 'The category the product belongs to.' }),
    manufacturer: t.relation('manufacturer', { description: 'The maker or brand.' }),
    responsiblePerson: t.relation('responsiblePerson', {
      nullable: true,
      description: 'The EU responsible person (GPSR Art. 16): always set when the manufacturer is not established in the EU; null otherwise, or when the shop names none.',
    }),
    safetyInformation: t.string({
      description: 'Warnings and safety information in the request language (plain text, paragraphs separated by blank lines); empty when the product has none.',
      select: { translations: { select: { language: true, safetyInformation: true } } },
      resolve: (p, _a, ctx) => pick(p, ctx.language)?.safetyInformation ?? '',
    }),
    images: t.relation('images', { description: 'Every picture, the main one first.', query: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } }),
    mainImage: t.field({
      type: ProductImage,
      nullable: true,
      description: 'The first picture, for lists; null when the product has none.',
      select: { images: { orderBy: [{ position: 'asc' }, { id: 'asc' }], take: 1 } },
      resolve: (p) => p.images[0] ?? null,
    }),
    variants: t.relation('variants', { description: 'The sizes and colours, in the shop’s order.', query: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } }),
    parameters: t.relation('parameters', {
      description: 'The parameters table, in the request language.',
      query: (_args, ctx) => ({ where: { language: ctx.language }, orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
    }),
    sizeChart: t.relation('sizeChart', { nullable: true, description: 'The size chart for the product’s kind; null when there is none.' }),
    price: t.field({
      type: Price,
      description: 'The lowest price of the product\'s variants.',
      select: VARIANT_PRICES,
      resolve: (p, _a, ctx) => {
        const cheapest = cheapestVariant(p.variants, ctx);
        return cheapest ? variantPrice(cheapest, p.vatRate, ctx) : money(0, p.vatRate, ctx.currency);
      },
    }),
    originalPrice: t.field({
      type: Price,
      nullable: true,
      description: 'The price before a sale of the variant that gives `price`, as the shop marked it; null when it is not discounted. A reduction is shown with `lowestPriceLast30Days`, not with this.',
      select: VARIANT_PRICES,
      resolve: (p, _a, ctx) => {
        const cheapest = cheapestVariant(p.variants, ctx);
        return cheapest ? variantOriginalPrice(cheapest, p.vatRate, ctx) : null;
      },
    }),
    lowestPriceLast30Days: t.field({
      type: Price,
      nullable: true,
      description: `${LOWEST_PRICE_DESCRIPTION} For the variant that gives \`price\`.`,
      select: { variants: { select: { ...VARIANT_PRICES.variants.select, ...PRICE_HISTORY } } },
      resolve: (p, _a, ctx) => productLowestPrice(p, ctx),
    }),
    inStock: t.boolean({ description: 'Whether any variant is in stock.', select: { variants: { select: { stock: true } } }, resolve: (p) => p.variants.some((v) => v.stock > 0) }),
    stock: t.int({
      description: 'Pieces in stock over all variants.',
      select: { variants: { select: { stock: true } } },
      resolve: (p) => p.variants.reduce((sum, v) => sum + v.stock, 0),
    }),
  }),
});

// Products chosen as similar, or else the best sellers of the same category (similar-products.ts).
builder.prismaObjectField('Product', 'similar', (t) =>
  t.field({
    type: [Product],
    description: `Up to ${SIMILAR_COUNT} products to show beside this one.`,
    select: { categoryId: true },
    resolve: (p, _a, ctx, info) =>
      similarProducts(ctx, p, queryFromInfo({ context: ctx, info }) as Record<string, unknown>, info.fieldNodes[0]) as never,
  }),
);

const ProductSort = builder.enumType('ProductSort', {
  description: 'The order of a product list.',
  values: {
    BEST_SELLING: { description: 'Best-selling first; with a search, the most relevant first and best-selling among equally relevant.' },
    NEWEST: { description: 'The most recently added first.' },
    PRICE_ASC: { description: 'The cheapest first.' },
    PRICE_DESC: { description: 'The most expensive first.' },
  } as const,
});

const ProductFilter = builder.inputType('ProductFilter', {
  description: 'Which products a list shows; every condition given must hold.',
  fields: (t) => ({
    categorySlug: t.string({ required: false, description: 'Includes the category\'s subcategories.' }),
    inStock: t.boolean({ required: false, description: 'true: only products with a variant in stock.' }),
    priceFrom: t.int({ required: false, description: 'Minor units of the request currency, VAT included.' }),
    priceTo: t.int({ required: false, description: 'Minor units of the request currency, VAT included; compared with the product’s price.' }),
    search: t.string({
      required: false,
      description: 'Every word must occur in the name, code or manufacturer; ignores case and diacritics, and tolerates one typo in a word the catalog does not know.',
    }),
    isNew: t.boolean({ required: false, description: 'true: only products marked as new.' }),
    isSale: t.boolean({
      required: false,
      description: 'true: only products on sale, those whose `lowestPriceLast30Days` is not null (a reduction the law allows to announce, decision 0063).',
    }),
  }),
});

const MAX_PRICE = 1_000_000_000;

/** The filter argument as the catalog service takes it; a price out of range or a text too long is BAD_USER_INPUT. */
function productFilter(filter: ProductFilterInput | null | undefined, language: Locale): ProductFilterInput {
  const given = filter ?? {};
  for (const [name, value] of [['priceFrom', given.priceFrom], ['priceTo', given.priceTo]] as const) {
    if (value != null && (value < 0 || value > MAX_PRICE)) throw badInput(`${name} is out of range`);
  }
  if ((given.search?.length ?? 0) > SEARCH_MAX_LENGTH || (given.categorySlug?.length ?? 0) > SLUG_MAX_LENGTH) {
    throw badInput(message('inputTooLong', language));
  }
  return given;
}

const ProductConnection = builder.objectRef<ReturnType<typeof connectionFrom<unknown>> & { searchCorrections: SearchCorrection[]; totalCountCapped: boolean }>(
  'ProductConnection',
);

const SearchCorrectionRef = builder.objectRef<SearchCorrection>('SearchCorrection').implement({
  description: 'A search word the catalog does not know, and the known words one typo away that were searched as well.',
  fields: (t) => ({
    typed: t.exposeString('typed', { description: 'The word as it was searched for.' }),
    meant: t.exposeStringList('meant', { description: 'The known words it was read as.' }),
  }),
});

builder.queryFields((t) => ({
  categories: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: ['Category'],
    description: 'The top of the category tree; children hang below.',
    resolve: (query, _root, _args, ctx) => {
      ctx.tagAnswer('categories');
      return ctx.prisma.category.findMany({ ...query, where: { parentId: null }, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    },
  }),
  category: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: 'Category',
    nullable: true,
    args: { slug: t.arg.string({ required: true, description: 'The category’s slug (Category.slug), in either language.' }) },
    description: 'A category by its slug in the request language, or else by its slug in the other language (the page then redirects to its own); null when neither knows the slug.',
    resolve: async (query, _root, args, ctx) => {
      const slug = args.slug.slice(0, SLUG_MAX_LENGTH);
      // from the translation's unique (language, slug) to its one category, as the product below
      for (const language of [ctx.language, ...LOCALES.map((locale) => locale.code).filter((code) => code !== ctx.language)]) {
        const found = await ctx.prisma.categoryTranslation.findUnique({ where: { language_slug: { language, slug } }, select: { category: query, categoryId: true } });
        if (found) {
          ctx.tagAnswer(`category:${found.categoryId}`);
          return found.category;
        }
      }
      // none: a category given this slug later changes the tree
      ctx.tagAnswer('categories');
      return null;
    },
  }),
  product: t.prismaField({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: 'Product',
    nullable: true,
    description: 'A published product by its slug in the request language (Product.slug); null when there is none.',
    args: { slug: t.arg.string({ required: true, description: 'The product’s slug in the request language.' }) },
    // From the translation's unique (language, slug) to its product: a filter on the products with the
    // joined data selected (findFirst) built every product's joins until it met the slug (issue 40).
    resolve: async (query, _root, args, ctx) => {
      const found = await ctx.prisma.productTranslation.findUnique({
        where: { language_slug: { language: ctx.language, slug: args.slug.slice(0, SLUG_MAX_LENGTH) }, product: { published: true } },
        select: { product: query, productId: true },
      });
      // none: a product published with this slug later is a change of the search
      ctx.tagAnswer(found ? `product:${found.productId}` : 'search');
      return found?.product ?? null;
    },
  }),
  products: t.field({
    ...PUBLIC_ANSWER,
    ...CATALOG_READ,
    type: ProductConnection,
    description: 'Published products, filtered, sorted and paged (Relay connection: `first` and `after`, or `offset`).',
    args: {
      first: t.arg.int({ required: false, description: 'Page size, 1 to 100 (default 12).' }),
      after: t.arg.string({ required: false, description: 'The `endCursor` of the previous page: the page after it.' }),
      offset: t.arg.int({ required: false, description: 'Skip this many products; an alternative to `after` for page links.' }),
      filter: t.arg({ type: ProductFilter, required: false, description: 'Which products; all published ones without it.' }),
      sort: t.arg({ type: ProductSort, required: false, description: 'The order; BEST_SELLING without it.' }),
    },
    resolve: async (_root, args, ctx, info) => {
      const window = pageWindow(args, ctx.errorLanguage);
      const filter = productFilter(args.filter, ctx.errorLanguage);
      const page = await findProductPage(ctx, filter, (args.sort ?? 'BEST_SELLING') as ProductSortValue, window);
      // a category's listing, or else (and for any search) the whole catalog's; and what each product shows
      const categoryIds = filter.categorySlug ? await listedCategoryIds(ctx, filter.categorySlug) : [];
      ctx.tagAnswer(...categoryIds.map((id) => `list:${id}` as const), ...page.ids.map((id) => `listed:${id}` as const));
      if (!filter.categorySlug || filter.search) ctx.tagAnswer('search');
      const query = queryFromInfo({ context: ctx, info, typeName: 'Product', path: ['edges', 'node'] });
      const found = page.ids.length ? await ctx.prisma.product.findMany({ ...query, where: { id: { in: page.ids } } }) : [];
      const byId = new Map(found.map((product) => [product.id, product]));
      const nodes = page.ids.flatMap((id) => byId.get(id) ?? []);
      const connection = connectionFrom(nodes, window, page.totalCount);
      // past the counted cap, a full page may have more after it
      if (page.totalCountCapped && nodes.length === window.limit) connection.pageInfo.hasNextPage = true;
      return { ...connection, totalCountCapped: page.totalCountCapped, searchCorrections: page.searchCorrections };
    },
  }),
}));

builder.objectType(ProductConnection, {
  description: 'A page of products (Relay connection) and how many match in all.',
  fields: (t) => ({
    totalCount: t.exposeInt('totalCount', {
      description: `How many products match the filter, on every page together: exact up to ${COUNT_CAP}; when more match, ${COUNT_CAP} (see totalCountCapped).`,
    }),
    totalCountCapped: t.exposeBoolean('totalCountCapped', {
      description: `True when more than ${COUNT_CAP} products match: they are not counted further, and totalCount is ${COUNT_CAP} ("more than ${COUNT_CAP}").`,
    }),
    offset: t.exposeInt('offset', { description: 'How many products come before the first edge.' }),
    searchCorrections: t.field({
      type: [SearchCorrectionRef],
      description: 'With a search: its words read as typos (empty when every word is known).',
      resolve: (c) => c.searchCorrections,
    }),
    pageInfo: t.field({ type: builder.pageInfoRef(), description: 'Where this page is: whether more follow, and the cursors.', resolve: (c) => c.pageInfo }),
    edges: t.field({
      description: 'The products of this page, in order.',
      type: [builder.objectRef<{ cursor: string; node: unknown }>('ProductEdge').implement({
        description: 'A product on a page, with its cursor.',
        fields: (e) => ({
          cursor: e.exposeString('cursor', { description: 'This position in the list: `after` takes it.' }),
          node: e.field({ type: Product, description: 'The product.', resolve: (edge) => edge.node as never }),
        }),
      })],
      resolve: (c) => c.edges,
    }),
  }),
});
