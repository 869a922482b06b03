// A language switch in the checkout keeps what the shopper typed (issue 24, item 6): the header's
// link loads the other language's page, and the fields come back from this tab's draft, with the
// messages the shopper saw in the new language; once the order is placed, the next checkout starts
// from her saved details again, not from the draft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { signInAsDemoCustomer } from '../support/sign-in.ts';
import { startShop } from '../support/shop-server.ts';
import { addToCartFromProductPage, variantsInStock } from '../support/product-page.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function open(page: Page, path: string) {
  await page.goto(shop.url + path);
  await page.waitForSelector('html[data-hydrated]');
}

/** The invoice address's fields (the delivery address below has the same labels) and the note. */
function fields(page: Page, language: 'cs' | 'en') {
  const label = {
    cs: { firstName: 'Jméno *', street: 'Ulice a číslo popisné *', email: 'E-mail *', phone: 'Telefon *', city: 'Město *', note: 'Poznámka k objednávce' },
    en: { firstName: 'First name *', street: 'Street and number *', email: 'E-mail *', phone: 'Phone *', city: 'City *', note: 'Note to the order' },
  }[language];
  return {
    firstName: page.getByLabel(label.firstName, { exact: true }).first(),
    street: page.getByLabel(label.street, { exact: true }).first(),
    email: page.getByLabel(label.email, { exact: true }).first(),
    phone: page.getByLabel(label.phone, { exact: true }).first(),
    city: page.getByLabel(label.city, { exact: true }).first(),
    note: page.getByLabel(label.note, { exact: true }),
  };
}

async function valuesOf(page: Page, language: 'cs' | 'en') {
  const form = fields(page, language);
  return {
    firstName: await form.firstName.inputValue(),
    street: await form.street.inputValue(),
    email: await form.email.inputValue(),
    phone: await form.phone.inputValue(),
    city: await form.city.inputValue(),
    note: await form.note.inputValue(),
  };
}

const TYPED = { firstName: 'Petra', street: 'Dlouhá 5', email: 'petra.dlouha@example.cz', phone: '777 123 456', city: '', note: 'Zvonit dvakrát, prosím.' };

describe('language switch in the checkout', () => {
  it('keeps the typed fields across Czech → English → Czech, and the next checkout starts from the saved details', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    await signInAsDemoCustomer(page, shop.url);
    const [product] = await variantsInStock(shop.prisma, 1);
    await addToCartFromProductPage(page, shop.url, product, 1);

    await open(page, '/pokladna');
    await page.getByRole('heading', { name: 'Pokladna', level: 1 }).waitFor();
    // her saved invoice details are where the checkout starts
    const saved = await valuesOf(page, 'cs');
    expect(saved).toMatchObject({ firstName: 'Jana', street: 'Korunní 810/104', note: '' });

    await page.getByRole('radio', { name: /Kurýr na adresu/ }).check();
    await expect.poll(() => page.getByRole('radio', { name: /Dobírka/ }).isEnabled()).toBe(true);
    await page.getByRole('radio', { name: /Dobírka/ }).check();
    const form = fields(page, 'cs');
    for (const name of ['firstName', 'street', 'email', 'phone', 'note'] as const) await form[name].fill(TYPED[name]);
    // an emptied required field shows its message, which the other language shows in its words
    await form.city.fill('');
    await form.city.blur();
    await expect.poll(() => page.locator('.field__error').filter({ hasText: 'Toto pole je povinné.' }).count()).toBe(1);

    await page.locator('a.language-switch[hreflang="en"]').first().click();
    await page.waitForURL(/\/en\/checkout$/);
    await page.waitForSelector('html[data-hydrated]');
    await expect.poll(() => valuesOf(page, 'en')).toEqual(TYPED);
    await expect.poll(() => page.locator('.field__error').filter({ hasText: 'This field is required.' }).count()).toBe(1);
    expect(await page.getByRole('radio', { name: /Cash on delivery/ }).isChecked()).toBe(true);

    await page.locator('a.language-switch[hreflang="cs"]').first().click();
    await page.waitForURL(/\/pokladna$/);
    await page.waitForSelector('html[data-hydrated]');
    await expect.poll(() => valuesOf(page, 'cs')).toEqual(TYPED);

    await fields(page, 'cs').city.fill('Praha');
    await page.getByTestId('terms').check();
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/objednavka\/shrnuti\/\d+(\/[^/]+)?$/);
    await page.getByTestId('order-number').waitFor();
    const order = await shop.prisma.order.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(order.invoiceAddress).toMatchObject({ firstName: 'Petra', street: 'Dlouhá 5', email: 'petra.dlouha@example.cz', city: 'Praha' });
    expect(order.note).toBe(TYPED.note);
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.includes('checkout')))).toEqual([]);

    // a new cart: the checkout starts from her saved details, not from what the last one typed
    await addToCartFromProductPage(page, shop.url, product, 1);
    await open(page, '/pokladna');
    await page.getByRole('heading', { name: 'Pokladna', level: 1 }).waitFor();
    expect(await valuesOf(page, 'cs')).toEqual(saved);

    expect(problems).toEqual([]);
    await page.close();
  });
});
