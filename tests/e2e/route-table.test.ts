// Every screen of the route table, in both languages: axe-core at desktop (1280 px) and phone (390 px)
// width finds no serious or critical violation, and no page is wider than the viewport at 768, 390 and
// 320 px (issue 11). The route table has the accessibility statement, and a product page is checked
// again with its safety information opened (issue 42). Account pages are opened signed in as the demo
// customer; pages with a token or hash in the path are opened with a real one where the demo data has
// it, otherwise they show their own 404 page, which is checked too.
//
// Each page is loaded once, at 1280 px, and then resized through the narrower widths: the layout is CSS
// alone (no script reads the window's width), so a page resized to a width is laid out as one opened at
// it. One load per page instead of three (one per axe width and one for the widths) was a fifth of the
// browser tests' time (issue 41: the suite under 15 minutes).
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchRequests } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { routeParams, type RouteParams } from '../support/route-params.ts';
import { ROUTES, href, type RouteName } from '../../schema/routes.ts';
import { DEMO_CUSTOMER } from '../../prisma/seed/seed.ts';
import { signIn } from '../support/sign-in.ts';

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;
let params: RouteParams;
/** A product made outside the EU: its page's safety information names a responsible person too (decision 0064). */
let safetySlugs: { cs: string; en: string };

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  const order = await shop.prisma.order.findFirst({ where: { customer: { email: DEMO_CUSTOMER.email } } });
  params = await routeParams(shop.prisma, order ?? undefined);
  const imported = await shop.prisma.product.findFirstOrThrow({ where: { published: true, responsiblePersonId: { not: null } }, include: { translations: true } });
  const slug = (language: 'cs' | 'en') => imported.translations.find((row) => row.language === language)!.slug;
  safetySlugs = { cs: slug('cs'), en: slug('en') };
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

type Finding = { page: string; width: number; rule: string; impact: string; nodes: string[] };
/** What a check of one page found: axe's serious or critical violations, and the widths it overflowed. */
type Findings = { violations: Finding[]; tooWide: string[] };

/** The widths a page is measured at, widest first; axe runs at those marked. */
const WIDTHS = [
  { width: 1280, height: 900, axe: true },
  { width: 768, height: 900, axe: false },
  { width: 390, height: 844, axe: true },
  { width: 320, height: 844, axe: false },
];

async function signInDemoCustomer(context: BrowserContext) {
  const page = await context.newPage();
  await signIn(page, shop.url, { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, language: 'cs' });
  await page.close();
}

/** axe-core's serious and critical violations on the page as it is now (axe-core is in every document of the test's contexts). */
async function axeViolations(page: Page, path: string, width: number): Promise<Finding[]> {
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ page: path, width, rule: violation.id, impact: violation.impact, nodes: violation.nodes.slice(0, 3) }));
}

/**
 * Loads a page at the widest width (after `prepare`, e.g. a disclosure opened, so its content is checked
 * too) and goes through the widths: axe where marked, the document's width at each.
 */
async function check(page: Page, path: string, findings: Findings, prepare?: (page: Page) => Promise<void>): Promise<void> {
  const requests = watchRequests(page);
  await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
  await page.goto(shop.url + path);
  await requests.settled();
  if (prepare) await prepare(page);
  for (const { width, height, axe } of WIDTHS) {
    await page.setViewportSize({ width, height });
    const scrollWidth = await page.evaluate(
      () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth))),
    );
    if (scrollWidth > width) findings.tooWide.push(`${path} at ${width} px: ${scrollWidth} px`);
    if (axe) findings.violations.push(...(await axeViolations(page, path, width)));
  }
}

// the two languages run side by side: much of each is waiting for the network to go quiet
describe.concurrent('every screen of the route table: axe-core and the width', () => {
  for (const language of ['cs', 'en'] as const) {
    it(`every route in ${language === 'cs' ? 'Czech' : 'English'}: no serious or critical violation at 1280 and 390 px, nothing wider than 768, 390 and 320 px`, async ({ expect }) => {
      const findings: Findings = { violations: [], tooWide: [] };
      const guest = await browser.newContext({ locale: 'cs-CZ' });
      const customer = await browser.newContext({ locale: 'cs-CZ' });
      await signInDemoCustomer(customer);
      // axe-core in every document the contexts open, compiled as the page loads: evaluated afterwards
      // over the connection, its 0.5 MB took ~0.5 s a page, as the page loads ~0.17 s (issue 41)
      for (const context of [guest, customer]) await context.addInitScript({ content: axeSource });
      const pages = { guest: await guest.newPage(), customer: await customer.newPage() };
      for (const [name, route] of Object.entries(ROUTES) as [RouteName, (typeof ROUTES)[RouteName]][]) {
        const path = href(name, language, params[language][name] ?? {});
        // the order detail, its withdrawal form (docs/decisions/0061) and its cancellation (0067) are the signed-in owner's
        const signedIn = ('guard' in route && route.guard === 'customer') || name === 'orderDetail' || name === 'withdrawalAccount' || name === 'orderCancelAccount';
        await check(signedIn ? pages.customer : pages.guest, path, findings);
      }
      // the product page with its safety information opened (GPSR; issue 42): manufacturer, EU responsible
      // person and warnings; the accessibility statement itself is in the route table above
      const open = async (shown: Page) => {
        await shown.locator('.product-safety summary').click();
        await shown.locator('.product-safety details[open]').waitFor();
      };
      await check(pages.guest, href('product', language, { slug: safetySlugs[language] }), findings, open);
      // every match page, not only the one of the route table's parameters: the small ground's plan too
      for (const event of await shop.prisma.event.findMany({ select: { slug: true } })) {
        if (event.slug !== params[language].event?.slug) await check(pages.guest, href('event', language, { slug: event.slug }), findings);
      }
      await guest.close();
      await customer.close();
      expect(findings.violations).toEqual([]);
      expect(findings.tooWide).toEqual([]);
    }, 600_000);
  }
});
