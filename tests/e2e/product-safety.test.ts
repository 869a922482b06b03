// Issue 42 items 4 and 5 in Chromium (decision 0064): the product page's safety information (GPSR
// Art. 19) reached and opened by keyboard in both languages, and without JavaScript; the accessibility
// statement (Act 424/2023 Sb.) reached from the footer in both languages at desktop and phone width,
// with its standard, its checks, its limitations, a working contact, the review date and ČOI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchRequests } from '../support/browser.ts';
import { startShop } from '../support/shop-server.ts';
import { href } from '../../schema/routes.ts';
import { consentCookie } from '../support/consent.ts';

let shop: Awaited<ReturnType<typeof startShop>>;
let browser: Browser;
/** Football boots by Meteor Athletics, made in Britain: the demo's product with an EU responsible person. */
let slugs: { cs: string; en: string };

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  const translations = await shop.prisma.productTranslation.findMany({ where: { product: { code: 'KO-4006' } } });
  const slug = (language: 'cs' | 'en') => translations.find((row) => row.language === language)!.slug;
  slugs = { cs: slug('cs'), en: slug('en') };
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const SAFETY = {
  cs: {
    heading: 'Informace o bezpečnosti výrobku',
    summary: 'Výrobce, odpovědná osoba a bezpečnostní upozornění',
    manufacturer: ['Meteor Athletics', 'Huddersfield', 'HD1 6LT', 'Spojené království'],
    responsible: ['Odpovědná osoba v EU', 'Sport Import Morava s.r.o.', 'Hněvotínská 1170/45', '779 00 Olomouc', 'Česko'],
    warning: 'Kopačky s kolíky používejte jen na povrchu',
  },
  en: {
    heading: 'Product safety information',
    summary: 'Manufacturer, responsible person and safety warnings',
    manufacturer: ['Meteor Athletics', 'Huddersfield', 'HD1 6LT', 'United Kingdom'],
    responsible: ['EU responsible person', 'Sport Import Morava s.r.o.', 'Hněvotínská 1170/45', '779 00 Olomouc', 'Czechia'],
    warning: 'Use studded boots only on the surface they are made for',
  },
} as const;

/** A page with the cookie choice already made: the bar does not cover the footer. */
async function newPage(width: number, language: 'cs' | 'en', javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, locale: language === 'cs' ? 'cs-CZ' : 'en-GB', javaScriptEnabled });
  await context.addCookies([consentCookie(shop.url)]);
  const page = await context.newPage();
  // counts the page's requests from its first one on, so `settled()` knows when it is quiet
  watchRequests(page);
  return page;
}

/** Presses Tab until the focus is on an element that `matches` (at most `limit` times); false if never. */
async function tabTo(page: Page, matches: () => boolean, limit = 250): Promise<boolean> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(matches)) return true;
  }
  return false;
}

describe('product safety information on the product page', () => {
  for (const language of ['cs', 'en'] as const) {
    it(`is reached and opened by keyboard, under its own heading (${language})`, async () => {
      const text = SAFETY[language];
      const page = await newPage(1280, language);
      await page.goto(shop.url + href('product', language, { slug: slugs[language] }));
      await watchRequests(page).settled();

      // a screen reader's list of headings finds it; the disclosure is named by its summary
      const section = page.getByRole('region', { name: text.heading });
      expect(await section.count(), (await page.locator('h2').allInnerTexts()).join(' | ')).toBe(1);
      await expect(section.getByRole('heading', { level: 2, name: text.heading }).isVisible()).resolves.toBe(true);
      const details = section.locator('details');
      expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
      await expect(section.getByText(text.responsible[1]).isVisible()).resolves.toBe(false);

      // Tab from the top of the page reaches the summary; Enter opens it without leaving the page
      const url = page.url();
      const reached = await tabTo(page, () => document.activeElement?.tagName === 'SUMMARY' && document.activeElement.closest('.product-safety') !== null);
      expect(reached).toBe(true);
      await page.keyboard.press('Enter');
      expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
      expect(page.url()).toBe(url);

      const shown = await details.innerText();
      for (const part of [...text.manufacturer, ...text.responsible, text.warning]) expect(shown).toContain(part);
      // the electronic addresses are links: the contact form's URL, and the responsible person's e-mail
      expect(await details.locator('a[href="https://www.meteor-athletics.co.uk/contact"]').count()).toBe(1);
      expect(await details.locator('a[href="mailto:gpsr@sportimport-morava.cz"]').count()).toBe(1);
      // and a second Enter folds it again
      await page.keyboard.press('Enter');
      expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
      await page.context().close();
    }, 120_000);
  }

  it('opens without JavaScript too, and a Czech-made product names its manufacturer without a responsible person', async () => {
    const page = await newPage(390, 'cs', false);
    const vltava = await shop.prisma.productTranslation.findFirstOrThrow({ where: { language: 'cs', product: { code: 'DR-1001' } } });
    await page.goto(shop.url + href('product', 'cs', { slug: vltava.slug }));
    const section = page.getByRole('region', { name: SAFETY.cs.heading });
    await section.getByText(SAFETY.cs.summary).click();
    const shown = await section.locator('details').innerText();
    expect(shown).toContain('Vltava Sport');
    expect(shown).toContain('Libeňská 218/7');
    expect(shown).toContain('180 00 Praha 8');
    expect(shown).not.toContain('Odpovědná osoba v EU');
    expect(await section.locator('a[href="mailto:info@vltavasport.cz"]').count()).toBe(1);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  }, 120_000);
});

