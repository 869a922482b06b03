// Conversion measuring in Chromium (issue 44 section 2, docs/decisions/0076), against the production
// build with the conversion keys set. The scripts' hosts are answered by the test (request
// interception): nothing leaves the machine. A shopper who granted advertising consent buys, lands on
// the thank-you page (no secret in its address), whose CSP allows the scripts' hosts, and each
// script is loaded once; a reload loads none again. A shopper without that consent gets the same page
// with the shop's usual CSP and no script. The checkout offers the unticked opt-out of Ověřeno zákazníky.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { chooseVariant, variantsInStock } from '../support/product-page.ts';
import { consentCookie } from '../support/consent.ts';
import { loadConfig } from '../../bff/src/config.ts';
import { ALL_GRANTED, NONE_GRANTED, type ConsentChoice } from '../../schema/rules/consent.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let plain: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

const SCRIPT_HOSTS = ['im9.cz', 'c.seznam.cz', 'www.googletagmanager.com'];

beforeAll(async () => {
  const conversions = {
    ...loadConfig({ NODE_ENV: 'test' }).conversions,
    heurekaConversionKey: 'heureka-public-key',
    heurekaVerifiedKey: 'heureka-verified-key',
    zboziShopId: '123456',
    googleAdsConversion: { id: 'AW-123456789', label: 'AbC-dEf' },
  };
  [shop, plain, browser] = await Promise.all([startShop({ conversions }), startShop(), launchBrowser()]);
  // the first page renders and GraphQL answers of a fresh shop are slow on a loaded machine: warmed up here
  for (const target of [shop, plain]) {
    const [product] = await variantsInStock(target.prisma, 1);
    for (const path of ['/', `/produkt/${product.slug}`, '/pokladna']) await (await fetch(target.url + path)).text();
  }
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await plain?.close();
});

type Shopper = { context: BrowserContext; page: Page; scripts: string[]; elsewhere: string[] };

/** A browser with a stored consent, its own address, and the scripts' hosts answered locally. */
async function shopper(url: string, consent: ConsentChoice, address: string): Promise<Shopper> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ', extraHTTPHeaders: { 'x-forwarded-for': address } });
  await context.addCookies([consentCookie(url, consent)]);
  const scripts: string[] = [];
  const elsewhere: string[] = [];
  await context.route(
    (target) => !target.href.startsWith(url),
    async (route) => {
      const target = new URL(route.request().url());
      if (SCRIPT_HOSTS.includes(target.hostname) && route.request().resourceType() === 'script') {
        scripts.push(`${target.hostname}${target.pathname}`);
        await route.fulfill({ status: 200, contentType: 'text/javascript', body: `window.__loaded = (window.__loaded || []).concat(${JSON.stringify(target.hostname)});` });
      } else {
        elsewhere.push(target.href);
        await route.abort();
      }
    },
  );
  const page = await context.newPage();
  return { context, page, scripts, elsewhere };
}

/** Buys one piece with personal pickup and payment in the store; resolves on the page "Buy and pay" leads to. */
async function buy(page: Page, url: string, prisma: typeof shop.prisma, email: string, options: { expectOptOut: boolean }) {
  const [product] = await variantsInStock(prisma, 1);
  // as addToCartFromProductPage, with time for a shop's first cart on a loaded machine
  await page.goto(`${url}/produkt/${product.slug}`);
  await page.waitForSelector('html[data-hydrated]');
  await chooseVariant(page, product);
  await page.getByTestId('add-to-cart').click();
  await expect.poll(() => page.getByTestId('header-cart-count').textContent(), { timeout: 20_000 }).toBe('1');
  await page.goto(`${url}/pokladna`);
  await page.waitForSelector('html[data-hydrated]');
  await page.getByRole('radio', { name: /Osobní odběr na prodejně/ }).check();
  await page.getByTestId('store-picker').getByRole('radio').first().check();
  await page.getByRole('radio', { name: /Hotově nebo kartou na prodejně/ }).check();
  await page.getByLabel('Jméno *').fill('Jana');
  await page.getByLabel('Příjmení *').fill('Nováková');
  await page.getByLabel('E-mail *').fill(email);
  await page.getByLabel('Telefon *').fill('+420 777 123 456');
  await page.getByLabel('Ulice a číslo popisné *').fill('Korunní 12');
  await page.getByLabel('Město *').fill('Praha');
  await page.getByLabel('PSČ *').fill('120 00');
  const optOut = page.getByLabel('Nesouhlasím se zasláním dotazníku spokojenosti v rámci programu Ověřeno zákazníky');
  expect(await optOut.count()).toBe(options.expectOptOut ? 1 : 0);
  if (options.expectOptOut) expect(await optOut.isChecked()).toBe(false);
  await page.getByTestId('terms').check();
  await page.getByTestId('place-order').click();
}

