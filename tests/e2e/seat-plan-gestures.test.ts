// The seat plan on a phone, in Chromium against the production build (issue 26): the zoom buttons,
// a two-finger pinch and a one-finger drag change the plan's viewBox (the picker's zoom and pan,
// SeatPlanSvg.tsx: pointer events, `touch-action: none` on the frame), and a tap on a seat of the
// zoomed plan still selects that seat. The fingers are real touch input sent through the DevTools
// protocol (Input.dispatchTouchEvent), which Chromium turns into the touch pointer events the picker
// listens to. The shop runs with no room for an event stream (SEAT_STREAMS_MAX=0), so its pickers
// live on the polling fallback, which must still show another shopper's hold without a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { consentCookie } from '../support/consent.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;

beforeAll(async () => {
  // every stream is refused (STREAMS_UNAVAILABLE, 503): the pickers poll
  [shop, browser] = await Promise.all([startShop({ seatStreams: { perClient: 20, perInstance: 0, lifetimeMs: 900_000 } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const STADIUM = '/vstupenky/fc-vltavin-sk-moravan';

type ViewBox = { x: number; y: number; width: number; height: number };

async function viewBox(page: Page): Promise<ViewBox> {
  const [x, y, width, height] = ((await page.locator('svg.seat-plan__svg').getAttribute('viewBox')) ?? '').split(' ').map(Number);
  return { x, y, width, height };
}

const scale = async (page: Page) => Number(await page.getByRole('application', { name: 'Plán hlediště' }).getAttribute('data-scale'));

type Point = { x: number; y: number };

/** Fingers on the screen: each step moves every finger to its next point (CSS pixels). */
async function touch(cdp: CDPSession, paths: Point[][]) {
  const steps = paths[0].length;
  const at = (step: number) => paths.map((path, id) => ({ x: path[step].x, y: path[step].y, id, radiusX: 4, radiusY: 4, force: 1 }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let step = 1; step < steps; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A straight line from `from` to `to` in `steps` moves. */
const line = (from: Point, to: Point, steps = 12): Point[] =>
  Array.from({ length: steps + 1 }, (_, i) => ({ x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps }));

describe('the seat plan on a phone', () => {
  it('the zoom buttons, a pinch and a drag change the plan\'s viewBox; a tap on the zoomed plan selects the seat under the finger', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'cs-CZ' });
    // a consent already given: the cookie bar would lie over the plan's middle on a phone
    await context.addCookies([consentCookie(shop.url)]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(shop.url + STADIUM);
    await page.waitForSelector('html[data-hydrated]');
    const plan = page.getByRole('application', { name: 'Plán hlediště' });
    await plan.scrollIntoViewIfNeeded();
    // on a phone the stadium opens zoomed (issue 40; the next test): the whole plan first
    await expect.poll(() => scale(page)).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Celý plán' }).click();
    await expect.poll(() => scale(page)).toBe(1);
    const whole = await viewBox(page);

    // the buttons: + zooms about the middle, − and 'Celý plán' go back
    await page.getByRole('button', { name: 'Přiblížit plán' }).click();
    await expect.poll(() => scale(page)).toBe(1.5);
    const zoomed = await viewBox(page);
    expect(zoomed.width).toBeCloseTo(whole.width / 1.5, 0);
    expect(zoomed.x + zoomed.width / 2).toBeCloseTo(whole.x + whole.width / 2, 0);
    await page.getByRole('button', { name: 'Oddálit plán' }).click();
    await expect.poll(() => scale(page)).toBe(1);
    await page.getByRole('button', { name: 'Přiblížit plán' }).click();
    await page.getByRole('button', { name: 'Přiblížit plán' }).click();
    await expect.poll(() => scale(page)).toBe(2.25);
    await page.getByRole('button', { name: 'Celý plán' }).click();
    await expect.poll(() => scale(page)).toBe(1);
    expect(await viewBox(page)).toEqual(whole);

    // two fingers spread from 60 to 180 px apart about the plan's middle: three times closer
    const cdp = await context.newCDPSession(page);
    const box = (await plan.boundingBox())!;
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await touch(cdp, [line({ x: middle.x - 30, y: middle.y }, { x: middle.x - 90, y: middle.y }), line({ x: middle.x + 30, y: middle.y }, { x: middle.x + 90, y: middle.y })]);
    await expect.poll(() => scale(page)).toBeGreaterThan(2.5);
    const pinched = await viewBox(page);
    expect(await scale(page)).toBeCloseTo(3, 0);
    expect(pinched.width).toBeCloseTo(whole.width / (await scale(page)), 0);

    // one finger drags the plan 100 px to the left and 40 px up: the view moves right and down
    await touch(cdp, [line(middle, { x: middle.x - 100, y: middle.y - 40 })]);
    await expect.poll(async () => (await viewBox(page)).x).toBeGreaterThan(pinched.x);
    const dragged = await viewBox(page);
    const planUnitsPerPixel = pinched.width / box.width;
    expect(dragged.x - pinched.x).toBeCloseTo(100 * planUnitsPerPixel, -1);
    expect(dragged.y - pinched.y).toBeCloseTo(40 * planUnitsPerPixel, -1);
    expect(dragged.width).toBe(pinched.width); // a drag does not zoom

    // a tap on a free seat of the zoomed plan selects it: the keyboard finds a free seat and rings it
    await plan.focus();
    await page.keyboard.press('ArrowRight');
    for (let presses = 0; !(await page.getByTestId('seat-plan-active').textContent())?.endsWith('– volné'); presses++) {
      expect(presses, 'a free seat within 60 to the right').toBeLessThan(60);
      await page.keyboard.press('ArrowRight');
    }
    const name = (await page.getByTestId('seat-plan-active').textContent())!.replace(/ – volné$/, '');
    expect(await scale(page)).toBeGreaterThan(2.5);
    const beforeTap = await viewBox(page);
    const ring = (await page.locator('circle.seat-plan__focus').boundingBox())!;
    await page.touchscreen.tap(ring.x + ring.width / 2, ring.y + ring.height / 2);
    await expect.poll(() => page.getByTestId('selected-seat').allTextContents()).toEqual([expect.stringContaining(`${name} – Vybrané`)]);
    await expect.poll(() => page.getByTestId('seat-plan-active').textContent()).toBe(`${name} – vybrané`);
    // the tap neither zoomed nor moved the plan
    expect(await viewBox(page)).toEqual(beforeTap);
    expect(await scale(page)).toBeGreaterThan(2.5);
    await expect.poll(() => shop.prisma.eventSeat.count({ where: { cartId: { not: null } } })).toBe(1);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a 390 px phone the stadium opens zoomed to the best free block, seats far enough apart to tap; the list is one tap away; a desktop opens it whole', async () => {
    const venue = await shop.prisma.venue.findFirstOrThrow({ where: { events: { some: { slug: STADIUM.split('/').pop() } } } });
    const rows = (venue.plan as { sections: { rows: { dx: number; dy: number; count: number }[] }[] }).sections.flatMap((section) => section.rows);
    const spacing = Math.min(...rows.filter((row) => row.count > 1).map((row) => Math.hypot(row.dx, row.dy)));

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'cs-CZ' });
    await context.addCookies([consentCookie(shop.url)]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(shop.url + STADIUM);
    await page.waitForSelector('html[data-hydrated]');
    const plan = page.getByRole('application', { name: 'Plán hlediště' });
    await expect.poll(() => scale(page)).toBeGreaterThan(1);
    const box = (await plan.boundingBox())!;
    const view = await viewBox(page);
    // drawn whole, the stadium's seats were under 5 px apart; opened, they are at least 12 px apart
    const wholeWidth = Number((await plan.getAttribute('data-scale'))) * view.width;
    expect((spacing * box.width) / wholeWidth).toBeLessThan(6);
    expect((spacing * box.width) / view.width).toBeGreaterThanOrEqual(12);
    // it says which stand it shows, and the list of free seats is one tap away
    const opened = page.getByTestId('seat-plan-opened');
    expect(await opened.textContent()).toMatch(/^Plán je přiblížený na sektor \S+, posunete ho prstem\./);
    const section = /sektor (\S+),/.exec((await opened.textContent())!)![1];
    // the stand shown is the one with most free seats: its label is inside the view
    const label = page.locator('g.seat-plan__labels text', { hasText: new RegExp(`^${section}$`) });
    const labelBox = (await label.boundingBox())!;
    expect(labelBox.x + labelBox.width / 2).toBeGreaterThan(box.x);
    expect(labelBox.x + labelBox.width / 2).toBeLessThan(box.x + box.width);
    if (process.env.SHOTS) await page.screenshot({ path: '/tmp/tw/plan-390.png', fullPage: false });
    await opened.getByRole('button', { name: 'Vybrat ze seznamu' }).tap();
    await page.getByRole('heading', { name: 'Volná místa podle sektorů' }).waitFor();
    expect(await plan.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();

    // a desktop draws it whole
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    await desktop.context().addCookies([consentCookie(shop.url)]);
    await desktop.goto(shop.url + STADIUM);
    await desktop.waitForSelector('html[data-hydrated]');
    await desktop.waitForTimeout(300);
    expect(await scale(desktop)).toBe(1);
    expect(await desktop.getByTestId('seat-plan-opened').count()).toBe(0);
    await desktop.close();
  });

  it('when the shop refuses the live stream the picker polls: another shopper\'s hold shows as taken within seconds, without a reload', async () => {
    const refusedStreams: number[] = [];
    const pages = await Promise.all(
      [0, 1].map(async () => {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'cs-CZ' });
        await context.addCookies([consentCookie(shop.url)]);
        const page = await context.newPage();
        page.on('response', (response) => {
          if (response.url().endsWith('/graphql') && response.request().headers().accept === 'text/event-stream') refusedStreams.push(response.status());
        });
        await page.goto(shop.url + STADIUM);
        await page.waitForSelector('html[data-hydrated]');
        return page;
      }),
    );
    const [watcher, fan] = pages;
    await expect.poll(() => refusedStreams.length).toBeGreaterThanOrEqual(2);
    expect(new Set(refusedStreams)).toEqual(new Set([503]));

    // the fan holds a free seat with the keyboard
    const active = (page: Page) => page.getByTestId('seat-plan-active').textContent();
    await fan.getByRole('application', { name: 'Plán hlediště' }).focus();
    await fan.keyboard.press('ArrowRight');
    let presses = 0;
    for (; !(await active(fan))?.endsWith('– volné'); presses++) {
      expect(presses, 'a free seat within 60 to the right').toBeLessThan(60);
      await fan.keyboard.press('ArrowRight');
    }
    const name = (await active(fan))!.replace(/ – volné$/, '');
    await fan.keyboard.press('Enter');
    await expect.poll(() => active(fan)).toBe(`${name} – vybrané`);

    // the watcher's page, not reloaded, has it occupied by its next poll (every 4 s)
    await watcher.getByRole('application', { name: 'Plán hlediště' }).focus();
    await watcher.keyboard.press('ArrowRight');
    for (let press = 0; press < presses; press++) await watcher.keyboard.press('ArrowRight');
    await expect.poll(() => active(watcher), { timeout: 10_000 }).toBe(`${name} – obsazené`);
    for (const page of pages) await page.context().close();
  });
});
