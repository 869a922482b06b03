// Catalog: categories, manufacturers, products with variants, images, parameters and size charts.
// Every text field answers in the request's language, every price in the request's currency.
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, CATALOG_READ } from './builder.ts';
import type { Context } from '../context.ts';
import type { Locale } from '../../../../schema/rules/locale.ts';
import { money, originalUnitPrice, unitPrice, type Money } from '../../services/pricing.ts';
import { findProductPage, type SearchCorrection, type ProductFilterInput, type ProductSortValue } from '../../services/catalog.ts';
import { badInput, pageWindow, connectionFrom } from './pagination.ts';
import { SIMILAR_COUNT, similarProducts } from './similar-products.ts';
import { SEARCH_MAX_LENGTH, SLUG_MAX_LENGTH } from '../../../../schema/rules/index.ts';
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

export const LanguageEnum = builder.enumType('Language', { values: ['cs', 'en'] as const });

export const LocalizedSlug = builder.objectRef<{ language: Locale; slug: string }>('LocalizedSlug').implement({
  description: 'The same object in each language, for language switching and hreflang links.',
  fields: (t) => ({
    language: t.field({ type: LanguageEnum, resolve: (row) => row.language }),
    slug: t.exposeString('slug'),
  }),
});

export function localizedSlugs(parent: WithTranslations<{ slug: string }>) {
  return parent.translations.map((row) => ({ language: row.language as Locale, slug: row.slug }));
}

export const CurrencyEnum = builder.enumType('Currency', { values: ['CZK', 'EUR'] as const });

export const Price = builder.objectRef<Money>('Price').implement({
  description: 'An amount in minor units (haléře, cents) with VAT, without VAT and the VAT itself.',
  fields: (t) => ({
    currency: t.field({ type: CurrencyEnum, resolve: (price) => price.currency }),
    withVat: t.exposeInt('withVat'),
    withoutVat: t.exposeInt('withoutVat'),
    vat: t.exposeInt('vat'),
  }),
});

export const Category = builder.prismaNode('Category', {
  id: { field: 'id' },
  fields: (t) => ({
    name: t.string({ select: NAME_AND_SLUG, resolve: (c, _a, ctx) => pick(c, ctx.language)?.name ?? '' }),
    slug: t.string({ select: NAME_AND_SLUG, resolve: (c, _a, ctx) => pick(c, ctx.language)?.slug ?? '' }),
    description: t.string({
      select: { translations: { select: { language: true, description: true } } },
      resolve: (c, _a, ctx) => pick(c, ctx.language)?.description ?? '',
    }),
    slugs: t.field({ type: [LocalizedSlug], select: NAME_AND_SLUG, resolve: localizedSlugs }),
    parent: t.relation('parent', { nullable: true }),
    children: t.relation('children', { query: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } }),
  }),
});

builder.prismaNode('Manufacturer', {
  id: { field: 'id' },
  fields: (t) => ({
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
  }),
});

const ProductImage = builder.prismaNode('ProductImage', {
  id: { field: 'id' },
  fields: (t) => ({
    url: t.exposeString('url'),
    width: t.exposeInt('width'),
    height: t.exposeInt('height'),
    colourCode: t.string({
      nullable: true,
      description: 'The Colour.code the picture shows, when the product comes in colours: the page shows it for that colour.',
      select: { colour: { select: { code: true } } },
      resolve: (image) => image.colour?.code ?? null,
    }),
  }),
});

builder.prismaObject('ProductParameter', {
  fields: (t) => ({
    name: t.exposeString('name'),
    value: t.exposeString('value'),
  }),
});

const SizeChartRow = builder.objectRef<string[]>('SizeChartRow').implement({
  fields: (t) => ({ cells: t.stringList({ resolve: (row) => row }) }),
});

builder.prismaObject('SizeChart', {
  fields: (t) => ({
    name: t.string({ select: { translations: true }, resolve: (s, _a, ctx) => pick(s, ctx.language)?.name ?? '' }),
    columns: t.stringList({
      select: { translations: true },
      resolve: (s, _a, ctx) => (pick(s, ctx.language)?.columns as string[] | undefined) ?? [],
    }),
    rows: t.field({ type: [SizeChartRow], resolve: (s) => s.rows as string[][] }),
  }),
});

const Colour = builder.prismaObject('Colour', {
  fields: (t) => ({
    code: t.exposeString('code'),
    hex: t.exposeString('hex'),
    name: t.string({ select: { translations: true }, resolve: (c, _a, ctx) => pick(c, ctx.language)?.name ?? c.code }),
  }),
});

