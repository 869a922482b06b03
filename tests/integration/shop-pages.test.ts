// The pages' texts and guards by the spec (issue 24, item 6), rendered by the Vite SSR server (the same
// route modules as the production build): an unknown category or product says so with a 404; login and
// registration send a logged-in customer to her account (the spec's guest-only guard); the account
// greets in the vocative with a full stop; the footer's copyright has one full stop after 's.r.o.'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp, type TestClient } from '../support/test-app.ts';
import { createCustomer, createProduct } from '../support/factories.ts';
import { createCheckoutMethods } from '../support/checkout.ts';
import { gid } from '../support/global-id.ts';

let app: TestApp;
let customer: TestClient;

/** The page's text as a reader sees it: React's separators between text nodes removed. */
async function pageText(response: Response): Promise<string> {
  return (await response.text()).replace(/<!-- -->/g, '');
}

beforeAll(async () => {
  app = await createTestApp({ config: { ssr: 'vite', hmrPort: 30000 + Math.floor(Math.random() * 30000) } });
  const tereza = await createCustomer(app.prisma, { firstName: 'Tereza' });
  customer = app.newClient();
  await customer.ensureCsrfCookie();
  const login = await customer.gql<{ login: { __typename: string } }>('mutation($input: LoginInput!) { login(input: $input) { __typename } }', {
    input: { email: tereza.email, password: tereza.password },
  });
  expect(login.data?.login.__typename).toBe('Customer');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe(`pages by the spec (${databaseKind})`, () => {
  it("an unknown category is a 404 that says 'Kategorie nebyla nalezena', in English 'Category not found'; an unknown product likewise", async () => {
    const guest = app.newClient();
    const czech = await guest.fetch('/kategorie/neexistujici-kategorie');
    expect(czech.status).toBe(404);
    const czechHtml = await pageText(czech);
    expect(czechHtml).toMatch(/<h1 id="error-title">Kategorie nebyla nalezena<\/h1>/);
    // titled like every other page, with the shop's name (issue 24 review)
    expect(czechHtml).toContain('<title>Kategorie nebyla nalezena | Tribuna Sport</title>');
    expect(czechHtml).toContain('Stránka nebyla nalezena: /kategorie/neexistujici-kategorie');
    const english = await guest.fetch('/en/category/no-such-category');
    expect(english.status).toBe(404);
    const englishHtml = await pageText(english);
    expect(englishHtml).toMatch(/<h1 id="error-title">Category not found<\/h1>/);
    expect(englishHtml).toContain('<title>Category not found | Tribuna Sport</title>');
    const product = await guest.fetch('/produkt/neexistujici-produkt');
    expect(product.status).toBe(404);
    expect(await pageText(product)).toMatch(/<h1 id="error-title">Produkt nebyl nalezen<\/h1>/);
    // any other address keeps the spec's generic 404 title
    const other = await guest.fetch('/tohle-neni-stranka');
    expect(other.status).toBe(404);
    const otherHtml = await pageText(other);
    expect(otherHtml).toMatch(/<h1 id="error-title">Stránka nebyla nalezena<\/h1>/);
    expect(otherHtml).toContain('<title>Stránka nebyla nalezena | Tribuna Sport</title>');
  });

  it('login sends a logged-in customer to her account (or where the login would lead), a guest sees it; registration has no guard (spec section 6, issue 40)', async () => {
    for (const path of ['/registrace', '/en/registrace']) expect((await customer.fetch(path, { redirect: 'manual' })).status, path).toBe(200);
    for (const [path, target] of [
      ['/prihlaseni', '/ucet'],
      ['/en/login', '/en/account'],
      ['/prihlaseni?next=%2Fkosik', '/kosik'],
      ['/prihlaseni?next=%2F%2Fevil.example', '/ucet'],
    ]) {
      const response = await customer.fetch(path, { redirect: 'manual' });
      expect([301, 302, 303, 307], path).toContain(response.status);
      expect(response.headers.get('location'), path).toBe(target);
    }
    const guest = app.newClient();
    expect((await guest.fetch('/prihlaseni')).status).toBe(200);
    expect((await guest.fetch('/en/registrace')).status).toBe(200);
  });

  it("the account greets in the vocative with a full stop: 'Dobrý den, Terezo.'; in English 'Hello, Tereza.'", async () => {
    const czech = await pageText(await customer.fetch('/ucet'));
    expect(czech).toContain('Dobrý den, Terezo. Tady najdete');
    const english = await pageText(await customer.fetch('/en/account'));
    expect(english).toContain('Hello, Tereza. Your orders');
  });

  it("the footer's copyright has one full stop after the legal name", async () => {
    const html = await pageText(await app.newClient().fetch('/'));
    const year = new Date().getFullYear();
    expect(html).toContain(`© ${year} Tribuna Sport s.r.o. Všechna práva vyhrazena.`);
    expect(html).not.toContain('s.r.o..');
  });

  it("the checkout shows the spec's address messages on the page: 'Doplňte prosím fakturační adresu.' and 'Doplňte prosím doručovací adresu.' at their sections", async () => {
    const methods = await createCheckoutMethods(app.prisma);
    const product = await createProduct(app.prisma, { variants: [{ stock: 5 }] });
    const shopper = app.newClient();
    await shopper.ensureCsrfCookie();
    const added = await shopper.gql<{ addToCart: { __typename: string } }>('mutation($v: ID!) { addToCart(variantId: $v, quantity: 1) { __typename } }', { v: gid('Variant', product.variants[0].id) });
    expect(added.data?.addToCart.__typename).toBe('Cart');
    const page = await shopper.fetch('/pokladna');
    expect(page.status).toBe(200);
    const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const response = await shopper.fetch('/pokladna', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body: new URLSearchParams({
        _csrf: token,
        intent: 'placeOrder',
        deliveryMethod: gid('DeliveryMethod', methods.delivery.courier),
        paymentMethod: gid('PaymentMethod', methods.payment['bank-transfer']),
        deliveryAddressShown: '1',
        'invoice.firstName': 'Eva',
        'delivery.firstName': 'Eva',
        termsAccepted: '1',
      }).toString(),
    });
    expect(response.status).toBe(400);
    const html = await pageText(response);
    expect(html).toMatch(/id="invoice-address-error"[^>]*>Doplňte prosím fakturační adresu\.</);
    expect(html).toMatch(/id="delivery-address-error"[^>]*>Doplňte prosím doručovací adresu\.</);
    expect(html).toContain('value="Eva"');
    expect(await app.prisma.order.count()).toBe(0);
  });

  it('one brand: the header, the titles and the page texts name the shop as its operator trades (Tribuna Sport), the legal name beside the address', async () => {
    for (const [path, title] of [
      ['/', '<title>Tribuna Sport – dresy, obuv a fan shop</title>'],
      ['/en', '<title>Tribuna Sport – jerseys, footwear and fan shop</title>'],
      ['/prodejny', '<title>Naše prodejny | Tribuna Sport</title>'],
    ]) {
      const html = await pageText(await app.newClient().fetch(path));
      expect(html, path).toContain(title);
      expect(html, path).toMatch(/<span class="logo__text">Tribuna Sport<\/span>/);
      expect(html, path).not.toMatch(/Sportovní svět|Sportovního světa|Sports World/);
    }
  });
});
