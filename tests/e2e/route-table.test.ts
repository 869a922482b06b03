// axe-core on every screen of the route table, in both languages, at desktop (1280 px) and phone
// (390 px) width: no serious or critical violation (issue 11). The route table has the accessibility
// statement, and a product page is checked again with its safety information opened (issue 42). Account pages are opened signed in as
// the demo customer; pages with a token or hash in the path are opened with a real one where the demo
// data has it, otherwise they show their own 404 page, which is checked too.
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

async function signInDemoCustomer(context: BrowserContext) {
  const page = await context.newPage();
  await signIn(page, shop.url, { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, language: 'cs' });
  await page.close();
}

/** Audits a page as it loads, or after `prepare` (e.g. a disclosure opened, so its content is checked too). */
async function audit(page: Page, path: string, width: number, prepare?: (page: Page) => Promise<void>): Promise<Finding[]> {
  const requests = watchRequests(page);
  await page.goto(shop.url + path);
  await requests.settled();
  if (prepare) await prepare(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ page: path, width, rule: violation.id, impact: violation.impact, nodes: violation.nodes.slice(0, 3) }));
}

// the two widths run side by side: much of each is waiting for the network to go quiet
describe.concurrent('accessibility (axe-core)', () => {
  for (const width of [1280, 390]) {
    it(`every route in both languages at ${width} px: no serious or critical violation`, async ({ expect }) => {
      const findings: Finding[] = [];
      const viewport = { width, height: width > 600 ? 900 : 844 };
      const guest = await browser.newContext({ viewport, locale: 'cs-CZ' });
      const customer = await browser.newContext({ viewport, locale: 'cs-CZ' });
      await signInDemoCustomer(customer);
      const pages = { guest: await guest.newPage(), customer: await customer.newPage() };
      for (const [name, route] of Object.entries(ROUTES) as [RouteName, (typeof ROUTES)[RouteName]][]) {
        for (const language of ['cs', 'en'] as const) {
          const path = href(name, language, params[language][name] ?? {});
          // the order detail, its withdrawal form (docs/decisions/0061) and its cancellation (0067) are the signed-in owner's
          const signedIn = ('guard' in route && route.guard === 'customer') || name === 'orderDetail' || name === 'withdrawalAccount' || name === 'orderCancelAccount';
          findings.push(...(await audit(signedIn ? pages.customer : pages.guest, path, width)));
        }
      }
      // the product page with its safety information opened (GPSR; issue 42): manufacturer, EU responsible
      // person and warnings; the accessibility statement itself is in the route table above
      for (const language of ['cs', 'en'] as const) {
        const open = async (shown: Page) => {
          await shown.locator('.product-safety summary').click();
          await shown.locator('.product-safety details[open]').waitFor();
        };
        findings.push(...(await audit(pages.guest, href('product', language, { slug: safetySlugs[language] }), width, open)));
      }
      // every match page, not only the one of the route table's parameters: the small ground's plan too
      for (const event of await shop.prisma.event.findMany({ select: { slug: true } })) {
        for (const language of ['cs', 'en'] as const) {
          if (event.slug !== params[language].event?.slug) findings.push(...(await audit(pages.guest, href('event', language, { slug: event.slug }), width)));
        }
      }
      await guest.close();
      await customer.close();
      expect(findings).toEqual([]);
    }, 600_000);
  }
});
