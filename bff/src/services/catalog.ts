// Catalog rules: which products a filter matches and how they are ordered.
import type { Prisma } from '../generated/prisma/client.ts';
import type { Context, CurrencyCode } from '../graphql/context.ts';
import { badInput } from '../graphql/pagination.ts';
import { normalizeSearchText } from './search-text.ts';
import { message } from '../i18n/messages.ts';
import { SEARCH_MAX_LENGTH, SLUG_MAX_LENGTH } from '../../../schema/rules/index.ts';

export type ProductFilterInput = {
  categorySlug?: string | null;
  inStock?: boolean | null;
  priceFrom?: number | null;
  priceTo?: number | null;
  search?: string | null;
  isNew?: boolean | null;
  isSale?: boolean | null;
};

export type ProductSortValue = 'BEST_SELLING' | 'NEWEST' | 'PRICE_ASC' | 'PRICE_DESC';

const MAX_PRICE = 1_000_000_000;

/**
 * A category and all categories below it: one recursive statement from the slug down the tree (the
 * whole category table was read for this before). Remembered for the request, so a page that asks for
 * the category and its products resolves the slug once.
 */
const categoryIdsOfRequest = new WeakMap<Context, Map<string, Promise<number[]>>>();

function categoryIdsFor(ctx: Context, slug: string): Promise<number[]> {
  let known = categoryIdsOfRequest.get(ctx);
  if (!known) categoryIdsOfRequest.set(ctx, (known = new Map()));
  const key = `${ctx.language}:${slug}`;
  let ids = known.get(key);
  if (!ids) {
    ids = ctx.prisma
      .$queryRaw<{ id: number }[]>`
        WITH RECURSIVE tree AS (
          SELECT t."categoryId" AS id FROM "CategoryTranslation" t
           WHERE t.language = ${ctx.language}::"Language" AND t.slug = ${slug}
          UNION
          SELECT c.id FROM "Category" c JOIN tree ON c."parentId" = tree.id
        )
        SELECT id FROM tree`
      .then((rows) => rows.map((row) => row.id));
    known.set(key, ids);
  }
  return ids;
}

function checkPrice(name: string, value: number | null | undefined) {
  if (value != null && (value < 0 || value > MAX_PRICE)) throw badInput(`${name} is out of range`);
}

export async function productWhere(ctx: Context, filter: ProductFilterInput): Promise<Prisma.ProductWhereInput> {
  checkPrice('priceFrom', filter.priceFrom);
  checkPrice('priceTo', filter.priceTo);
  if ((filter.search?.length ?? 0) > SEARCH_MAX_LENGTH || (filter.categorySlug?.length ?? 0) > SLUG_MAX_LENGTH) {
    throw badInput(message('inputTooLong', ctx.language));
  }
  const and: Prisma.ProductWhereInput[] = [{ published: true }];
  if (filter.categorySlug) and.push({ categoryId: { in: await categoryIdsFor(ctx, filter.categorySlug) } });
  if (filter.inStock) and.push({ variants: { some: { stock: { gt: 0 } } } });
  if (filter.isNew) and.push({ isNew: true });
  if (filter.isSale) and.push({ isSale: true });
  const priceColumn = ctx.currency === 'CZK' ? 'priceCzk' : 'priceEur';
  if (filter.priceFrom != null) and.push({ [priceColumn]: { gte: filter.priceFrom } });
  if (filter.priceTo != null) and.push({ [priceColumn]: { lte: filter.priceTo } });
  const words = normalizeSearchText(filter.search ?? '').split(' ').filter(Boolean);
  for (const word of words) {
    and.push({ translations: { some: { language: ctx.language, searchText: { contains: word } } } });
  }
  return { AND: and };
}

export function productOrderBy(sort: ProductSortValue, currency: CurrencyCode): Prisma.ProductOrderByWithRelationInput[] {
  const price = currency === 'CZK' ? 'priceCzk' : 'priceEur';
  switch (sort) {
    case 'NEWEST':
      return [{ createdAt: 'desc' }, { id: 'desc' }];
    case 'PRICE_ASC':
      return [{ [price]: 'asc' }, { id: 'asc' }];
    case 'PRICE_DESC':
      return [{ [price]: 'desc' }, { id: 'asc' }];
    default:
      return [{ soldCount: 'desc' }, { id: 'asc' }];
  }
}