describe('conversion measuring in Chromium', () => {
  it('with advertising consent: the thank-you page loads each conversion script once, under a CSP that allows them', async () => {
    const { context, page, scripts, elsewhere } = await shopper(shop.url, ALL_GRANTED, '10.91.0.1');
    const thankYouCsp: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/objednavka/dekujeme') thankYouCsp.push(response.headers()['content-security-policy'] ?? '');
    });
    await buy(page, shop.url, shop.prisma, 'konverze-souhlas@example.cz', { expectOptOut: true });
    await page.waitForURL(/\/objednavka\/dekujeme$/);
    await page.getByTestId('thank-you').waitFor();
    await expect.poll(() => [...scripts].sort()).toEqual(['c.seznam.cz/js/rc.js', 'im9.cz/js/ext/1-roi-async.js', 'www.googletagmanager.com/gtag/js']);
    expect(thankYouCsp).toHaveLength(1);
    for (const host of ['https://im9.cz', 'https://c.seznam.cz', 'https://www.googletagmanager.com']) expect(thankYouCsp[0]).toContain(host);
    // the order number and the summary at its address without the secret
    const order = await shop.prisma.order.findFirstOrThrow({ where: { email: 'konverze-souhlas@example.cz' } });
    expect(await page.getByTestId('thank-you').textContent()).toContain(order.number);
    expect(await page.getByTestId('thank-you-summary').getAttribute('href')).toBe(`/objednavka/shrnuti/${order.id}`);
    expect(page.url()).not.toContain(order.hash);

    // a reload: the same page, no script again (the server remembers the order was measured)
    scripts.length = 0;
    await page.reload();
    await page.waitForSelector('html[data-hydrated]');
    await page.getByTestId('thank-you').waitFor();
    await page.waitForTimeout(500);
    expect(scripts).toEqual([]);
    expect(thankYouCsp[1]).not.toContain('https://im9.cz');
    // the summary link opens the order in this browser
    await page.getByTestId('thank-you-summary').click();
    await page.getByTestId('order-number').waitFor();
    expect(await page.getByTestId('order-number').textContent()).toBe(order.number);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it('without advertising consent: the same page, the usual CSP, no script', async () => {
    const { context, page, scripts } = await shopper(shop.url, { ...NONE_GRANTED, analytical: true }, '10.91.0.2');
    const usual = (await (await fetch(`${shop.url}/`)).headers.get('content-security-policy')) ?? '';
    const csp: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/objednavka/dekujeme') csp.push(response.headers()['content-security-policy'] ?? '');
    });
    await buy(page, shop.url, shop.prisma, 'konverze-bez-souhlasu@example.cz', { expectOptOut: true });
    await page.waitForURL(/\/objednavka\/dekujeme$/);
    await page.getByTestId('thank-you').waitFor();
    await page.waitForTimeout(500);
    expect(scripts).toEqual([]);
    // the policy of every other page (its nonce aside)
    const withoutNonce = (policy: string) => policy.replace(/'nonce-[^']+'/, "'nonce'");
    expect(csp.map(withoutNonce)).toEqual([withoutNonce(usual)]);
    expect(await shop.prisma.order.findFirstOrThrow({ where: { email: 'konverze-bez-souhlasu@example.cz' }, select: { conversionMeasuredAt: true } })).toEqual({ conversionMeasuredAt: null });
    await context.close();
  });

  it('without keys: no opt-out in the checkout, and "Koupit a zaplatit" leads to the summary as before', async () => {
    const { context, page, scripts } = await shopper(plain.url, ALL_GRANTED, '10.91.0.3');
    await buy(page, plain.url, plain.prisma, 'konverze-bez-klicu@example.cz', { expectOptOut: false });
    await page.waitForURL(/\/objednavka\/shrnuti\/\d+(\/[^/]+)?$/);
    await page.getByTestId('order-number').waitFor();
    expect(scripts).toEqual([]);
    await context.close();
  });
});
