// Issue 10, search: every word must match the product's name, code or manufacturer (without case or
// diacritics), through a trigram GIN index on the normalised search text (migration 20261122162100);
// results come by relevance (whole word, start of a word, inside a word, typo) then best-selling; a word
// the catalog does not know also matches the known words one edit away (migration 20261122180000).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { normalizeSearchText } from '../../bff/src/services/search-text.ts';

let app: TestApp;

type Found = { products: { totalCount: number; edges: { node: { name: string } }[] } };

async function search(text: string, extra = '', headers: Record<string, string> = {}) {
  const result = await app.gql<Found>(
    `query ($text: String!) { products(first: 20, filter: { search: $text ${extra} }) { totalCount edges { node { name } } } }`,
    { text },
    { headers },
  );
  expect(result.errors).toBeUndefined();
  return { names: result.data!.products.edges.map((edge) => edge.node.name), total: result.data!.products.totalCount };
}

beforeAll(async () => {
  app = await createTestApp();
  await createProduct(app.prisma, { names: { cs: 'Dres Slávie domácí', en: 'Slavia home jersey' }, soldCount: 5 });
  // the same words, but "dres" only inside another word: less relevant although it sells more
  await createProduct(app.prisma, { names: { cs: 'Kondresová mikina Slávie', en: 'Slavia hoodie' }, soldCount: 500 });
  // "dres" at the start of a word
  await createProduct(app.prisma, { names: { cs: 'Dresová souprava Slávie', en: 'Slavia tracksuit' }, soldCount: 50 });
  await createProduct(app.prisma, { names: { cs: 'Šála Sparty', en: 'Sparta scarf' }, soldCount: 30 });
  await createProduct(app.prisma, { names: { cs: 'Šála Slávie', en: 'Slavia scarf' }, soldCount: 20, variants: [{ stock: 0 }] });
  await createProduct(app.prisma, { names: { cs: 'Kopačky 100% kůže', en: 'Boots 100% leather' } });
});

afterAll(async () => {
  await app?.close();
});

/**
 * The plan PostgreSQL would choose for `sql` when it may not read a table directly: with a handful
 * of rows it would, so this shows whether an index can answer.
 */
