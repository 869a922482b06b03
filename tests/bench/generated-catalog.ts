// Generated products for the benches (issue 10's search bench, issue 41's catalog sizes): names from a
// small Czech vocabulary, so words repeat as in a real catalog; searchText as the shop stores it
// (lower case, no diacritics); one variant each. Inserted by SQL in batches, spread over categories.

const WORDS = ['dres', 'šála', 'čepice', 'mikina', 'bunda', 'kopačky', 'míč', 'rukavice', 'tričko', 'kraťasy', 'ponožky', 'chrániče', 'batoh', 'láhev', 'vlajka', 'hrnek'];
const CLUBS = ['Slávie', 'Sparty', 'Baníku', 'Plzně', 'Olomouce', 'Liberce', 'Jablonce', 'Zlína', 'Teplic', 'Bohemians', 'Slovácka', 'Karviné'];
const KINDS = ['domácí', 'venkovní', 'tréninková', 'retro', 'dětská', 'zimní', 'letní', 'fanouškovská'];

/** Products inserted per statement. */
export const BATCH = 20_000;

/** The ranges of generated product numbers, `BATCH` at a time: [from, to] inclusive, 1-based. */
export function batches(products: number, size = BATCH): [number, number][] {
  const ranges: [number, number][] = [];
  for (let from = 1; from <= products; from += size) ranges.push([from, Math.min(products, from + size - 1)]);
  return ranges;
}

/** The slug of generated product number `n` (its code is `B<n>`) in Czech. */
export function generatedSlug(n: number): string {
  return `bench-B${n}`;
}

const array = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(',')}]`;

/**
 * The statements that insert products number `from` to `to`: product number g goes to
 * `categoryIds[g % categoryIds.length]`, with sales and prices that vary.
 */
export function generatedProductsSql(from: number, to: number, categoryIds: number[], manufacturerId: number): string[] {
  if (!categoryIds.length) throw new Error('Generated products need a category.');
  const categories = `ARRAY[${categoryIds.join(',')}]`;
  return [
    `INSERT INTO "Product" (code, "categoryId", "manufacturerId", "vatRate", "soldCount", "priceCzk", "priceEur")
     SELECT 'B' || g, (${categories})[1 + g % ${categoryIds.length}], ${manufacturerId}, 21, (g::bigint * 7919) % 1000, 10000 + g % 5000, 400 + g % 200
       FROM generate_series(${from}, ${to}) g`,
    `INSERT INTO "ProductTranslation" ("productId", language, name, slug, "searchText")
     SELECT p.id, 'cs', n.name, 'bench-' || p.code, lower(translate(n.name, 'áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ', 'acdeeinorstuuyzACDEEINORSTUUYZ'))
       FROM "Product" p
       CROSS JOIN LATERAL (SELECT initcap((${array(WORDS)})[1 + p.id % ${WORDS.length}]) || ' ' || (${array(CLUBS)})[1 + (p.id / 7) % ${CLUBS.length}]
                                  || ' ' || (${array(KINDS)})[1 + (p.id / 3) % ${KINDS.length}] || ' ' || p.id AS name) n
      WHERE p.code IN (SELECT 'B' || g FROM generate_series(${from}, ${to}) g)`,
    `INSERT INTO "Variant" ("productId", code, stock, "priceCzk")
     SELECT p.id, 'V' || p.code, p.id % 20, p."priceCzk" FROM "Product" p
      WHERE p.code IN (SELECT 'B' || g FROM generate_series(${from}, ${to}) g)`,
  ];
}

/** Search words of the generated names: whole words, several words, and typos. */
export const SEARCHES = ['dres', 'šála', 'čepice', 'mikina', 'bunda', 'kopačky', 'míč', 'rukavice', 'slavie', 'plzne retro', 'mikina zimni', 'dres sparty domaci', 'slvaie', 'mikna zimni'];
