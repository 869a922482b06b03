// The order's timeline and the customer's own cancellation in Chromium (issue 43 §1, decision 0067):
// a signed-in customer sees her paid order's moves in Czech as an ordered list with Prague dates and
// cancels it through the confirm page; a guest cancels a new order from the summary link without
// JavaScript; an order being packed offers no cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { consentCookie } from '../support/consent.ts';
import { createCustomer, createOrder } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import { markOrderPaid } from '../../bff/src/services/order-payments.ts';
import { moveOrder } from '../../bff/src/services/order-transitions.ts';
import { formatDateTime } from '../../schema/rules/dates.ts';

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
async function newPage(options: { javaScript?: boolean } = {}) {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScript ?? true,
    viewport: { width: 1280, height: 900 },
    locale: 'cs-CZ',
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${60 + ++addressCounter}` },
  });
  await context.addCookies([consentCookie(shop.url)]);
  return { context, page: await context.newPage() };
}

/** Clicks something that posts a form (or follows a link) and waits for the page it leads to. */
async function submit(page: Page, click: () => Promise<void>) {
  await Promise.all([page.waitForEvent('load'), click()]);
}

describe('the order timeline and the customer’s cancellation', () => {
  it('a signed-in customer sees her paid order’s timeline in Czech and cancels it after confirming', async () => {
    const customer = await createCustomer(shop.prisma, { firstName: 'Věra', lastName: 'Koubková' });
    const order = await createOrder(shop.prisma, { customer, createdAt: new Date(Date.now() - 3600_000) });
    await markOrderPaid(shop.prisma, { orderNumber: order.number, amount: order.totalGross, currency: 'CZK', source: 'command' });
    const paidAt = (await shop.prisma.orderEvent.findFirstOrThrow({ where: { orderId: order.id, toStatus: 'PAID' } })).at;
    const { context, page } = await newPage();
    await signIn(page, shop.url, { email: customer.email, password: customer.password, language: 'cs' });
    await page.goto(`${shop.url}/ucet/objednavka/${order.id}`);

    const timeline = page.getByTestId('order-timeline');
    await expect.poll(() => timeline.getByRole('heading', { level: 2 }).textContent()).toBe('Průběh objednávky');
    const steps = timeline.getByRole('listitem');
    expect(await timeline.locator('ol').count()).toBe(1);
    expect(await steps.allTextContents()).toEqual([`${formatDateTime(order.createdAt, 'cs')} Objednávka přijata`, `${formatDateTime(paidAt, 'cs')} Zaplaceno`]);
    expect(await steps.nth(1).locator('time').getAttribute('datetime')).toBe(paidAt.toISOString());

    await submit(page, () => timeline.getByRole('link', { name: 'Zrušit objednávku' }).click());
    expect(new URL(page.url()).pathname).toBe(`/ucet/objednavka/${order.id}/zruseni`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Zrušit objednávku č. ${order.number}`);
    expect(await page.getByTestId('order-cancel-page').textContent()).toContain('peníze vám vrátíme nejpozději do 14 dnů');
    // nothing changes until she confirms
    expect((await shop.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('PAID');
    await submit(page, () => page.getByRole('button', { name: 'Ano, zrušit objednávku' }).click());

    expect(new URL(page.url()).pathname).toBe(`/ucet/objednavka/${order.id}`);
    expect(await page.getByTestId('order-cancelled-notice').textContent()).toBe('Objednávku jsme zrušili. Potvrzení vám přijde e-mailem.');
    expect(await page.getByTestId('order-timeline').getByRole('listitem').last().textContent()).toMatch(/ Zrušeno \(na vaše přání\)$/);
    expect(await page.getByTestId('order-cancel-link').count()).toBe(0);
    const saved = await shop.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect({ status: saved.status, refundDue: saved.refundDue }).toEqual({ status: 'CANCELLED', refundDue: order.totalGross });
    await context.close();
  });

  it('a guest cancels a new order from the summary link without JavaScript; an order being packed offers no cancellation', async () => {
    const order = await createOrder(shop.prisma, { email: `host-${Date.now()}@example.cz` });
    const { context, page } = await newPage({ javaScript: false });
    await page.goto(`${shop.url}/objednavka/shrnuti/${order.id}/${order.hash}`);
    await submit(page, () => page.getByTestId('order-timeline').getByRole('link', { name: 'Zrušit objednávku' }).click());
    expect(new URL(page.url()).pathname).toBe(`/objednavka/zruseni/${order.id}/${order.hash}`);
    expect(await page.getByTestId('order-cancel-page').textContent()).not.toContain('peníze vám vrátíme');
    await submit(page, () => page.getByRole('button', { name: 'Ano, zrušit objednávku' }).click());
    expect(new URL(page.url()).pathname).toBe(`/objednavka/shrnuti/${order.id}/${order.hash}`);
    expect(await page.getByTestId('order-cancelled-notice').textContent()).toContain('Objednávku jsme zrušili.');
    expect((await shop.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('CANCELLED');

    const packed = await createOrder(shop.prisma, { paymentCode: 'cash-on-delivery', deliveryCode: 'courier' });
    await moveOrder(shop.prisma, { orderId: packed.id, to: 'PROCESSING', actor: { kind: 'shop' }, idempotencyKey: 'pack' });
    await page.goto(`${shop.url}/objednavka/shrnuti/${packed.id}/${packed.hash}`);
    expect(await page.getByTestId('order-timeline').getByRole('listitem').last().textContent()).toContain('Objednávku balíme');
    expect(await page.getByTestId('order-cancel-link').count()).toBe(0);
    await page.goto(`${shop.url}/objednavka/zruseni/${packed.id}/${packed.hash}`);
    expect(await page.getByTestId('order-cancel-refused').textContent()).toContain('Objednávku už nelze zrušit');
    expect(await page.getByRole('button', { name: 'Ano, zrušit objednávku' }).count()).toBe(0);
    await context.close();
  });
});
