// The bench's floor app (tests/bench/floor, issue 28) must keep rendering the shop's pages from its
// fixture: `npm run bench` compares the shop's uncached render with it, and a floor that renders an
// empty page would make that figure meaningless. Here it renders the pages the bench uses, fed from
// a fixture captured from the production shop, on the production build as the bench runs it.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startProductionServer } from '../support/production-server.ts';
import { captureFloorFixture, type FloorFixture } from '../bench/floor/fixture.ts';
import { startFloorApp, type FloorApp } from '../bench/floor/start.ts';
import { assertSamePage, pageFacts } from '../bench/floor/same-page.ts';

const templates = inject('seededTemplates');
const shop = startProductionServer('pglite', { template: templates.pglite, env: { RESPONSE_CACHE: 'off' } });
let floor: FloorApp | null = null;

afterAll(async () => {
  await floor?.stop();
  await (await shop).stop();
});

/** The names of the products in a page's Apollo state (the listing's cards, the product and its similar ones). */
function productNames(page: FloorFixture['pages'][number]): string[] {
  return Object.values(page.apolloState as Record<string, { __typename?: string; name?: string }>)
    .filter((entity) => entity.__typename === 'Product')
    .map((entity) => entity.name!);
}

describe('the floor app (tests/bench/floor)', () => {
  it("renders the category and product page from the shop's fixture: its product names, the shop's document apart from the nonce", async () => {
    const server = await shop;
    const [{ slug }] = await server.sql<{ slug: string }>(
      `SELECT t.slug FROM "ProductTranslation" t JOIN "Product" p ON p.id = t."productId" WHERE t.language = 'cs' AND p.published ORDER BY p."soldCount" DESC LIMIT 1`,
    );
    const fixture = await captureFloorFixture(server.url, ['/kategorie/dresy', `/produkt/${slug}`]);
    floor = await startFloorApp(fixture);
    for (const page of fixture.pages) {
      const response = await fetch(floor.url + page.path);
      expect(response.status).toBe(200);
      const floorHtml = await response.text();
      const names = productNames(page);
      expect(names.length).toBeGreaterThan(3);
      const facts = pageFacts(floorHtml);
      expect([facts.heading, ...facts.cards]).toEqual(expect.arrayContaining(names));
      const shopHtml = await (await fetch(server.url + page.path)).text();
      expect(assertSamePage(page.path, shopHtml, floorHtml).identical).toBe(true);
    }
  });
});
