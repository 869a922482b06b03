// The pages' own forms (they work without JavaScript, docs/decisions/0020) are protected like
// /graphql: a cross-site form POST to /kosik or /pokladna is refused with 403 before any action runs
// and changes nothing, even with the victim's cookies and a right token; a same-site POST without
// the session's token in its hidden `_csrf` field is refused with 419; with it, the change is made
// and the page redirects (303, post/redirect/get). The pages are rendered by the Vite SSR server
// (the same route modules as the production build), so no build is needed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createProduct } from '../support/factories.ts';
import { gid } from '../support/global-id.ts';

const ADD = `mutation PagePostAdd($variantId: ID!) { addToCart(variantId: $variantId, quantity: 1) { __typename ... on Cart { lines { id quantity } } } }`;
const CART = `query PagePostCart { cart { lines { id quantity } } }`;

type CartAnswer = { cart: { lines: { id: string; quantity: number }[] } | null };

let app: TestApp;
let shopper: TestClient;
let lineId: string;
let token: string;
let productSlug: string;
let variantGid: string;

function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return shopper.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: formBody(fields),
  });
}

async function quantity(): Promise<number> {
  const answer = await shopper.gql<CartAnswer>(CART);
  return answer.data!.cart!.lines[0].quantity;
}

beforeAll(async () => {
  app = await createTestApp({ config: { ssr: 'vite', hmrPort: 30000 + Math.floor(Math.random() * 30000) } });
  const product = await createProduct(app.prisma, { variants: [{ stock: 20 }] });
  productSlug = product.slug('cs');
  variantGid = gid('Variant', product.variants[0].id);
  shopper = app.newClient();
  const added = await shopper.gql<{ addToCart: { lines: { id: string }[] } }>(ADD, { variantId: gid('Variant', product.variants[0].id) });
  lineId = added.data!.addToCart.lines[0].id;
  // the cart page renders the session's token into its forms' hidden field
  const page = await shopper.fetch('/kosik');
  expect(page.status).toBe(200);
  const html = await page.text();
  token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(token).toBe(shopper.cookies.get('XSRF-TOKEN'));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe(`page form POSTs and CSRF (${databaseKind})`, () => {
  it('refuses a cross-site form POST to /kosik with 403 and changes nothing, even with the right token', async () => {
    const fields = { _csrf: token, intent: 'setQuantity', lineId, quantity: '7' };
    const byOrigin = await post('/kosik', fields, { origin: 'https://evil.example' });
    expect(byOrigin.status).toBe(403);
    const byFetchSite = await post('/kosik', fields, { 'sec-fetch-site': 'cross-site' });
    expect(byFetchSite.status).toBe(403);
    const otherPort = await post('/kosik', fields, { origin: app.url.replace(/:\d+$/, ':1') });
    expect(otherPort.status).toBe(403);
    expect(await quantity()).toBe(1);
  });

  it('refuses a cross-site POST of the checkout form to /pokladna with 403: no order, the cart as it was', async () => {
    const response = await post('/pokladna', { _csrf: token, intent: 'placeOrder', revision: 'x', termsAccepted: '1', 'invoice.firstName': 'Eva' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(403);
    expect(await app.prisma.order.count()).toBe(0);
    const cart = await app.prisma.cart.findFirstOrThrow({ where: { lines: { some: {} } }, select: { termsAccepted: true, invoiceAddress: true } });
    expect(cart.termsAccepted).toBe(false);
    expect(JSON.stringify(cart.invoiceAddress ?? '')).not.toContain('Eva');
    expect(await quantity()).toBe(1);
  });

  it('refuses a same-site POST without the session token (419) and with another token, and changes nothing', async () => {
    const missing = await post('/kosik', { intent: 'setQuantity', lineId, quantity: '7' }, { origin: app.url, 'sec-fetch-site': 'same-origin' });
    expect(missing.status).toBe(419);
    const wrong = await post('/kosik', { _csrf: 'A'.repeat(token.length), intent: 'setQuantity', lineId, quantity: '7' }, { origin: app.url });
    expect(wrong.status).toBe(419);
    expect(await quantity()).toBe(1);
  });

  it('refuses a form that is too big (413) and changes nothing', async () => {
    const response = await post('/kosik', { _csrf: token, intent: 'setQuantity', lineId, quantity: '7', padding: 'x'.repeat(70_000) }, { origin: app.url });
    expect(response.status).toBe(413);
    expect(await quantity()).toBe(1);
  });

  it('answers hostile values with the message at the line and changes nothing', async () => {
    const response = await post('/kosik', { _csrf: token, intent: 'setQuantity', lineId, quantity: '1e9<script>' }, { origin: app.url });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Zadejte celý počet kusů od 1 do');
    expect(html).toContain('1e9&lt;script');
    expect(await quantity()).toBe(1);
  });

  it("a visitor's first form (add to cart, no session yet, compressed answers accepted) gets her session cookie and her cart", async () => {
    const visitor = app.newClient();
    const response = await visitor.fetch(`/produkt/${productSlug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip, deflate, br', origin: app.url },
      body: formBody({ intent: 'addToCart', quantity: '2' }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/kosik');
    expect(visitor.cookies.has('sid')).toBe(true);
    const cart = await visitor.gql<CartAnswer>(CART);
    expect(cart.data!.cart!.lines.map((line) => line.quantity)).toEqual([2]);
  });

  it("a catalog page carries no token (it is shared, 0043); after her first form is refused the page answered carries her session's, which makes her next one (issue 24, item 4)", async () => {
    const visitor = app.newClient();
    const first = await visitor.fetch(`/produkt/${productSlug}`);
    expect(first.status).toBe(200);
    expect(/name="_csrf" value="([^"]*)"/.exec(await first.text())?.[1]).toBe('');
    // refused: no such quantity; the answer starts her session and renders its token
    const refused = await visitor.fetch(`/produkt/${productSlug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body: formBody({ intent: 'addToCart', quantity: '0' }),
    });
    expect(refused.status).toBe(400);
    expect(visitor.cookies.has('sid')).toBe(true);
    const again = /name="_csrf" value="([^"]*)"/.exec(await refused.text())?.[1] ?? '';
    expect(again).toBe(visitor.cookies.get('XSRF-TOKEN'));
    const added = await visitor.fetch(`/produkt/${productSlug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body: formBody({ _csrf: again, intent: 'addToCart', quantity: '2' }),
    });
    expect(added.status).toBe(303);
    expect((await visitor.gql<CartAnswer>(CART)).data!.cart!.lines.map((line) => line.quantity)).toEqual([2]);
  });

  it('a form whose token is stale comes back as the page, with the shop header, a message and what was typed, and changes nothing (issue 24, item 4)', async () => {
    const stale = 'B'.repeat(token.length);
    const line = await post('/kosik', { _csrf: stale, intent: 'setQuantity', lineId, quantity: '6' }, { origin: app.url });
    expect(line.status).toBe(419);
    const lineHtml = await line.text();
    expect(lineHtml).toContain('Platnost formuláře vypršela');
    expect(lineHtml).toContain('data-testid="header-cart-count"');
    expect(lineHtml).toMatch(/data-testid="cart-line-quantity"[^>]*value="6"|value="6"[^>]*data-testid="cart-line-quantity"/);
    // the page answered carries the session's token again
    expect(/name="_csrf" value="([^"]*)"/.exec(lineHtml)?.[1]).toBe(token);

    const product = await post(`/produkt/${productSlug}`, { _csrf: stale, intent: 'addToCart', quantity: '3' }, { origin: app.url });
    expect(product.status).toBe(419);
    expect(await product.text()).toContain('Platnost formuláře vypršela');

    const checkout = await post('/pokladna', { _csrf: stale, intent: 'placeOrder', revision: 'x', termsAccepted: '1', 'invoice.firstName': 'Eva' }, { origin: app.url });
    expect(checkout.status).toBe(419);
    const checkoutHtml = await checkout.text();
    expect(checkoutHtml).toContain('Platnost formuláře vypršela');
    expect(checkoutHtml).toMatch(/value="Eva"/);
    expect(await app.prisma.order.count()).toBe(0);
    expect(await quantity()).toBe(1);
  });

  it("a catalog page's form without a token works for a shopper with a session when the browser says it is the shop's own post; else the page comes back with her token (0043)", async () => {
    const buyer = app.newClient();
    await buyer.gql(ADD, { variantId: variantGid });
    expect(buyer.cookies.has('sid')).toBe(true);
    const lines = async () => (await buyer.gql<CartAnswer>(CART)).data!.cart!.lines.map((line) => line.quantity);
    const postAdd = (headers: Record<string, string>) =>
      buyer.fetch(`/produkt/${productSlug}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: formBody({ _csrf: '', intent: 'addToCart', quantity: '1' }) });
    expect((await postAdd({ 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    expect(await lines()).toEqual([2]);
    expect((await postAdd({ origin: app.url })).status).toBe(303);
    expect(await lines()).toEqual([3]);
    // a browser that says neither: nothing changes, and the page answered carries her session's token
    const unsure = await postAdd({});
    expect(unsure.status).toBe(419);
    expect(/name="_csrf" value="([^"]*)"/.exec(await unsure.text())?.[1]).toBe(buyer.cookies.get('XSRF-TOKEN'));
    // another site is refused before anything runs, token or not
    expect((await postAdd({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(await lines()).toEqual([3]);
  });

  it('makes the change from a same-site POST with the token and redirects back to the page (303)', async () => {
    const response = await post('/kosik', { _csrf: token, intent: 'setQuantity', lineId, quantity: '3' }, { origin: app.url, 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/kosik');
    expect(await quantity()).toBe(3);
    const stepped = await post('/kosik', { _csrf: token, intent: 'increase', lineId, current: '3', quantity: '3' });
    expect(stepped.status).toBe(303);
    expect(await quantity()).toBe(4);
    // the English page posts to itself and comes back to itself
    const english = await post('/en/cart', { _csrf: token, intent: 'decrease', lineId, current: '4', quantity: '4' });
    expect(english.status).toBe(303);
    expect(english.headers.get('location')).toBe('/en/cart');
    expect(await quantity()).toBe(3);
  });
});
