// Withdrawal from the contract in Chromium (issue 42 section 1, docs/decisions/0061): a signed-in
// customer withdraws in Czech from her order detail (ticket lines shown as excluded, a wrong account
// refused at its field and focused, step 2 shows the declaration, received at once); a guest withdraws
// in English without JavaScript from the summary link and confirms by the e-mailed link; a tickets-only
// order shows no function and says why; the model form page and its PDF in both languages.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { consentCookie } from '../support/consent.ts';
import { createCustomer, createOrder, createProduct } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import { pdfText } from '../support/pdf-text.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;
const mailDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-withdrawal-mail-'));

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ mailDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  rmSync(mailDir, { recursive: true, force: true });
});

let addressCounter = 0;
async function newPage(options: { javaScript?: boolean; width?: number; locale?: string } = {}) {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: options.locale ?? 'cs-CZ',
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${150 + ++addressCounter}` },
  });
  await context.addCookies([consentCookie(shop.url)]);
  return { context, page: await context.newPage() };
}

/** Clicks something that posts a form (or follows a link) and waits for the page it leads to. */
async function submit(page: Page, click: () => Promise<void>) {
  await Promise.all([page.waitForEvent('load'), click()]);
}

async function lastMailTo(address: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const files = readdirSync(mailDir).filter((name) => name.endsWith('.eml')).sort();
      const mails = await Promise.all(files.map((file) => simpleParser(readFileSync(path.join(mailDir, file)))));
      text = mails.filter((mail) => JSON.stringify(mail.to ?? '').includes(address)).at(-1)?.text ?? '';
      return text;
    }, { timeout: 15_000 })
    .not.toBe('');
  return text;
}

async function orderWithGoods(options: { customer?: { id: number }; language?: 'cs' | 'en'; email?: string }) {
  const product = await createProduct(shop.prisma, { variants: [{ size: 'M', stock: 4 }] });
  return createOrder(shop.prisma, {
    customer: options.customer ?? null,
    language: options.language,
    email: options.email,
    lines: [
      { variant: product.variants[0], name: 'Dres hostující', quantity: 2 },
      { productCode: 'ticket-9001', name: 'Vstupenka: Vltavín – Bohemka', size: null },
    ],
  });
}

describe('withdrawal from the contract', () => {
  it('a signed-in customer withdraws in Czech from her order detail: tickets excluded, a wrong account refused, the declaration, received at once', async () => {
    const customer = await createCustomer(shop.prisma, { firstName: 'Věra', lastName: 'Koubková' });
    const order = await orderWithGoods({ customer });
    const { context, page } = await newPage({ width: 390 });
    await signIn(page, shop.url, { email: customer.email, password: customer.password, language: 'cs' });
    await page.goto(`${shop.url}/ucet/objednavka/${order.id}`);
    const section = page.getByTestId('withdrawal-section');
    await expect.poll(() => section.textContent()).toContain('Od smlouvy můžete odstoupit bez udání důvodu do 14 dnů od převzetí zboží.');
    expect(await section.getByTestId('withdrawal-excluded').textContent()).toContain('Vstupenka: Vltavín – Bohemka: Vstupenky na zápas vrátit nelze');
    expect(await section.getByRole('link', { name: 'Vzorový formulář pro odstoupení od smlouvy' }).getAttribute('href')).toBe('/odstoupeni-od-smlouvy');
    await submit(page, () => section.getByRole('link', { name: 'Odstoupit od smlouvy zde' }).click());

    expect(new URL(page.url()).pathname).toBe(`/ucet/objednavka/${order.id}/odstoupeni`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Odstoupení od smlouvy – objednávka ${order.number}`);
    // all pieces by default, name and e-mail of the account; the ticket line only says why it is left out
    expect(await page.getByLabel('Dres hostující, M – počet kusů (nejvýše 2)').inputValue()).toBe('2');
    expect(await page.getByLabel(/^Jméno a příjmení/).inputValue()).toBe(`Věra ${customer.lastName}`);
    expect(await page.getByLabel(/^E-mail/).inputValue()).toBe(customer.email);
    expect(await page.getByTestId('withdrawal-excluded-line').textContent()).toContain('§ 1837 písm. j)');
    // the form fits the phone's width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByLabel('Dres hostující, M – počet kusů (nejvýše 2)').selectOption('1');
    await page.getByLabel(/^Číslo účtu pro vrácení peněz/).fill('12-3456');
    await page.getByLabel(/^Kód banky/).fill('0800');
    await submit(page, () => page.getByTestId('withdrawal-continue').click());
    const account = page.getByLabel(/^Číslo účtu pro vrácení peněz/);
    expect(await account.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('withdrawal-bankAccount');
    expect(await page.getByLabel('Dres hostující, M – počet kusů (nejvýše 2)').inputValue()).toBe('1');
    expect(await shop.prisma.withdrawal.count({ where: { orderId: order.id } })).toBe(0);

    await account.fill('19-2000145399');
    await submit(page, () => page.getByTestId('withdrawal-continue').click());
    const declaration = await page.getByTestId('withdrawal-declaration').textContent();
    expect(declaration).toContain('Oznamuji, že tímto odstupuji od smlouvy o nákupu tohoto zboží:');
    expect(declaration).toContain('– Dres hostující, M, 1 ks');
    expect(declaration).toContain('Peníze vraťte prosím na účet 19-2000145399/0800.');
    expect(await page.getByTestId('withdrawal-guest-note').count()).toBe(0);
    await submit(page, () => page.getByRole('button', { name: 'Potvrdit odstoupení' }).click());

    expect(new URL(page.url()).pathname).toBe(`/ucet/objednavka/${order.id}`);
    expect(await page.getByTestId('withdrawal-notice').textContent()).toContain('Odstoupení od smlouvy jsme přijali.');
    expect(await page.getByTestId('withdrawal-history').textContent()).toContain('Dres hostující (1 ks) – přijato, čekáme na vrácené zboží');
    const saved = await shop.prisma.withdrawal.findMany({ where: { orderId: order.id }, include: { items: true } });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ state: 'CONFIRMED', refundAccount: '19-2000145399/0800', items: [expect.objectContaining({ quantity: 1 })] });
    expect(await lastMailTo(customer.email)).toContain('přijali vaše odstoupení od smlouvy');
    await context.close();
  });

  it('a guest withdraws in English without JavaScript from the summary link and confirms by the e-mailed link', async () => {
    const order = await orderWithGoods({ language: 'en', email: `guest-${Date.now()}@example.cz` });
    const { context, page } = await newPage({ javaScript: false, locale: 'en-GB' });
    await page.goto(`${shop.url}/en/order/summary/${order.id}/${order.hash}`);
    await submit(page, () => page.getByRole('link', { name: 'Withdraw from contract here' }).click());
    expect(await page.getByLabel(/^Name/).inputValue()).toBe('Jiřina Šťastná');
    await page.getByLabel(/^Account for the refund/).fill('CZ65 0800 0000 1920 0014 5399');
    await page.getByLabel(/^Reason \(optional\)/).fill('Too small');
    await submit(page, () => page.getByRole('button', { name: 'Continue' }).click());
    expect(await page.getByTestId('withdrawal-declaration').textContent()).toContain('I hereby give notice that I withdraw from my contract of sale of the following goods:');
    expect(await page.getByTestId('withdrawal-guest-note').textContent()).toContain('we send a link to the order’s e-mail');
    await submit(page, () => page.getByRole('button', { name: 'Confirm withdrawal' }).click());

    expect(new URL(page.url()).pathname).toBe(`/en/order/summary/${order.id}/${order.hash}`);
    expect(await page.getByTestId('withdrawal-notice').textContent()).toContain('We have sent a link to the order’s e-mail');
    expect(await page.getByTestId('withdrawal-history').textContent()).toContain('waiting for the confirmation link in the e-mail');
    expect((await shop.prisma.withdrawal.findFirstOrThrow({ where: { orderId: order.id } })).state).toBe('PENDING_CONFIRMATION');

    const link = /http:\/\/127\.0\.0\.1(\/en\/order\/confirm-withdrawal\/[A-Za-z0-9_-]{43})/.exec(await lastMailTo(order.email))?.[1];
    expect(link).toBeDefined();
    await page.goto(shop.url + link);
    // opening the link changes nothing; its button confirms
    expect((await shop.prisma.withdrawal.findFirstOrThrow({ where: { orderId: order.id } })).state).toBe('PENDING_CONFIRMATION');
    await submit(page, () => page.getByRole('button', { name: 'Confirm withdrawal' }).click());
    expect(await page.getByTestId('withdrawal-confirmed').textContent()).toContain('We received your withdrawal from the contract on');
    expect((await shop.prisma.withdrawal.findFirstOrThrow({ where: { orderId: order.id } })).state).toBe('CONFIRMED');
    // a second confirmation changes nothing and says the same
    await page.goto(shop.url + link);
    await submit(page, () => page.getByRole('button', { name: 'Confirm withdrawal' }).click());
    expect(await page.getByTestId('withdrawal-confirmed').count()).toBe(1);
    expect(await shop.prisma.withdrawal.count({ where: { orderId: order.id } })).toBe(1);
    await context.close();
  });

  it('a tickets-only order shows no withdrawal function and says why, in both languages', async () => {
    const order = await createOrder(shop.prisma, { lines: [{ productCode: 'ticket-9002', name: 'Vstupenka', size: null }] });
    const { context, page } = await newPage();
    for (const [path, text] of [
      [`/objednavka/shrnuti/${order.id}/${order.hash}`, 'Objednávka obsahuje jen vstupenky na zápas.'],
      [`/en/order/summary/${order.id}/${order.hash}`, 'This order holds match tickets only.'],
    ]) {
      await page.goto(shop.url + path);
      await expect.poll(() => page.getByTestId('withdrawal-unavailable').textContent()).toContain(text);
      expect(await page.getByTestId('withdrawal-link').count()).toBe(0);
    }
    await context.close();
  });

  it('the model withdrawal form page and its PDF, in Czech and English, linked from the terms', async () => {
    const { context, page } = await newPage();
    for (const [language, path, title, pdf] of [
      ['cs', '/odstoupeni-od-smlouvy', 'Vzorový formulář pro odstoupení od smlouvy', '/odstoupeni-od-smlouvy.pdf'],
      ['en', '/en/withdrawal-form', 'Model withdrawal form', '/en/withdrawal-form.pdf'],
    ] as const) {
      const response = await page.goto(shop.url + path);
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await page.getByTestId('withdrawal-model-form').textContent()).toContain(language === 'cs' ? 'Oznamuji/oznamujeme (*)' : 'I/We (*) hereby give notice');
      expect(await page.getByTestId('withdrawal-model-form-pdf').getAttribute('href')).toBe(pdf);
      const file = await fetch(shop.url + pdf);
      expect(file.headers.get('content-type')).toContain('application/pdf');
      expect(await pdfText(new Uint8Array(await file.arrayBuffer()))).toContain(title);
    }
    await page.goto(`${shop.url}/info/1/obchodni-podminky`);
    const terms = page.locator('main');
    await expect.poll(() => terms.textContent()).toContain('do 14 dnů od převzetí zboží.');
    expect(await terms.textContent()).not.toContain('prodlužujeme tuto lhůtu na 30 dnů');
    await Promise.all([page.waitForURL(`${shop.url}/odstoupeni-od-smlouvy`), terms.getByRole('link', { name: 'vzorovém formuláři pro odstoupení od smlouvy' }).click()]);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Vzorový formulář pro odstoupení od smlouvy');
    await context.close();
  });
});
