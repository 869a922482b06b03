// Match tickets in Chromium against the production build (issue 26): a fan picks two seats of the
// small ground with the keyboard and sees them 'Vybrané'; another shopper's open page shows them
// 'Obsazené' within seconds without a reload; the fan buys them and the order summary shows two QR
// tickets. Also: a click on the stadium plan, the per-order limit, and the list view.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { pdfText } from '../support/pdf-text.ts';
import { runShopCommand } from '../../scripts/shop-command.ts';
import { ticketCommand } from '../../scripts/ticket.ts';

/** The shop signs tickets with this key, and the gate's command checks them with it. */
const TICKET_KEY = 'e2e-ticket-key-0123456789abcdef0123';
const mailDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-tickets-mail-'));
const commandDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-tickets-command-'));

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ mailDir, ticketSecret: TICKET_KEY }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  rmSync(mailDir, { recursive: true, force: true });
  rmSync(commandDir, { recursive: true, force: true });
});

/** `npm run ticket -- verify <code>` with the shop's database and key: its exit code and what it printed. */
async function verifyTicket(code: string) {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  try {
    const exitCode = await runShopCommand(ticketCommand, ['verify', code], { DATABASE_URL: shop.databaseUrl, DATA_DIR: commandDir, TICKET_HMAC_KEY: TICKET_KEY });
    return { exitCode, out: out.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** The order confirmation sent to `address` (waits for the outbox), parsed. */
async function confirmationTo(address: string) {
  for (let waited = 0; waited < 30_000; waited += 250) {
    for (const file of readdirSync(mailDir).filter((name) => name.endsWith('.eml'))) {
      const mail = await simpleParser(readFileSync(path.join(mailDir, file)));
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
      if (to.includes(address) && mail.attachments.some((attachment) => attachment.filename?.startsWith('vstupenky-'))) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no order confirmation with tickets to ${address}`);
}

const SMALL_GROUND = '/vstupenky/fk-ocelar-fc-vltavin';

async function open(page: Page, path: string) {
  const response = await page.goto(shop.url + path);
  await page.waitForSelector('html[data-hydrated]');
  return response;
}

function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) problems.push(message.text());
  });
  return problems;
}

/** What the plan tells a screen reader about the seat the keyboard is on. */
const activeSeat = (page: Page) => page.getByTestId('seat-plan-active').textContent();

/** Presses → until the keyboard is on a free seat (the one it is on counts); returns how many presses. */
async function toFreeSeat(page: Page): Promise<number> {
  for (let presses = 0; presses <= 60; presses++) {
    if ((await activeSeat(page))?.endsWith('– volné')) return presses;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error('no free seat within 60 seats to the right');
}

describe('match tickets in Chromium', () => {
  it('picks two seats with the keyboard; another shopper sees them taken without a reload; buys them and gets two QR tickets', async () => {
    const fan = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const problems = problemsOf(fan);
    const otherContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'cs-CZ' });
    const other = await otherContext.newPage();

    // from the menu to the list of matches, and to the small ground's match
    await open(fan, '/');
    await fan.getByRole('navigation', { name: 'Kategorie' }).getByRole('link', { name: 'Vstupenky' }).click();
    await fan.waitForURL(/\/vstupenky$/);
    await fan.getByRole('link', { name: 'FK Ocelář – FC Vltavín', exact: true }).click();
    await fan.waitForURL(new RegExp(`${SMALL_GROUND}$`));
    await fan.getByRole('heading', { name: 'FK Ocelář – FC Vltavín', level: 1 }).waitFor();
    await open(other, SMALL_GROUND);
    if (process.env.SHOTS) await fan.screenshot({ path: '/tmp/tw/event.png', fullPage: true });

    // the keyboard: to the first free seat, Enter; to the next free one, Space
    const plan = fan.getByRole('application', { name: 'Plán hlediště' });
    await plan.focus();
    // the first arrow puts the keyboard on the plan's first seat
    await fan.keyboard.press('ArrowRight');
    const first = await toFreeSeat(fan);
    const firstName = (await activeSeat(fan))!.replace(/ – volné$/, '');
    expect(firstName).toMatch(/^Sektor T\d, řada \d+, místo \d+, kategorie [AB], \d+,\d\d\s?Kč$/);
    await fan.keyboard.press('Enter');
    await expect.poll(() => activeSeat(fan)).toBe(`${firstName} – vybrané`);
    await fan.keyboard.press('ArrowRight');
    const second = 1 + (await toFreeSeat(fan));
    const secondName = (await activeSeat(fan))!.replace(/ – volné$/, '');
    await fan.keyboard.press(' ');
    const selected = fan.getByTestId('selected-seat');
    await expect.poll(() => selected.count()).toBe(2);
    expect(await selected.allTextContents()).toEqual([expect.stringContaining(`${firstName} – Vybrané`), expect.stringContaining(`${secondName} – Vybrané`)].sort());
    if (process.env.SHOTS) await fan.screenshot({ path: '/tmp/tw/selected.png', fullPage: true });
    // the server holds both for this cart
    await expect.poll(() => shop.prisma.eventSeat.count({ where: { cartId: { not: null } } })).toBe(2);

    // the other shopper's page, not reloaded, has them occupied: the same keys land on them
    const otherPlan = other.getByRole('application', { name: 'Plán hlediště' });
    await otherPlan.focus();
    await other.keyboard.press('ArrowRight');
    for (let press = 0; press < first; press++) await other.keyboard.press('ArrowRight');
    await expect.poll(() => activeSeat(other), { timeout: 5000 }).toBe(`${firstName} – obsazené`);
    for (let press = 0; press < second; press++) await other.keyboard.press('ArrowRight');
    await expect.poll(() => activeSeat(other), { timeout: 5000 }).toBe(`${secondName} – obsazené`);
    // and a click there says so, holding nothing
    await other.keyboard.press('Enter');
    await expect.poll(() => other.getByRole('status').filter({ hasText: 'Místo už je obsazené' }).count()).toBe(1);
    expect(await other.getByTestId('selected-seat').count()).toBe(0);

    // the cart: two ticket lines counting down from 15 minutes
    await fan.getByRole('link', { name: 'Přejít do košíku' }).click();
    await fan.waitForURL(/\/kosik$/);
    const lines = fan.getByTestId('ticket-line');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.first().textContent()).toMatch(/FK Ocelář – FC Vltavín.*Drženo ještě 1[45]:\d\d/);

    // checkout and the order summary with two QR tickets
    await fan.getByTestId('to-checkout').click();
    await fan.waitForURL(/\/pokladna$/);
    await expect.poll(() => fan.getByTestId('checkout-ticket').count()).toBe(2);
    // tickets only go by e-mail: no delivery to choose, no shipping line, only the bank transfer to pay with
    // (decision 0047)
    expect(await fan.getByTestId('tickets-by-email').textContent()).toBe(
      'Vstupenky vám pošleme e-mailem a najdete je i ve shrnutí objednávky. Doprava se proto nevybírá.',
    );
    expect(await fan.getByRole('group', { name: 'Doprava' }).count()).toBe(0);
    expect(await fan.getByRole('group', { name: 'Doručovací adresa' }).count()).toBe(0);
    expect(await fan.getByTestId('totals-shipping').count()).toBe(0);
    expect(await fan.getByRole('group', { name: 'Platba' }).getByRole('radio').count()).toBe(1);
    await fan.getByRole('radio', { name: /Bankovní převod/ }).check();
    await fan.getByLabel('Jméno *').fill('Jana');
    await fan.getByLabel('Příjmení *').fill('Nováková');
    await fan.getByLabel('E-mail *').fill('jana.fanynka@example.cz');
    await fan.getByLabel('Telefon *').fill('+420 777 123 456');
    await fan.getByLabel('Ulice a číslo popisné *').fill('Korunní 12');
    await fan.getByLabel('Město *').fill('Praha');
    await fan.getByLabel('PSČ *').fill('120 00');
    await fan.getByTestId('terms').check();
    await expect.poll(() => fan.getByTestId('place-order').isDisabled()).toBe(false);
    await fan.getByTestId('place-order').click();
    if (process.env.SHOTS) await fan.waitForTimeout(3000).then(() => fan.screenshot({ path: '/tmp/tw/checkout.png', fullPage: true }));
    await fan.waitForURL(/\/objednavka\/shrnuti\/[^/]+\/[^/]+$/);
    const tickets = fan.getByTestId('order-ticket');
    await expect.poll(() => tickets.count()).toBe(2);
    // nothing delivered: neither a delivery section nor a shipping line on the summary
    expect(await fan.getByRole('heading', { name: 'Doprava' }).count()).toBe(0);
    expect(await fan.getByText(/^Doprava:/).count()).toBe(0);
    const texts = await tickets.allTextContents();
    const short = (name: string) => name.replace(/, kategorie.*$/, '');
    expect(texts.some((text) => text.includes(short(firstName)))).toBe(true);
    expect(texts.some((text) => text.includes(short(secondName)))).toBe(true);
    for (const qr of await tickets.locator('img').all()) {
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    }
    // the tickets in a section of their own, labelled, with the order's lines between them and the
    // payment's QR code; each line names the seat as a person reads it, no internal seat index (issue 40)
    const ticketSection = fan.getByRole('region', { name: 'Vstupenky', exact: true });
    expect(await ticketSection.getByTestId('order-ticket').count()).toBe(2);
    expect(await ticketSection.getByTestId('qr-payment').count()).toBe(0);
    const ticketsBox = (await ticketSection.boundingBox())!;
    const linesBox = (await fan.locator('table.order-lines').boundingBox())!;
    const paymentQrBox = (await fan.getByTestId('qr-payment').boundingBox())!;
    expect(linesBox.y).toBeGreaterThanOrEqual(ticketsBox.y + ticketsBox.height);
    expect(paymentQrBox.y).toBeGreaterThanOrEqual(linesBox.y + linesBox.height);
    const ticketRows = (await fan.locator('table.order-lines tbody tr').allTextContents()).filter((text) => text.startsWith('Vstupenka'));
    expect(ticketRows).toHaveLength(2);
    for (const row of ticketRows) {
      expect(row).toMatch(/sektor T\d+, řada \d+, místo \d+/);
      expect(row).not.toMatch(/·/);
    }
    // a bank transfer not paid yet: the tickets say they let no one in until it is
    expect(texts.every((text) => text.includes('Platná až po zaplacení objednávky'))).toBe(true);
    // sold now: held by no cart
    expect(await shop.prisma.eventSeat.count({ where: { cartId: { not: null } } })).toBe(0);

    // the confirmation carries the tickets as one PDF, the seats readable in it
    const number = (await fan.getByTestId('order-number').textContent()) ?? '';
    const mail = await confirmationTo('jana.fanynka@example.cz');
    const pdf = mail.attachments.find((attachment) => attachment.filename === `vstupenky-${number}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    const text = (await pdfText(pdf!.content)).replace(/\s+/g, ' ');
    expect(text).toContain('FK Ocelář – FC Vltavín');
    // the gate's command lets each paid ticket in once
    const codes = await tickets.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('data-code') ?? ''));
    expect(codes).toHaveLength(2);
    const order = await shop.prisma.order.findFirstOrThrow({ where: { number } });
    await shop.prisma.order.update({ where: { id: order.id }, data: { status: 'PAID' } });
    for (const code of codes) {
      const first = await verifyTicket(code);
      expect(first.exitCode, first.out).toBe(0);
      const again = await verifyTicket(code);
      expect(again.exitCode, again.out).toBe(2);
      expect(again.out).toMatch(/ALREADY USED/);
    }

    expect(problems).toEqual([]);
    await fan.close();
    await otherContext.close();
  });
});
