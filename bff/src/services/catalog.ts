// Catalog rules: which products a filter matches and how they are ordered. The filter's ranges and
// lengths are the API's arguments, checked where they arrive (graphql/schema/catalog.ts).
import type { Db } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { oneEditAway, searchWords, TYPO_WORD } from './search-text.ts';
import { onSaleSql } from './prices.ts';
import type { Currency, Locale } from '../../../schema/rules/index.ts';

/**
 * What the catalog rules need of a request (the GraphQL context provides it, and keys its memos): the
 * shop's euro rate and clock decide which products are on sale (decision 0063).
 */
export type CatalogContext = { prisma: Db; language: Locale; currency: Currency; config: { eurRate: number }; clock: () => Date };

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

/** The request's language as an SQL value of the database's "Language" type. */
function languageOf(ctx: CatalogContext): Prisma.Sql {
  return Prisma.sql`${ctx.language}::"Language"`;
}

/**
 * A category and all categories below it: one recursive statement from the slug down the tree (the
 * whole category table was read for this before). Remembered for the request, so a page that asks for
 * the category and its products resolves the slug once.
 */
const categoryIdsOfRequest = new WeakMap<CatalogContext, Map<string, Promise<number[]>>>();

/** The category of this slug and those below it: whose listing a product list filtered by it is. */
export function listedCategoryIds(ctx: CatalogContext, slug: string): Promise<number[]> {
  let known = categoryIdsOfRequest.get(ctx);
  if (!known) categoryIdsOfRequest.set(ctx, (known = new Map()));
  const key = `${ctx.language}:${slug}`;
  let ids = known.get(key);
  if (!ids) {
    ids = ctx.prisma
      .$queryRaw<{ id: number }[]>`
        WITH RECURSIVE tree AS (
          SELECT t."categoryId" AS id FROM "CategoryTranslation" t
           WHERE t.language = ${languageOf(ctx)} AND t.slug = ${slug}
          UNION
          SELECT c.id FROM "Category" c JOIN tree ON c."parentId" = tree.id
        )
        SELECT id FROM tree`
      .then((rows) => rows.map((row) => row.id));
    known.set(key, ids);
  }
  return ids;
}

/** LIKE pattern for a text anywhere in the search text (the trigram index answers it). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text` holds the search word or one of its typo corrections (the trigram indexes answer it). */
function containsWord(text: Prisma.Sql, word: string, corrections: Map<string, string[]>): Prisma.Sql {
  const spellings = [word, ...(corrections.get(word) ?? [])];
  return Prisma.sql`(${Prisma.join(spellings.map((spelling) => Prisma.sql`${text} LIKE ${containsPattern(spelling)}`), ' OR ')})`;
}

/**
 * How well one search word matches a text: 3 as a whole word, 2 as the start of a word, 1 inside a word
 * or the code, 0 only through a typo correction. Summed over the words, it ranks the results.
 */
function wordScore(word: string, text: Prisma.Sql): Prisma.Sql {
  const inside = Prisma.sql`${text} LIKE ${containsPattern(word)}`;
  if (!/^[a-z0-9]+$/.test(word)) return Prisma.sql`(CASE WHEN ${inside} THEN 1 ELSE 0 END)`;
  return Prisma.sql`(CASE WHEN ${text} ~ ${`\\m${word}\\M`} THEN 3 WHEN ${text} ~ ${`\\m${word}`} THEN 2 WHEN ${inside} THEN 1 ELSE 0 END)`;
}

/** At most this many words of one search are checked for typos, and each gets at most this many corrections. */
const TYPO_WORDS_CHECKED = 5;
const CORRECTIONS_PER_WORD = 5;

/**
 * The known words a search word may have been meant as. A word found in the vocabulary (as a word or
 * inside one) stays as typed; an unknown one also matches the vocabulary's words one edit away from it
 * ("slvaie" -> "slavie"). One statement for all the words; none when no word can be a typo. A word's
 * few hundred candidates travel as one space-separated text (they are letters only): as an array
 * parameter, Prisma and pg serialised, parsed and escaped each element, ~8 % of a search's CPU.
 */