async function planOf(sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    await client.query('SET enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

/**
 * A search as the rules of decision 0021 rank it, read directly off the published Czech names: every
 * word inside the text; 3 as a whole word, 2 at the start of a word, 1 inside; then best-selling, then
 * the older product.
 */
async function rankedByRules(): Promise<(text: string) => { names: string[]; total: number }> {
  const rows = await app.prisma.productTranslation.findMany({
    where: { language: 'cs', product: { published: true } },
    select: { productId: true, name: true, searchText: true, product: { select: { soldCount: true } } },
  });
  return (text: string) => {
    const words = [...new Set(normalizeSearchText(text).split(' '))];
    const score = (word: string, searchText: string) => {
      if (!/^[a-z0-9]+$/.test(word)) return 1;
      if (new RegExp(`(^|[^a-z0-9_])${word}($|[^a-z0-9_])`).test(searchText)) return 3;
      return new RegExp(`(^|[^a-z0-9_])${word}`).test(searchText) ? 2 : 1;
    };
    const found = rows
      .filter((row) => words.every((word) => row.searchText.includes(word)))
      .map((row) => ({ ...row, relevance: words.reduce((sum, word) => sum + score(word, row.searchText), 0) }))
      .sort((a, b) => b.relevance - a.relevance || b.product.soldCount - a.product.soldCount || a.productId - b.productId);
    return { names: found.map((row) => row.name), total: found.length };
  };
}

describe(`search (${databaseKind})`, () => {
  it('pg_trgm and unaccent are installed', async () => {
    const rows = await app.prisma.$queryRaw<{ extname: string }[]>`SELECT extname FROM pg_extension ORDER BY extname`;
    expect(rows.map((row) => row.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
  });

  it('a word inside the search text is found through the trigram index, not by reading every row', async () => {
    expect(await planOf(`SELECT "productId" FROM "ProductTranslation" WHERE "searchText" LIKE '%slavie%'`)).toContain('ProductTranslation_searchText_trgm_idx');
    expect((await search('SLAVIE dres domaci')).names).toEqual(['Dres Slávie domácí']);
  });

  it('ranks a whole word above the start of a word above a word inside another, then by best-selling', async () => {
    expect(await search('dres slavie')).toEqual({
      names: ['Dres Slávie domácí', 'Dresová souprava Slávie', 'Kondresová mikina Slávie'],
      total: 3,
    });
    // without a search the same filter orders by best-selling alone
    const all = await app.gql<Found>('{ products(first: 20) { edges { node { name } } } }');
    expect(all.data!.products.edges.map((edge) => edge.node.name).slice(0, 3)).toEqual([
      'Kondresová mikina Slávie',
      'Dresová souprava Slávie',
      'Šála Sparty',
    ]);
  });

  it('the other orders and filters still apply to a search', async () => {
    const newest = await app.gql<Found>('{ products(first: 20, sort: NEWEST, filter: { search: "slavie" }) { edges { node { name } } } }');
    expect(newest.data!.products.edges.map((edge) => edge.node.name)).toEqual([
      'Šála Slávie',
      'Dresová souprava Slávie',
      'Kondresová mikina Slávie',
      'Dres Slávie domácí',
    ]);
    expect((await search('sala', ', inStock: true')).names).toEqual(['Šála Sparty']);
  });

  it('tolerates one typo in a word the catalog does not know: a swap, a missing, an extra or a wrong letter', async () => {
    for (const typo of ['slvaie', 'slavi dres', 'slaviee', 'slabie']) {
      const { names } = await search(typo);
      expect(names, typo).toContain('Dres Slávie domácí');
    }
    // a known word is not "corrected": "sala" finds the scarves, not words one letter away
    expect((await search('sala')).total).toBe(2);
    // exact matches come before corrected ones
    expect((await search('slavie')).total).toBe(4);
    // two typos are too many, and short words are taken as typed
    expect((await search('slaive dres')).names).toContain('Dres Slávie domácí');
    expect((await search('lsaive')).total).toBe(0);
    // "dre" starts two words equally well: the better-selling product comes first
    expect((await search('dre')).names).toEqual(['Dresová souprava Slávie', 'Dres Slávie domácí', 'Kondresová mikina Slávie']);
  });

  it('says which words were read as typos, and as what; nothing when every word is known', async () => {
    type Corrections = { products: { searchCorrections: { typed: string; meant: string[] }[] } };
    const corrections = async (text: string) => {
      const result = await app.gql<Corrections>('query ($text: String!) { products(first: 1, filter: { search: $text }) { searchCorrections { typed meant } } }', { text });
      expect(result.errors).toBeUndefined();
      return result.data!.products.searchCorrections;
    };
    expect(await corrections('dres slvaie')).toEqual([{ typed: 'slvaie', meant: ['slavie'] }]);
    expect(await corrections('dres slavie')).toEqual([]);
    expect(await corrections('qqqqq')).toEqual([]);
  });

  it('looks a word up in the typo vocabulary only when no token of the catalog holds it', async () => {
    const statementsOf = async (text: string, extra = '') => {
      const from = app.queries.length;
      await search(text, extra);
      return app.queries.slice(from);
    };
    const readsVocabulary = (statements: string[]) => statements.some((sql) => sql.includes('"SearchWord"'));
    expect(readsVocabulary(await statementsOf('dres slavie'))).toBe(false);
    expect(readsVocabulary(await statementsOf('dres slvaie'))).toBe(true);
    // with a filter the search reads the translations, and asks the vocabulary about every word first
    expect(readsVocabulary(await statementsOf('dres slavie', ', inStock: true'))).toBe(true);
  });

  it('knows the words of products added or renamed later (the vocabulary follows the translations)', async () => {
    expect((await search('vlajka')).total).toBe(0);
    const flag = await createProduct(app.prisma, { names: { cs: 'Vlajka Baníku', en: 'Banik flag' } });
    expect((await search('vlajak')).names).toEqual(['Vlajka Baníku']);
    await app.prisma.productTranslation.update({
      where: { productId_language: { productId: flag.id, language: 'cs' } },
      data: { name: 'Prapor Baníku', searchText: 'prapor baniku' },
    });
    expect((await search('prapro')).names).toEqual(['Prapor Baníku']);
  });

  it('LIKE wildcards in a search are plain characters', async () => {
    expect((await search('100%')).names).toEqual(['Kopačky 100% kůže']);
    expect((await search('%')).names).toEqual(['Kopačky 100% kůže']);
    expect((await search('_')).total).toBe(0);
  });

  it('a search is found through the postings, or the translations with a filter, as a plain reading of the names ranks it', async () => {
    // punctuation stays inside a token ("(brankarske),"), yet a word boundary is still a word boundary
    await createProduct(app.prisma, { names: { cs: 'Rukavice (brankářské), Dukla', en: 'Dukla goalkeeper gloves' }, soldCount: 7 });
    const expected = await rankedByRules();
    const words = ['dres', 'dre', 'slavie', 'sala', 'sparty', 'kondres', 'ova', '100%', 'kuze', 'brankarske', 'brank', 'dukla', 'ukla', 'qqqqq'];
    const phrases = ['dres slavie', 'slavie dres', 'slavie dre domaci', 'sala sparty', 'sala slavie', 'kopacky 100%', 'rukavice dukla', 'dres qqqqq'];
    for (const text of [...words, ...phrases]) {
      const before = app.queries.length;
      const found = await search(text);
      expect(app.queries.slice(before).some((sql) => sql.includes('"SearchPosting"') || sql.includes('"SearchToken"')), text).toBe(true);
      expect(found, text).toEqual(expected(text));
      // with a filter (one that keeps everything) the same search goes through the translations
      expect(await search(text, ', priceFrom: 0'), text).toEqual(found);
    }
    // a page past the end still says how many there are
    const past = await app.gql<Found>('{ products(first: 2, offset: 40, filter: { search: "slavie" }) { totalCount edges { node { name } } } }');
    expect(past.data!.products).toEqual({ totalCount: 4, edges: [] });
  });

  it("one word held as one token: the page is read in sales order from an index, not collected and sorted", async () => {
    const plan = await planOf(
      `SELECT s."productId" FROM "SearchPosting" s WHERE s.language = 'cs' AND s.token = 'slavie' AND s.published
        ORDER BY s."soldCount" DESC, s."productId" ASC LIMIT 12`,
    );
    expect(plan).toContain('SearchPosting_bestSelling_idx');
    expect(plan).not.toContain('Sort');
    // the same order as the rules give it (the test above): best-selling first, then the older product
    expect(await search('slavie')).toEqual({ names: ['Kondresová mikina Slávie', 'Dresová souprava Slávie', 'Šála Slávie', 'Dres Slávie domácí'], total: 4 });
    const second = await app.gql<Found>('{ products(first: 2, offset: 2, filter: { search: "slavie" }) { totalCount edges { node { name } } } }');
    expect(second.data!.products).toEqual({ totalCount: 4, edges: [{ node: { name: 'Šála Slávie' } }, { node: { name: 'Dres Slávie domácí' } }] });
  });

  it('several words: their tokens are intersected in the documents\' index, and only the products holding every word are read', async () => {
    const plan = await planOf(
      // (without the language: on a table this small the planner would rather read its primary key)
      `SELECT d."productId" FROM "SearchDocument" d WHERE d.tokens && '{dres,dresova}'::text[] AND d.tokens && '{slavie}'::text[]`,
    );
    expect(plan, plan).toContain('SearchDocument_tokens_idx');
    const before = app.queries.length;
    expect(await search('slavie dres')).toEqual({ names: ['Dres Slávie domácí', 'Dresová souprava Slávie', 'Kondresová mikina Slávie'], total: 3 });
    const statements = app.queries.slice(before);
    expect(statements.some((sql) => sql.includes('"SearchDocument"'))).toBe(true);
    expect(statements.some((sql) => sql.includes('JOIN "SearchPosting"'))).toBe(false);
  });

  it('the postings follow sales, publication, renaming and deletion', async () => {
    const first = async (text: string) => (await search(text)).names[0];
    const scarf = await createProduct(app.prisma, { names: { cs: 'Šála Bohemians', en: 'Bohemians scarf' }, soldCount: 1 });
    const other = await createProduct(app.prisma, { names: { cs: 'Šála Bohemians zimní', en: 'Bohemians winter scarf' }, soldCount: 2 });
    expect(await first('bohemians')).toBe('Šála Bohemians zimní');
    await app.prisma.product.update({ where: { id: scarf.id }, data: { soldCount: { increment: 5 } } });
    expect(await first('bohemians')).toBe('Šála Bohemians');
    // a search of two words reads the documents, which follow the same writes
    expect(await search('sala bohemians')).toEqual({ names: ['Šála Bohemians', 'Šála Bohemians zimní'], total: 2 });
    await app.prisma.product.update({ where: { id: scarf.id }, data: { published: false } });
    expect(await search('bohemians')).toEqual({ names: ['Šála Bohemians zimní'], total: 1 });
    expect(await search('sala bohemians')).toEqual({ names: ['Šála Bohemians zimní'], total: 1 });
    await app.prisma.productTranslation.update({
      where: { productId_language: { productId: other.id, language: 'cs' } },
      data: { name: 'Čepice Bohemians', searchText: 'cepice bohemians' },
    });
    expect(await search('bohemians')).toEqual({ names: ['Čepice Bohemians'], total: 1 });
    expect((await search('zimni')).total).toBe(0);
    expect((await search('bohemians zimni')).total).toBe(0);
    expect(await search('cepice bohemians')).toEqual({ names: ['Čepice Bohemians'], total: 1 });
    await app.prisma.product.delete({ where: { id: other.id } });
    expect((await search('bohemians')).total).toBe(0);
    expect((await search('cepice bohemians')).total).toBe(0);
    expect(await app.prisma.searchDocument.count({ where: { productId: { in: [scarf.id, other.id] }, published: true } })).toBe(0);
    await app.prisma.product.delete({ where: { id: scarf.id } });
  });

  it('the English site searches the English names, with the same typo tolerance', async () => {
    expect((await search('jersy', '', { 'x-shop-language': 'en' })).names).toEqual(['Slavia home jersey']);
  });

  it('one word held by several tokens: every page as the rules rank it, read from the first postings of each token', async () => {
    // "vlajk" as a whole word, at the start of a word and inside one, some of them in one name (the
    // product counts once, with its best token), and sales that cross the relevance order
    for (const [cs, soldCount] of [['Vlajka', 3], ['Vlajky a vlajka Bohemians', 1], ['Vlajková tyč minivlajka', 900], ['Vlajky Zbrojovky', 900], ['Minivlajky Baníku', 2], ['Vlajka Dukly', 3]] as const) {
      await createProduct(app.prisma, { names: { cs, en: `Flag ${cs.length}` }, soldCount });
    }
    const expected = await rankedByRules();
    for (const word of ['vlajka', 'vlajk', 'vla', 'vlajky', 'minivlajk', 'lajk']) {
      const all = expected(word);
      expect(all.total, word).toBeGreaterThan(1);
      const pages: string[] = [];
      for (let offset = 0; offset < all.total + 2; offset += 2) {
        const page = await app.gql<Found>(`{ products(first: 2, offset: ${offset}, filter: { search: "${word}" }) { totalCount edges { node { name } } } }`);
        expect(page.data!.products.totalCount, `${word} at ${offset}`).toBe(all.total);
        pages.push(...page.data!.products.edges.map((edge) => edge.node.name));
      }
      expect(pages, word).toEqual(all.names);
    }
  });
});