const STATEMENT = {
  cs: {
    link: 'Prohlášení o přístupnosti',
    home: '/',
    path: '/prohlaseni-o-pristupnosti',
    parts: ['WCAG 2.1', 'ČSN EN 301 549', 'axe-core', 'Lighthouse', 'Známá omezení', 'plán sedadel', 'Mapa prodejen', 'info@tribunasport.cz', '29. 11. 2026', 'Česká obchodní inspekce', 'ČOI'],
    contact: 'Všechny kontakty najdete na stránce Kontakt',
    contactTitle: 'Kontakt',
    contactPath: '/info/5/kontakt',
  },
  en: {
    link: 'Accessibility statement',
    home: '/en',
    path: '/en/accessibility-statement',
    parts: ['WCAG 2.1', 'EN 301 549', 'axe-core', 'Lighthouse', 'Known limitations', 'seat plan', 'map of stores', 'info@tribunasport.cz', '11/29/2026', 'Czech Trade Inspection Authority', 'ČOI'],
    contact: 'All our contacts are on the Contact page',
    contactTitle: 'Contact',
    contactPath: '/en/info/5/contact',
  },
} as const;

describe('the accessibility statement', () => {
  for (const width of [1280, 390]) {
    for (const language of ['cs', 'en'] as const) {
      it(`is linked from the footer and says what the law asks (${language}, ${width} px)`, async () => {
        const text = STATEMENT[language];
        const page = await newPage(width, language);
        await page.goto(shop.url + text.home);
        await watchRequests(page).settled();
        // by keyboard: the link focused, Enter
        const link = page.getByRole('contentinfo').getByRole('link', { name: text.link, exact: true });
        expect(await link.count()).toBe(1);
        await link.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(shop.url + text.path, { timeout: 15_000 });
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(text.link);
        const body = await page.locator('main').innerText();
        for (const part of text.parts) expect(body, part).toContain(part);
        expect(await page.locator('main a[href="mailto:info@tribunasport.cz"]').count()).toBe(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // the footer marks the page the shopper is on
        expect(await page.getByRole('contentinfo').getByRole('link', { name: text.link }).getAttribute('aria-current')).toBe('page');
        // the contact it names works
        await page.getByRole('link', { name: text.contact }).click({ timeout: 15_000 });
        await page.waitForURL(shop.url + text.contactPath, { timeout: 15_000 });
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(text.contactTitle);
        await page.context().close();
      }, 120_000);
    }
  }

  it('reads the same without JavaScript', async () => {
    const page = await newPage(390, 'cs', false);
    // a page that does not exist has the footer too
    await page.goto(shop.url + '/kontakt-neexistuje');
    await page.getByRole('contentinfo').getByRole('link', { name: STATEMENT.cs.link }).click({ timeout: 15_000 });
    await page.waitForURL(shop.url + STATEMENT.cs.path, { timeout: 15_000 });
    const body = await page.locator('main').innerText();
    for (const part of STATEMENT.cs.parts) expect(body, part).toContain(part);
    await page.context().close();
  }, 120_000);
});