async function typoCorrections(ctx: CatalogContext, words: string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((word) => TYPO_WORD.test(word)).slice(0, TYPO_WORDS_CHECKED);
  if (!candidates.length) return new Map();
  const language = languageOf(ctx);
  const rows = await ctx.prisma.$queryRaw<{ typed: string; known: boolean; corrections: string[] }[]>`${Prisma.join(
    candidates.map(
      (word) => Prisma.sql`
        SELECT ${word}::text AS typed,
               EXISTS (SELECT 1 FROM "SearchWord" s WHERE s.language = ${language} AND strpos(s.word, ${word}) > 0) AS known,
               ARRAY(SELECT s.word FROM "SearchWord" s
                      WHERE s.language = ${language} AND s.word = ANY(string_to_array(${oneEditAway(word).join(' ')}, ' '))
                      ORDER BY s.word LIMIT ${CORRECTIONS_PER_WORD}) AS corrections`,
    ),
    ' UNION ALL ',
  )}`;
  return new Map(rows.filter((row) => !row.known).map((row) => [row.typed, row.corrections]));
}

/** A search word the catalog does not know and the known words one typo away searched as well. */
export type SearchCorrection = { typed: string; meant: string[] };

/**
 * Matches are counted up to this many; beyond it a list says "more than 10 000" (decision 0060).
 * Counting every match of a category or a search of a million products cost more than the page
 * (an exact count reads them all; a capped one stops at the cap).
 */
export const COUNT_CAP = 10_000;

/** `totalCount` is exact up to COUNT_CAP; when more match, it is COUNT_CAP and `totalCountCapped` is true. */
export type ProductPage = { ids: number[]; totalCount: number; totalCountCapped: boolean; searchCorrections: SearchCorrection[] };

const NOTHING = { ids: [], totalCount: 0, totalCountCapped: false };

/**
 * The ids of one page of products matching a filter, in the order asked for, and how many match in
 * all, in one statement. Before it, a search looks its words up: through the postings among the
 * tokens (and a word no token holds in the typo vocabulary), else in the typo vocabulary. With
 * search words, every word must match (or a typo correction of it) and the default order is
 * relevance, then best-selling.
 */