function variantPrice(variant: Parameters<typeof unitPrice>[0], vatRate: number, ctx: Context): Money {
  return money(unitPrice(variant, ctx.currency, ctx.config.eurRate), vatRate, ctx.currency);
}

function variantOriginalPrice(variant: Parameters<typeof unitPrice>[0], vatRate: number, ctx: Context): Money | null {
  const original = originalUnitPrice(variant, ctx.currency, ctx.config.eurRate);
  return original === null ? null : money(original, vatRate, ctx.currency);
}

export const Variant = builder.prismaNode('Variant', {
  id: { field: 'id' },
  fields: (t) => ({
    code: t.exposeString('code'),
    size: t.exposeString('size', { nullable: true }),
    colour: t.relation('colour', { nullable: true, type: Colour }),
    image: t.field({
      type: ProductImage,
      nullable: true,
      description: 'The picture of this variant: the first of its colour, else the product’s first (the cart shows the chosen colour).',
      select: { colourId: true, product: { select: { images: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } } } },
      resolve: (v) => v.product.images.find((image) => v.colourId !== null && image.colourId === v.colourId) ?? v.product.images[0] ?? null,
    }),
    stock: t.exposeInt('stock', { description: 'Pieces in stock.' }),
    inStock: t.boolean({ resolve: (v) => v.stock > 0 }),
    price: t.field({
      type: Price,
      select: { product: { select: { vatRate: true } } },
      resolve: (v, _a, ctx) => variantPrice(v, v.product.vatRate, ctx),
    }),
    originalPrice: t.field({
      type: Price,
      nullable: true,
      description: 'The price before a sale, when the variant is discounted.',
      select: { product: { select: { vatRate: true } } },
      resolve: (v, _a, ctx) => variantOriginalPrice(v, v.product.vatRate, ctx),
    }),
    product: t.relation('product'),
  }),
});

/** The variant columns a product's price reads (a list has a dozen variants per product). */
const VARIANT_PRICES = { variants: { select: { priceCzk: true, priceEur: true, originalPriceCzk: true, originalPriceEur: true } } } as const;

/** The cheapest variant decides the "from" price shown in lists. */
function cheapestVariant<V extends Parameters<typeof unitPrice>[0]>(variants: V[], ctx: Context): V | undefined {
  let best: V | undefined;
  for (const variant of variants) {
    if (!best || unitPrice(variant, ctx.currency, ctx.config.eurRate) < unitPrice(best, ctx.currency, ctx.config.eurRate)) {
      best = variant;
    }
  }
  return best;
}

export const Product = builder.prismaNode('Product', {
  id: { field: 'id' },
  fields: (t) => ({
    code: t.exposeString('code'),
    name: t.string({ select: NAME_AND_SLUG, resolve: (p, _a, ctx) => pick(p, ctx.language)?.name ?? '' }),
    slug: t.string({ select: NAME_AND_SLUG, resolve: (p, _a, ctx) => pick(p, ctx.language)?.slug ?? '' }),
    slugs: t.field({ type: [LocalizedSlug], select: NAME_AND_SLUG, resolve: localizedSlugs }),
    shortDescription: t.string({
      select: { translations: { select: { language: true, shortDescription: true } } },
      resolve: (p, _a, ctx) => pick(p, ctx.language)?.shortDescription ?? '',
    }),
    description: t.string({
      select: { translations: { select: { language: true, description: true } } },
      resolve: (p, _a, ctx) => pick(p, ctx.language)?.description ?? '',
    }),
    vatRate: t.exposeInt('vatRate', { description: 'VAT rate in percent.' }),
    isNew: t.exposeBoolean('isNew'),
    isSale: t.exposeBoolean('isSale'),
    category: t.relation('category'),
    manufacturer: t.relation('manufacturer'),
    images: t.relation('images', { query: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } }),
    mainImage: t.field({
      type: ProductImage,
      nullable: true,
      select: { images: { orderBy: [{ position: 'asc' }, { id: 'asc' }], take: 1 } },
      resolve: (p) => p.images[0] ?? null,
    }),
    variants: t.relation('variants', { query: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } }),
    parameters: t.relation('parameters', {
      query: (_args, ctx) => ({ where: { language: ctx.language }, orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
    }),
    sizeChart: t.relation('sizeChart', { nullable: true }),
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
      select: VARIANT_PRICES,
      resolve: (p, _a, ctx) => {
        const cheapest = cheapestVariant(p.variants, ctx);
        return cheapest ? variantOriginalPrice(cheapest, p.vatRate, ctx) : null;
      },
    }),
    inStock: t.boolean({ select: { variants: { select: { stock: true } } }, resolve: (p) => p.variants.some((v) => v.stock > 0) }),
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
  values: {
    BEST_SELLING: { description: 'Best-selling first; with a search, the most relevant first and best-selling among equally relevant.' },
    NEWEST: {},
    PRICE_ASC: {},
    PRICE_DESC: {},
  } as const,
});

