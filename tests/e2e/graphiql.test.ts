// Issue 27: GraphiQL in Chromium, as in production with GRAPHIQL=true (docs/decisions/0038). It renders
// from the shop's own files under the shop's CSP with no request leaving the shop's origin (every
// request is recorded, and any other origin is refused before it goes out), its header editor holds
// the Authorization placeholder, and an example tab runs with a partner token in place of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { createApiToken } from '../../bff/src/services/api-tokens.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  // production's rules: trusted documents for browsers (startShop), no introspection without schema:read
  [shop, browser] = await Promise.all([startShop({ graphiql: true, exposeSchema: false }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A page that records every request it makes and refuses any to another origin. */
async function recordingPage(): Promise<{ page: Page; requests: Request[]; elsewhere: string[]; cspViolations: string[] }> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  const requests: Request[] = [];
  const elsewhere: string[] = [];
  const cspViolations: string[] = [];
  const origin = new URL(shop.url).origin;
  page.on('request', (request) => requests.push(request));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
  });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  return { page, requests, elsewhere, cspViolations };
}

/** An editor's or panel's text, with Monaco's non-breaking spaces as spaces. */
async function textOf(page: Page, selector: string): Promise<string> {
  return (await page.locator(selector).innerText()).replace(/\u00a0/g, ' ');
}

/** Replaces the text of the open tab's header editor (Monaco: select all, type, drop what it closed by itself). */
async function setHeaders(page: Page, headers: Record<string, string>) {
  await page.locator('.graphiql-editor-tool .graphiql-editor').last().click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(JSON.stringify(headers));
  await page.keyboard.press('Shift+Control+End');
  await page.keyboard.press('Delete');
}

describe('GraphiQL in Chromium (GRAPHIQL=true in production)', () => {
  it('renders from the shop alone and runs an example query with a token', async () => {
    const { token } = await createApiToken(shop.prisma, { name: 'GraphiQL e2e', scopes: ['catalog:read', 'schema:read'] });
    const { page, requests, elsewhere, cspViolations } = await recordingPage();
    try {
      await page.goto(`${shop.url}/graphql`);
      await page.locator('.graphiql-execute-button').waitFor({ timeout: 60_000 });

      // the tabs: the how-to and the examples of docs/api-examples
      expect(await page.locator('button.graphiql-tab-button').allInnerTexts()).toEqual(['Categories', 'CategoryPage', 'Product', 'Stores', 'AddToCart']);
      await expect.poll(() => textOf(page, '.graphiql-query-editor')).toMatch(/Requests from here carry the API token/);
      // the header editor holds the placeholder to fill in
      await expect.poll(() => textOf(page, '.graphiql-editor-tool')).toMatch(/"Authorization": "Bearer shp_…"/);

      // the category page example, with the token instead of the placeholder
      // (dispatched: a pointer click on a tab may start dragging it while the tabs still animate)
      await page.locator('button.graphiql-tab-button[title="CategoryPage"]').dispatchEvent('click');
      await expect.poll(() => textOf(page, '.graphiql-query-editor')).toMatch(/query CategoryPage/);
      await setHeaders(page, { Authorization: `Bearer ${token}` });
      const answered = page.waitForResponse((response) => response.url() === `${shop.url}/graphql` && response.request().method() === 'POST');
      await page.locator('.graphiql-execute-button').click();
      const response = await answered;
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { data?: { category: { name: string }; products: { totalCount: number; edges: unknown[] } }; errors?: unknown };
      expect(body.errors).toBeUndefined();
      expect(body.data?.category.name).toBe('Dresy');
      expect(body.data?.products.edges).toHaveLength(4);
      await expect.poll(() => textOf(page, '.graphiql-response')).toMatch(/"totalCount": \d+/);

      // the request carried the token and none of the shop's cookies
      const sent = await response.request().allHeaders();
      expect(sent.authorization).toBe(`Bearer ${token}`);
      expect(sent.cookie).toBeUndefined();

      // nothing left the shop's origin, and the CSP refused nothing
      // the editor's workers start when the editor needs them: on a busy machine after the answer
      await expect.poll(() => requests.some((request) => new URL(request.url()).pathname.startsWith('/graphql/graphiql/graphql-worker.')), { timeout: 30_000 }).toBe(true);
      expect(elsewhere).toEqual([]);
      expect(requests.length).toBeGreaterThanOrEqual(7);
      for (const request of requests) expect(request.url().startsWith(`${shop.url}/`), request.url()).toBe(true);
      expect(requests.map((request) => new URL(request.url()).pathname)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/graphql\/graphiql\/graphiql\.[0-9a-f]{12}\.js$/), expect.stringMatching(/^\/graphql\/graphiql\/graphql-worker\./)]),
      );
      expect(cspViolations).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
