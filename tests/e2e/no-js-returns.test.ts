// The return protocol without JavaScript (issue 24, item 6): the spec's 'exact length' and 'digits only'
// rules on the order number and the refund account's bank code show their messages next to their
// fields, with everything typed kept, and nothing is saved; a form without mistakes is told it needs
// JavaScript (its captcha), again with what was typed. At 1280 and 390 px, in Czech and in English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { consentCookie } from '../support/consent.ts';
import { createOrder } from '../support/factories.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

let addressCounter = 0;
async function noJsPage(width: number) {
  const n = ++addressCounter;
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'cs-CZ',
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${200 + n}` },
  });
  await context.addCookies([consentCookie(shop.url)]);
  return { context, page: await context.newPage() };
}

/** Posts the form and waits for the page the action answers. */
async function send(page: Page) {
  await Promise.all([page.waitForEvent('load'), page.getByTestId('return-submit').click()]);
}

/** The input labelled so; a required field's label ends with its star (issue 40, item 21). */
function labelled(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

/** The message shown inside the field of the input with this label (none: null). */
async function messageAt(page: Page, label: string): Promise<string | null> {
  const input = labelled(page, label);
  const field = page.locator('.field', { has: input });
  if ((await field.locator('.field__error').count()) === 0) return null;
  expect(await input.getAttribute('aria-invalid')).toBe('true');
  return field.locator('.field__error').textContent();
}

const czech = {
  'Číslo objednávky': '20260',
  'Název produktu': 'Dres Slavia Praha domácí – L',
  'Kód produktu': 'SLA-H-24',
  'Popis vady (nepovinné)': 'Páraný šev',
  'Číslo bankovního účtu': '19-2000145399',
  'Kód banky': '08O0',
  Jméno: 'Řehoř',
  Příjmení: 'Čížek',
  'E-mail': 'rehor.cizek@example.cz',
  Telefon: '+420 601 234 567',
  'Ulice a číslo popisné': 'Žižkova 5',
  Město: 'České Budějovice',
  PSČ: '370 01',
  Poznámka: 'Prosím o vrácení peněz.',
};

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await labelled(page, label).fill(value);
}

async function expectValues(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) expect(await labelled(page, label).inputValue(), label).toBe(value);
}

describe.each([1280, 390])('return protocol without JavaScript at %i px', (width) => {
  it('a 5-digit order number and letters in the bank code: the spec’s messages at their fields, everything typed kept, nothing saved', async () => {
    const before = await shop.prisma.complaint.count();
    const { context, page } = await noJsPage(width);
    await page.goto(`${shop.url}/reklamace`);
    await fill(page, czech);
    await send(page);

    expect(new URL(page.url()).pathname).toBe('/reklamace');
    expect(await messageAt(page, 'Číslo objednávky')).toBe('Vyplňte prosím přesně 10 znaků.');
    expect(await messageAt(page, 'Kód banky')).toBe('Pole musí obsahovat pouze číslice.');
    expect(await messageAt(page, 'Číslo bankovního účtu')).toBeNull();
    expect(await messageAt(page, 'Jméno')).toBeNull();
    await expectValues(page, czech);
    // the bank code stays on the screen beside (1280) or under (390) the account number
    const bankCode = (await page.getByLabel('Kód banky', { exact: true }).boundingBox())!;
    expect(bankCode.x + bankCode.width).toBeLessThanOrEqual(width);
    expect(await shop.prisma.complaint.count()).toBe(before);

    // letters in the order number, a bank code too short
    await fill(page, { 'Číslo objednávky': '2026OOO123', 'Kód banky': '080' });
    await send(page);
    expect(await messageAt(page, 'Číslo objednávky')).toBe('Pole musí obsahovat pouze číslice.');
    expect(await messageAt(page, 'Kód banky')).toBe('Vyplňte prosím přesně 4 znaky.');
    await expectValues(page, { ...czech, 'Číslo objednávky': '2026OOO123', 'Kód banky': '080' });

    // no mistakes left: it cannot be sent without JavaScript (its captcha), and says so; still nothing saved
    const order = await createOrder(shop.prisma, { email: czech['E-mail'] });
    await fill(page, { 'Číslo objednávky': order.number, 'Kód banky': '0800' });
    await send(page);
    expect(await messageAt(page, 'Číslo objednávky')).toBeNull();
    expect(await messageAt(page, 'Kód banky')).toBeNull();
    expect(await page.getByTestId('return-failure').textContent()).toContain('protokol lze odeslat jen se zapnutým JavaScriptem');
    await expectValues(page, { ...czech, 'Číslo objednávky': order.number, 'Kód banky': '0800' });
    expect(await shop.prisma.complaint.count()).toBe(before);
    await context.close();
  });
});

it('says the same in English at /en/complaint', async () => {
  const { context, page } = await noJsPage(1280);
  await page.goto(`${shop.url}/en/complaint`);
  const typed = { 'Order number': '20260', 'Bank account number': '19-2000145399', 'Bank code': '08O0', 'First name': 'Jane' };
  await fill(page, typed);
  await send(page);
  expect(await messageAt(page, 'Order number')).toBe('Please enter exactly 10 characters.');
  expect(await messageAt(page, 'Bank code')).toBe('This field may contain digits only.');
  await expectValues(page, typed);
  await context.close();
});