export async function findProductPage(
  ctx: CatalogContext,
  filter: ProductFilterInput,
  sort: ProductSortValue,
  window: { offset: number; limit: number },
): Promise<ProductPage> {
  const conditions: Prisma.Sql[] = [Prisma.sql`p.published`];
  if (filter.categorySlug) {
    const categoryIds = await listedCategoryIds(ctx, filter.categorySlug);
    if (!categoryIds.length) return { ...NOTHING, searchCorrections: [] };
    conditions.push(Prisma.sql`p."categoryId" IN (${Prisma.join(categoryIds)})`);
  }
  if (filter.inStock) conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "Variant" v WHERE v."productId" = p.id AND v.stock > 0)`);
  if (filter.isNew) conditions.push(Prisma.sql`p."isNew"`);
  // on sale: a reduction the rule allows, as `lowestPriceLast30Days` states it, not the shop's mark (decision 0063)
  if (filter.isSale) conditions.push(onSaleSql(Prisma.sql`p`, ctx.currency, ctx.config.eurRate, ctx.clock()));
  const price = Prisma.raw(ctx.currency === 'CZK' ? 'p."priceCzk"' : 'p."priceEur"');
  if (filter.priceFrom != null) conditions.push(Prisma.sql`${price} >= ${filter.priceFrom}`);
  if (filter.priceTo != null) conditions.push(Prisma.sql`${price} <= ${filter.priceTo}`);

  const words = searchWords(filter.search ?? '');
  // A few words (each of three letters or more: the trigram index finds its tokens) and no other
  // filter than `published`, in the default order: the search postings answer without reading a product.
  const onlyPublished = conditions.length === 1;
  if (onlyPublished && sort === 'BEST_SELLING' && words.length > 0 && words.length <= POSTING_WORDS && words.every((word) => word.length >= 3)) {
    const { tokens, corrections } = await tokensWithTypos(ctx, words);
    const searchCorrections = correctionsFound(words, corrections);
    if (tokens.some((ofWord) => ofWord.length === 0)) return { ...NOTHING, searchCorrections };
    if (tokens.length === 1) return { ...(await pageOfOneWord(ctx, tokens[0], window)), searchCorrections };
    return { ...(await pageOfMatches(ctx, documentMatches(ctx, tokens), productOrder(sort, true), window, { collectFirst: true })), searchCorrections };
  }
  const corrections = words.length ? await typoCorrections(ctx, words) : new Map<string, string[]>();
  const searchCorrections = correctionsFound(words, corrections);
  let from = Prisma.sql`"Product" p`;
  let relevance = Prisma.sql`0`;
  if (words.length) {
    from = Prisma.sql`"Product" p JOIN "ProductTranslation" t ON t."productId" = p.id AND t.language = ${languageOf(ctx)}`;
    for (const word of words) conditions.push(containsWord(Prisma.sql`t."searchText"`, word, corrections));
    relevance = Prisma.join(words.map((word) => wordScore(word, Prisma.sql`t."searchText"`)), ' + ');
  }
  const matches = Prisma.sql`
    SELECT p.id, p."soldCount", p."createdAt", ${price} AS price, ${relevance} AS relevance
      FROM ${from}
     WHERE ${Prisma.join(conditions, ' AND ')}`;
  const collectFirst = words.length > 0;
  return { ...(await pageOfMatches(ctx, matches, productOrder(sort, collectFirst), window, { collectFirst })), searchCorrections };
}

function correctionsFound(words: string[], corrections: Map<string, string[]>): SearchCorrection[] {
  return words.flatMap((typed) => (corrections.get(typed)?.length ? [{ typed, meant: corrections.get(typed)! }] : []));
}

/**
 * The tokens of each word as typed; only a word that no token holds may be a typo, and only such
 * words are looked up in the typo vocabulary and searched again with their corrections. A search
 * whose words the catalog knows (most) takes one statement here instead of two.
 */
async function tokensWithTypos(ctx: CatalogContext, words: string[]) {
  const tokens = await tokensOfWords(ctx, words, new Map());
  const unmatched = words.filter((_, index) => tokens[index].length === 0);
  const corrections = unmatched.length ? await typoCorrections(ctx, unmatched) : new Map<string, string[]>();
  const corrected = unmatched.filter((word) => corrections.get(word)?.length);
  if (corrected.length) {
    const ofCorrected = await tokensOfWords(ctx, corrected, corrections);
    corrected.forEach((word, index) => (tokens[words.indexOf(word)] = ofCorrected[index]));
  }
  return { tokens, corrections };
}

/** A search of up to this many words goes through the postings and documents (each word is one more list to intersect). */
const POSTING_WORDS = 5;

type WordToken = { token: string; score: number };

/**
 * For each search word, the catalog's tokens (migration 20261123030000) that hold the word or one of
 * its typo corrections, with the word's score in each token (0 for a correction). A word has no space,
 * so it occurs in a search text exactly when it occurs in one of the text's tokens, and a word
 * boundary in the text is one in the token: the scores are those of the whole text.
 */
async function tokensOfWords(ctx: CatalogContext, words: string[], corrections: Map<string, string[]>): Promise<WordToken[][]> {
  const language = languageOf(ctx);
  const rows = await ctx.prisma.$queryRaw<(WordToken & { word: number })[]>`${Prisma.join(
    words.map(
      (word, index) => Prisma.sql`
        SELECT ${index}::int AS word, v.token, ${wordScore(word, Prisma.sql`v.token`)}::int AS score
          FROM "SearchToken" v
         WHERE v.language = ${language} AND ${containsWord(Prisma.sql`v.token`, word, corrections)}`,
    ),
    ' UNION ALL ',
  )}`;
  return words.map((_, index) => rows.filter((row) => row.word === index));
}

/**
 * The published products that have, for every word, one of its tokens, with their summed scores
 * (each word counts with its best token) and their sales. The words' token lists are intersected in
 * the documents' GIN index (migration 20261130160000), so only the products holding every word are
 * read: joining each word's postings collected 270 000 of them for 2 976 products at a million.
 */
function documentMatches(ctx: CatalogContext, tokensPerWord: WordToken[][]): Prisma.Sql {
  const holdsEveryWord = tokensPerWord.map((tokens) => Prisma.sql`d.tokens && ${tokens.map((t) => t.token)}::text[]`);
  const scores = tokensPerWord.map((tokens) =>
    tokens.length === 1
      ? Prisma.sql`${tokens[0].score}::int`
      : Prisma.sql`(SELECT max(w.score) FROM unnest(${tokens.map((t) => t.token)}::text[], ${tokens.map((t) => t.score)}::int[]) AS w(token, score)
                     WHERE w.token = ANY(d.tokens))`,
  );
  return Prisma.sql`
    SELECT d."productId" AS id, ${Prisma.join(scores, ' + ')} AS relevance, d."soldCount"
      FROM "SearchDocument" d
     WHERE d.language = ${languageOf(ctx)} AND d.published AND ${Prisma.join(holdsEveryWord, ' AND ')}`;
}

/**
 * One page of `matches` (a SELECT of product ids with the columns `order` names) and how many there
 * are, up to COUNT_CAP, in one statement. The matches of a search are collected first (`collectFirst`:
 * MATERIALIZED), because left to itself the planner may walk the sort's index and test every product,
 * 200 ms instead of 30 on 100 000 products. Those of a filter alone (a category, in stock, a price) are
 * planned for each use: the page is read from an index in the sort's order where one fits, and the
 * count stops at the cap (collecting a category of a million products first read and sorted all of them).
 * A page past the end still gets the total.
 */
async function pageOfMatches(
  ctx: CatalogContext,
  matches: Prisma.Sql,
  order: Prisma.Sql,
  window: { offset: number; limit: number },
  { collectFirst }: { collectFirst: boolean },
) {
  const rows = await ctx.prisma.$queryRaw<{ id: number | null; total: bigint }[]>`
    WITH matched AS ${collectFirst ? Prisma.sql`MATERIALIZED` : Prisma.sql`NOT MATERIALIZED`} (${matches})
    SELECT page.id, counted.total
      FROM (SELECT count(*) AS total FROM (SELECT 1 FROM matched LIMIT ${COUNT_CAP + 1}) capped) counted
      LEFT JOIN LATERAL (SELECT id FROM matched ORDER BY ${order} LIMIT ${window.limit} OFFSET ${window.offset}) page ON true`;
  return pageOfRows(rows);
}

/** A page statement's rows (one row with a null id when the page is empty) as ids and the total, counted up to COUNT_CAP + 1. */
function pageOfRows(rows: { id: number | null; total: bigint }[]) {
  const counted = Number(rows[0].total);
  return { ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])), totalCount: Math.min(counted, COUNT_CAP), totalCountCapped: counted > COUNT_CAP };
}

/**
 * A search of one word, in the default order (relevance, then best-selling). A product's relevance is
 * its best token's score, and the postings of each token are indexed in sales order (migration
 * 20261124230000), so a product on the page is among the first `offset + limit` postings of its best
 * token: every posting before it there is a product at least as relevant that sells more. The page is
 * therefore ranked from those few postings of each token instead of collecting, grouping and sorting
 * every match (62 500 for "dres" in a million products: 61 ms, now under 15). The total is counted up
 * to COUNT_CAP: a token with more postings than that decides it alone; else the distinct products of
 * all the tokens are counted (each has fewer than COUNT_CAP postings then).
 */
async function pageOfOneWord(ctx: CatalogContext, tokens: WordToken[], window: { offset: number; limit: number }) {
  const language = languageOf(ctx);
  const names = tokens.map((t) => t.token);
  const scores = tokens.map((t) => t.score);
  const rows = await ctx.prisma.$queryRaw<{ id: number | null; total: bigint }[]>`
    WITH postings AS (
      SELECT t.score, s."productId", s."soldCount"
        FROM unnest(${names}::text[], ${scores}::int[]) AS t(token, score)
        CROSS JOIN LATERAL (SELECT s."productId", s."soldCount" FROM "SearchPosting" s
                             WHERE s.language = ${language} AND s.token = t.token AND s.published
                             ORDER BY s."soldCount" DESC, s."productId" ASC
                             LIMIT ${window.offset + window.limit}) s
    ), ranked AS (
      SELECT "productId" AS id, max(score) AS relevance, max("soldCount") AS "soldCount" FROM postings GROUP BY "productId"
    )
    SELECT page.id, counted.total
      FROM (SELECT CASE
                     WHEN (SELECT max(n) FROM unnest(${names}::text[]) AS t(token)
                             CROSS JOIN LATERAL (SELECT count(*) AS n FROM (SELECT 1 FROM "SearchPosting" s
                                                   WHERE s.language = ${language} AND s.token = t.token AND s.published
                                                   LIMIT ${COUNT_CAP + 1}) capped) per_token) > ${COUNT_CAP} THEN ${COUNT_CAP + 1}
                     ELSE (SELECT count(DISTINCT s."productId") FROM "SearchPosting" s
                            WHERE s.language = ${language} AND s.token = ANY(${names}::text[]) AND s.published)
                   END AS total) counted
      LEFT JOIN LATERAL (SELECT id FROM ranked ORDER BY relevance DESC, "soldCount" DESC, id ASC
                          LIMIT ${window.limit} OFFSET ${window.offset}) page ON true`;
  return pageOfRows(rows);
}

function productOrder(sort: ProductSortValue, byRelevance: boolean): Prisma.Sql {
  switch (sort) {
    case 'NEWEST':
      return Prisma.sql`"createdAt" DESC, id DESC`;
    case 'PRICE_ASC':
      return Prisma.sql`price ASC, id ASC`;
    case 'PRICE_DESC':
      return Prisma.sql`price DESC, id ASC`;
    default:
      return byRelevance ? Prisma.sql`relevance DESC, "soldCount" DESC, id ASC` : Prisma.sql`"soldCount" DESC, id ASC`;
  }
}

// ------------------------------------------------------------------ similar products

/** How many similar products a product shows. */
export const SIMILAR_COUNT = 4;

/** A product asking for its similar products: its id and category. */
export type SimilarParent = { id: number; categoryId: number };

/**
 * A product's similar products as shown: the chosen ones, else `bestSellersOf` its category's best
 * sellers (their order moves with sales: the answer depends on that listing). `ids`: the products'.
 */
export type SimilarFound = { products: unknown[]; ids: number[]; bestSellersOf: number | null };

/**
 * The products to show beside each of `parents` (Product.similar): the ones chosen as similar, in their
 * order (published only, at most SIMILAR_COUNT), or else, when none are chosen, the best sellers of the
 * product's category, the product itself left out. `selection` is the Prisma selection of each product
 * (what the client asks of it). At most three statements for any number of parents.
 */
export async function similarProducts(db: Db, parents: readonly SimilarParent[], selection: Record<string, unknown>): Promise<Map<number, SimilarFound>> {
  const found = new Map<number, SimilarFound>();
  const chosen = await db.similarProduct.findMany({
    where: { productId: { in: parents.map((parent) => parent.id) }, similar: { published: true } },
    orderBy: [{ productId: 'asc' }, { position: 'asc' }, { similarId: 'asc' }],
    select: { productId: true, similarId: true, similar: selection },
  });
  for (const link of chosen) {
    const entry = found.get(link.productId) ?? { products: [], ids: [], bestSellersOf: null };
    if (entry.products.length < SIMILAR_COUNT) {
      entry.products.push(link.similar);
      entry.ids.push(link.similarId);
    }
    found.set(link.productId, entry);
  }
  const rest = parents.filter((parent) => !found.has(parent.id));
  if (rest.length) await addBestSellers(db, rest, selection, found);
  return found;
}

/** The best sellers of each parent's category, the parent itself left out. */
async function addBestSellers(db: Db, parents: readonly SimilarParent[], selection: Record<string, unknown>, found: Map<number, SimilarFound>) {
  const categories = [...new Set(parents.map((parent) => parent.categoryId))];
  // one more than shown, in case the parent is among them
  const perCategory = SIMILAR_COUNT + 1;
  // each category's first entries of its sales-order index, not every product of it ranked (issue 40)
  const ranked = await db.$queryRaw<{ id: number; categoryId: number }[]>`
    SELECT best.id, c.id AS "categoryId"
      FROM unnest(${categories}::int[]) AS c(id)
     CROSS JOIN LATERAL (
       SELECT p.id, p."soldCount" FROM "Product" p
        WHERE p."categoryId" = c.id AND p.published
        ORDER BY p."soldCount" DESC, p.id ASC
        LIMIT ${perCategory}
     ) best
     ORDER BY c.id, best."soldCount" DESC, best.id ASC`;
  const products = ranked.length
    ? ((await db.product.findMany({ ...selection, where: { id: { in: ranked.map((row) => row.id) } } })) as { id: number }[])
    : [];
  const byId = new Map(products.map((product) => [product.id, product]));
  for (const parent of parents) {
    const ids = ranked
      .filter((row) => row.categoryId === parent.categoryId && row.id !== parent.id && byId.has(row.id))
      .map((row) => row.id)
      .slice(0, SIMILAR_COUNT);
    found.set(parent.id, { products: ids.map((id) => byId.get(id)!), ids, bestSellersOf: parent.categoryId });
  }
}