const ProductFilter = builder.inputType('ProductFilter', {
  fields: (t) => ({
    categorySlug: t.string({ required: false, description: 'Includes the category\'s subcategories.' }),
    inStock: t.boolean({ required: false }),
    priceFrom: t.int({ required: false, description: 'Minor units of the request currency, VAT included.' }),
    priceTo: t.int({ required: false }),
    search: t.string({
      required: false,
      description: 'Every word must occur in the name, code or manufacturer; ignores case and diacritics, and tolerates one typo in a word the catalog does not know.',
    }),
    isNew: t.boolean({ required: false }),
    isSale: t.boolean({ required: false }),
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

const ProductConnection = builder.objectRef<ReturnType<typeof connectionFrom<unknown>> & { searchCorrections: SearchCorrection[] }>(
  'ProductConnection',
);

const SearchCorrectionRef = builder.objectRef<SearchCorrection>('SearchCorrection').implement({
  description: 'A search word the catalog does not know, and the known words one typo away that were searched as well.',
  fields: (t) => ({
    typed: t.exposeString('typed'),
    meant: t.exposeStringList('meant'),
  }),
});

builder.queryFields((t) => ({
  categories: t.prismaField({
    ...CATALOG_READ,
    type: ['Category'],
    description: 'The top of the category tree; children hang below.',
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.category.findMany({ ...query, where: { parentId: null }, orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
  }),
  category: t.prismaField({
    ...CATALOG_READ,
    type: 'Category',
    nullable: true,
    args: { slug: t.arg.string({ required: true }) },
    description: 'A category by its slug in the request language, or else by its slug in the other language (the page then redirects to its own).',
    resolve: async (query, _root, args, ctx) => {
      const slug = args.slug.slice(0, SLUG_MAX_LENGTH);
      const own = await ctx.prisma.category.findFirst({ ...query, where: { translations: { some: { language: ctx.language, slug } } } });
      return own ?? ctx.prisma.category.findFirst({ ...query, where: { translations: { some: { slug } } } });
    },
  }),
  product: t.prismaField({
    ...CATALOG_READ,
    type: 'Product',
    nullable: true,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.product.findFirst({
        ...query,
        where: { published: true, translations: { some: { language: ctx.language, slug: args.slug.slice(0, SLUG_MAX_LENGTH) } } },
      }),
  }),
  products: t.field({
    ...CATALOG_READ,
    type: ProductConnection,
    args: {
      first: t.arg.int({ required: false, description: 'Page size, 1 to 100 (default 12).' }),
      after: t.arg.string({ required: false }),
      offset: t.arg.int({ required: false, description: 'Skip this many products; an alternative to `after` for page links.' }),
      filter: t.arg({ type: ProductFilter, required: false }),
      sort: t.arg({ type: ProductSort, required: false }),
    },
    resolve: async (_root, args, ctx, info) => {
      const window = pageWindow(args, ctx.errorLanguage);
      const page = await findProductPage(ctx, productFilter(args.filter, ctx.errorLanguage), (args.sort ?? 'BEST_SELLING') as ProductSortValue, window);
      const query = queryFromInfo({ context: ctx, info, typeName: 'Product', path: ['edges', 'node'] });
      const found = page.ids.length ? await ctx.prisma.product.findMany({ ...query, where: { id: { in: page.ids } } }) : [];
      const byId = new Map(found.map((product) => [product.id, product]));
      const nodes = page.ids.flatMap((id) => byId.get(id) ?? []);
      return { ...connectionFrom(nodes, window, page.totalCount), searchCorrections: page.searchCorrections };
    },
  }),
}));

builder.objectType(ProductConnection, {
  fields: (t) => ({
    totalCount: t.exposeInt('totalCount'),
    offset: t.exposeInt('offset', { description: 'How many products come before the first edge.' }),
    searchCorrections: t.field({
      type: [SearchCorrectionRef],
      description: 'With a search: its words read as typos (empty when every word is known).',
      resolve: (c) => c.searchCorrections,
    }),
    pageInfo: t.field({ type: builder.pageInfoRef(), resolve: (c) => c.pageInfo }),
    edges: t.field({
      type: [builder.objectRef<{ cursor: string; node: unknown }>('ProductEdge').implement({
        fields: (e) => ({
          cursor: e.exposeString('cursor'),
          node: e.field({ type: Product, resolve: (edge) => edge.node as never }),
        }),
      })],
      resolve: (c) => c.edges,
    }),
  }),
});
