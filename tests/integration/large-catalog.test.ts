// Issue 40: a page found by its slug reads the same few rows in a catalog of any size. A filter on the
// products with their joined data selected built every product's joins until it met the slug (at 1M
// products every product page timed out); the slug is now looked up in its translation's unique index.
// Each statement a lookup sends is run again under EXPLAIN ANALYZE with its parameters, and no step of
// its plan may handle more than a handful of the thousands of rows seeded here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ArticleDocument, CategoryPageDocument, ProductPageDocument } from '../../web/app/gql/graphql.ts';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createArticle, createCategory, createManufacturer, createProduct } from '../support/factories.ts';
import { COUNT_CAP } from '../../bff/src/services/catalog.ts';

/** More than the products of a list are counted (COUNT_CAP, decision 0060), all in one category. */
const PRODUCTS = COUNT_CAP + 500;
const CATEGORIES = 2000;
const ARTICLES = 2000;
/** More rows than any step of a lookup's plan may handle: a few per joined relation, far below the catalog. */
const MOST_ROWS = 50;

let app: TestApp;
let client: pg.Client;
let product: Awaited<ReturnType<typeof createProduct>>;
let category: Awaited<ReturnType<typeof createCategory>>;

type Statement = { query: string; params: string };
type PlanNode = {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

/** Rows a plan step produced or threw away, over all its loops. */
function rowsOf(node: PlanNode): number {
  const removed = (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Join Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
  return (node['Actual Rows'] + removed) * node['Actual Loops'];
}

function mostRows(node: PlanNode): number {
  return Math.max(rowsOf(node), ...(node.Plans ?? []).map(mostRows));
}

/** The most rows any step of any reading statement of `run` handled, and that statement. */
async function rowsTouchedBy(run: () => Promise<unknown>): Promise<{ rows: number; statement: string }> {
  const statements: Statement[] = [];
  const on = app.prisma as unknown as { $on: (event: 'query', listener: (e: Statement) => void) => void };
  let listening = true;
  on.$on('query', (e) => {
    if (listening) statements.push({ query: e.query, params: e.params });
  });
  try {
    await run();
  } finally {
    listening = false;
  }
  let worst = { rows: 0, statement: '' };
  for (const { query, params } of statements) {
    if (!/^\s*(?:SELECT|WITH)\b/i.test(query)) continue;
    const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`, JSON.parse(params));
    const most = mostRows(rows[0]['QUERY PLAN'][0].Plan);
    if (most > worst.rows) worst = { rows: most, statement: query.slice(0, 200) };
  }
  expect(statements.length).toBeGreaterThan(0);
  return worst;
}

beforeAll(async () => {
  app = await createTestApp();
  category = await createCategory(app.prisma, { name: { cs: 'Šály velké', en: 'Big scarves' } });
  const manufacturer = await createManufacturer(app.prisma);
  product = await createProduct(app.prisma, { category, manufacturer, names: { cs: 'Šála Velkého katalogu', en: 'Big catalog scarf' } });
  await createArticle(app.prisma, { title: { cs: 'Velký katalog', en: 'Big catalog' }, slug: { cs: 'velky-katalog', en: 'big-catalog' } });
  await createArticle(app.prisma, { slug: { cs: 'jeste-ne', en: 'not-yet' }, publishedAt: new Date(Date.now() + 86_400_000) });
  // thousands of products in the same category, each with both translations and a variant, then as
  // many categories and articles; inserted after the ones looked up, so that a scan in id order meets
  // them last
  await app.prisma.$executeRawUnsafe(`
    INSERT INTO "Product" (code, "categoryId", "manufacturerId", "vatRate", "soldCount", "priceCzk", "priceEur")
    SELECT 'L' || g, ${category.id}, ${manufacturer.id}, 21, g % 1000, 10000, 400 FROM generate_series(1, ${PRODUCTS}) g`);
  await app.prisma.$executeRawUnsafe(`
    INSERT INTO "ProductTranslation" ("productId", language, name, slug, "searchText")
    SELECT p.id, l.language::"Language", 'Zboží ' || p.code, 'zbozi-' || l.language || '-' || p.code, 'zbozi ' || lower(p.code)
      FROM "Product" p CROSS JOIN (VALUES ('cs'), ('en')) l(language) WHERE p.code LIKE 'L%'`);
  await app.prisma.$executeRawUnsafe(`
    INSERT INTO "Variant" ("productId", code, stock, "priceCzk") SELECT id, 'V' || code, 5, 10000 FROM "Product" WHERE code LIKE 'L%'`);
  await app.prisma.$executeRawUnsafe(`
    INSERT INTO "Category" (position) SELECT 1000 + g FROM generate_series(1, ${CATEGORIES}) g`);
  await app.prisma.$executeRawUnsafe(`
    INSERT INTO "CategoryTranslation" ("categoryId", language, name, slug)
    SELECT c.id, l.language::"Language", 'Kategorie ' || c.id, 'kategorie-' || l.language || '-' || c.id
      FROM "Category" c CROSS JOIN (VALUES ('cs'), ('en')) l(language) WHERE c.position > 1000`);
  await app.prisma.$executeRawUnsafe(`INSERT INTO "Article" ("publishedAt") SELECT now() - interval '1 day' FROM generate_series(1, ${ARTICLES})`);
  await app.prisma.$executeRawUnsafe(`
    INSERT INTO "ArticleTranslation" ("articleId", language, slug, title, perex, body)
    SELECT a.id, l.language::"Language", 'clanek-' || l.language || '-' || a.id, 'Článek', '', ''
      FROM "Article" a CROSS JOIN (VALUES ('cs'), ('en')) l(language)
     WHERE NOT EXISTS (SELECT 1 FROM "ArticleTranslation" t WHERE t."articleId" = a.id)`);
  // settled as autovacuum would leave it
  await app.prisma.$executeRawUnsafe('ANALYZE');
  client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
}, 300_000);

afterAll(async () => {
  await client?.end();
  await app?.close();
});

describe(`a lookup by slug in a large catalog (${databaseKind}, ${PRODUCTS} products)`, () => {
  it('the product page reads a handful of rows, not the catalog', async () => {
    const touched = await rowsTouchedBy(async () => {
      const page = await app.gql(ProductPageDocument, { slug: product.slug('cs') });
      expect(page.errors).toBeUndefined();
      expect(page.data!.product!.name).toBe('Šála Velkého katalogu');
      // its similar products are the category's best sellers: from the top of its sales order
      expect(page.data!.product!.similar).toHaveLength(4);
      const english = await app.gql(ProductPageDocument, { slug: product.slug('en') }, { headers: { 'x-shop-language': 'en' } });
      expect(english.data!.product!.name).toBe('Big catalog scarf');
      const bulk = await app.gql(ProductPageDocument, { slug: `zbozi-cs-L${PRODUCTS}` });
      expect(bulk.data!.product!.name).toBe(`Zboží L${PRODUCTS}`);
      const unknown = await app.gql(ProductPageDocument, { slug: 'zadne-takove-zbozi' });
      expect(unknown.errors).toBeUndefined();
      expect(unknown.data!.product).toBeNull();
    });
    console.log(`most rows of one plan step, product page (${databaseKind}): ${touched.rows}`);
    expect(touched.rows, touched.statement).toBeLessThanOrEqual(MOST_ROWS);
  });

  it('an unpublished product is not found by its slug', async () => {
    await app.prisma.product.update({ where: { code: `L${PRODUCTS - 1}` }, data: { published: false } });
    const page = await app.gql(ProductPageDocument, { slug: `zbozi-cs-L${PRODUCTS - 1}` });
    expect(page.errors).toBeUndefined();
    expect(page.data!.product).toBeNull();
  });

  it('a category reads a handful of rows, by its slug in either language', async () => {
    const other = `kategorie-en-${category.id + CATEGORIES}`;
    const touched = await rowsTouchedBy(async () => {
      const own = await app.gql<{ category: { name: string } | null }>('query ($slug: String!) { category(slug: $slug) { name slug slugs { slug } parent { slug } children { slug } } }', {
        slug: category.translations.find((row) => row.language === 'cs')!.slug,
      });
      expect(own.data!.category!.name).toBe('Šály velké');
      // the English slug on the Czech site finds the category (the page then redirects to its Czech slug)
      const english = await app.gql<{ category: { name: string; slug: string } | null }>('query ($slug: String!) { category(slug: $slug) { name slug } }', { slug: other });
      expect(english.data!.category).toEqual({ name: `Kategorie ${category.id + CATEGORIES}`, slug: `kategorie-cs-${category.id + CATEGORIES}` });
      const unknown = await app.gql<{ category: null }>('query ($slug: String!) { category(slug: $slug) { name } }', { slug: 'zadna-takova' });
      expect(unknown.data!.category).toBeNull();
    });
    console.log(`most rows of one plan step, category (${databaseKind}): ${touched.rows}`);
    expect(touched.rows, touched.statement).toBeLessThanOrEqual(MOST_ROWS);
    // the category page's document finds it too
    const page = await app.gql(CategoryPageDocument, { slug: other, first: 1 });
    expect(page.data!.category!.slug).toBe(`kategorie-cs-${category.id + CATEGORIES}`);
  });

  it('an article reads a handful of rows; one not yet published is not found', async () => {
    const touched = await rowsTouchedBy(async () => {
      const found = await app.gql(ArticleDocument, { slug: 'velky-katalog' });
      expect(found.errors).toBeUndefined();
      expect(found.data!.article).toMatchObject({ id: expect.any(String), title: 'Velký katalog' });
      const english = await app.gql(ArticleDocument, { slug: 'big-catalog' }, { headers: { 'x-shop-language': 'en' } });
      expect(english.data!.article!.title).toBe('Big catalog');
      const later = await app.gql(ArticleDocument, { slug: 'jeste-ne' });
      expect(later.errors).toBeUndefined();
      expect(later.data!.article).toBeNull();
    });
    console.log(`most rows of one plan step, article (${databaseKind}): ${touched.rows}`);
    expect(touched.rows, touched.statement).toBeLessThanOrEqual(MOST_ROWS);
  });
});

describe(`a category of more products than are counted (${databaseKind}, ${PRODUCTS} products; issue 41, decision 0060)`, () => {
  it('its list counts up to the cap and says more match, in both languages; page and count read no more than the cap', async () => {
    const slugIn = (language: string) => category.translations.find((row) => row.language === language)!.slug;
    type List = { products: { totalCount: number; totalCountCapped: boolean; edges: unknown[]; pageInfo: { hasNextPage: boolean } } };
    const LIST = 'query ($filter: ProductFilter, $offset: Int) { products(first: 12, offset: $offset, filter: $filter) { totalCount totalCountCapped edges { node { name } } pageInfo { hasNextPage } } }';
    const touched = await rowsTouchedBy(async () => {
      for (const language of ['cs', 'en']) {
        // the category page's own document, in each language
        const page = await app.gql(CategoryPageDocument, { slug: slugIn(language), first: 12, filter: { categorySlug: slugIn(language) } }, { headers: { 'x-shop-language': language } });
        expect(page.errors).toBeUndefined();
        const list = await app.gql<List>(LIST, { filter: { categorySlug: slugIn(language) } }, { headers: { 'x-shop-language': language } });
        const { totalCount, totalCountCapped, edges, pageInfo } = list.data!.products;
        expect([totalCount, totalCountCapped, edges.length, pageInfo.hasNextPage]).toEqual([COUNT_CAP, true, 12, true]);
      }
      // a page past the counted cap is still served, and says more follow
      const far = (await app.gql<List>(LIST, { offset: COUNT_CAP + 12, filter: { categorySlug: slugIn('cs') } })).data!.products;
      expect([far.totalCountCapped, far.edges.length, far.pageInfo.hasNextPage]).toEqual([true, 12, true]);
    });
    console.log(`most rows of one plan step, category list over the cap (${databaseKind}): ${touched.rows}`);
    // the whole category was collected and sorted before: ${PRODUCTS} rows in a step
    expect(touched.rows, touched.statement).toBeLessThanOrEqual(COUNT_CAP + 12 * 2 + MOST_ROWS);
    // fewer matches than the cap are counted exactly
    const few = await app.gql<{ products: { totalCount: number; totalCountCapped: boolean } }>(
      'query ($filter: ProductFilter) { products(first: 12, filter: $filter) { totalCount totalCountCapped } }',
      { filter: { categorySlug: slugIn('cs'), search: 'velkeho katalogu' } },
    );
    expect(few.data!.products).toEqual({ totalCount: 1, totalCountCapped: false });
  });
});

describe(`the products on sale in a large catalog (${databaseKind}, ${PRODUCTS} products; decision 0063)`, () => {
  it('the home page’s sale list and its count read the few variants with a sale mark and their history, not the catalog', async () => {
    // three bulk products reduced today after 40 days at their price, and one marked and reduced after 10 days only
    const codes = [`L${PRODUCTS - 10}`, `L${PRODUCTS - 20}`, `L${PRODUCTS - 30}`, `L${PRODUCTS - 40}`];
    const ids = (await app.prisma.product.findMany({ where: { code: { in: codes } }, select: { id: true, code: true } })).sort((a, b) => codes.indexOf(a.code) - codes.indexOf(b.code));
    const historyBack = (productIds: number[], days: number) =>
      app.prisma.$executeRawUnsafe(`
        UPDATE "VariantPriceChange" SET at = at - interval '${days} days' WHERE "variantId" IN (SELECT id FROM "Variant" WHERE "productId" IN (${productIds.join(',')}))`);
    await historyBack(ids.slice(0, 3).map((row) => row.id), 40);
    await historyBack([ids[3].id], 10);
    await app.prisma.$executeRawUnsafe(`UPDATE "Variant" SET "priceCzk" = 9000, "originalPriceCzk" = 10000 WHERE "productId" IN (${ids.map((row) => row.id).join(',')})`);
    await app.prisma.$executeRawUnsafe('ANALYZE "Variant"');
    await app.prisma.$executeRawUnsafe('ANALYZE "VariantPriceChange"');
    type List = { products: { totalCount: number; edges: { node: { code: string; lowestPriceLast30Days: { withVat: number } | null } }[] } };
    let listed: List['products'] | undefined;
    const touched = await rowsTouchedBy(async () => {
      const list = await app.gql<List>('{ products(first: 8, filter: { isSale: true }, sort: BEST_SELLING) { totalCount edges { node { code lowestPriceLast30Days { withVat } } } } }');
      expect(list.errors).toBeUndefined();
      listed = list.data!.products;
    });
    expect(listed!.edges.map((edge) => edge.node.code).sort()).toEqual(codes.slice(0, 3).sort());
    expect(listed!.totalCount).toBe(3);
    for (const edge of listed!.edges) expect(edge.node.lowestPriceLast30Days).toEqual({ withVat: 10000 });
    console.log(`most rows of one plan step, sale list (${databaseKind}): ${touched.rows}`);
    expect(touched.rows, touched.statement).toBeLessThanOrEqual(MOST_ROWS);
  });
});
