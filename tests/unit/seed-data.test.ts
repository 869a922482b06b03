import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INFO_PAGES } from '../../schema/routes.ts';
import { DEFAULT_WITHDRAWAL_PERIOD_DAYS } from '../../schema/rules/withdrawal.ts';
import { electronicAddressHref, isEuMemberState, responsiblePersonProblem } from '../../schema/rules/product-safety.ts';
import {
  articles,
  categories,
  deliveryMethods,
  infoPages as infoPagesFor,
  manufacturers,
  responsiblePersons,
  paymentMethods,
  products,
  sizeCharts,
  stores,
  tiles,
} from '../../prisma/seed/data/index.ts';

const infoPages = infoPagesFor(DEFAULT_WITHDRAWAL_PERIOD_DAYS);

const IMAGES = join(process.cwd(), 'web', 'public', 'images');
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const variants = products.flatMap((p) => p.variants);

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)));
}

describe('seed data: catalogue', () => {
  it('has at least 6 top-level categories and valid parents', () => {
    expect(categories.filter((c) => !c.parentKey).length).toBeGreaterThanOrEqual(6);
    const keys = new Set(categories.map((c) => c.key));
    for (const c of categories) if (c.parentKey) expect(keys.has(c.parentKey), c.key).toBe(true);
    expect(duplicates(categories.map((c) => c.key))).toEqual([]);
  });

  it('has unique ASCII category slugs per language', () => {
    for (const lang of ['cs', 'en'] as const) {
      const slugs = categories.map((c) => c.slug[lang]);
      expect(duplicates(slugs)).toEqual([]);
      for (const s of slugs) expect(s).toMatch(SLUG);
    }
  });

  it('has at least 80 products, each with variants and images', () => {
    expect(products.length).toBeGreaterThanOrEqual(80);
    for (const p of products) {
      expect(p.variants.length, p.code).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.code).toBeGreaterThanOrEqual(1);
      for (const img of p.images) expect(existsSync(join(IMAGES, 'products', img.file)), img.file).toBe(true);
    }
  });

  it('has unique product codes, variant codes and slugs per language', () => {
    expect(duplicates(products.map((p) => p.code))).toEqual([]);
    expect(duplicates(variants.map((v) => v.code))).toEqual([]);
    for (const lang of ['cs', 'en'] as const) {
      const slugs = products.map((p) => p.slug[lang]);
      expect(duplicates(slugs)).toEqual([]);
      for (const s of slugs) expect(s).toMatch(SLUG);
    }
  });

  it('resolves every category, manufacturer, size chart and similar-product reference', () => {
    const cats = new Set(categories.map((c) => c.key));
    const brands = new Set(manufacturers.map((m) => m.key));
    const charts = new Set(sizeCharts.map((c) => c.key));
    const codes = new Set(products.map((p) => p.code));
    for (const p of products) {
      expect(cats.has(p.categoryKey), `${p.code} category ${p.categoryKey}`).toBe(true);
      expect(brands.has(p.manufacturerKey), `${p.code} manufacturer ${p.manufacturerKey}`).toBe(true);
      if (p.sizeChartKey !== null) expect(charts.has(p.sizeChartKey), `${p.code} chart ${p.sizeChartKey}`).toBe(true);
      for (const s of p.similarCodes ?? []) {
        expect(codes.has(s), `${p.code} similar ${s}`).toBe(true);
        expect(s).not.toBe(p.code);
      }
    }
  });

  // GPSR (decision 0064): every manufacturer has a postal and an electronic address; the products of
  // one outside the EU name a responsible person in the EU; most are Czech, one is outside the EU
  it('gives every manufacturer its addresses and every product made outside the EU a responsible person', () => {
    const people = new Map(responsiblePersons.map((p) => [p.key, p]));
    for (const m of manufacturers) {
      expect(m.address.street && m.address.city && m.address.postalCode, m.key).toBeTruthy();
      expect(m.address.countryCode, m.key).toMatch(/^[A-Z]{2}$/);
      expect(electronicAddressHref(m.electronicAddress), `${m.key} ${m.electronicAddress}`).not.toBeNull();
      if (m.responsiblePersonKey) expect(people.has(m.responsiblePersonKey), m.key).toBe(true);
    }
    for (const person of responsiblePersons) {
      expect(isEuMemberState(person.address.countryCode), person.key).toBe(true);
      expect(electronicAddressHref(person.electronicAddress), person.key).not.toBeNull();
    }
    const brand = new Map(manufacturers.map((m) => [m.key, m]));
    const problems = products
      .map((p) => {
        const m = brand.get(p.manufacturerKey)!;
        return responsiblePersonProblem({ code: p.code, manufacturerName: m.name, manufacturerCountryCode: m.address.countryCode, hasResponsiblePerson: !!m.responsiblePersonKey });
      })
      .filter(Boolean);
    expect(problems).toEqual([]);
    const outside = products.filter((p) => !isEuMemberState(brand.get(p.manufacturerKey)!.address.countryCode));
    expect(outside.length).toBeGreaterThan(0);
    expect(manufacturers.filter((m) => m.address.countryCode === 'CZ').length).toBeGreaterThan(manufacturers.length / 2);
    // and warnings on the products that need them, in both languages
    const warned = products.filter((p) => p.safetyInformation);
    expect(warned.length).toBeGreaterThan(5);
    for (const p of warned) expect(p.safetyInformation!.cs && p.safetyInformation!.en, p.code).toBeTruthy();
  });

  it('has positive integer prices and sensible stock', () => {
    for (const v of variants) {
      expect(Number.isInteger(v.priceCzk) && v.priceCzk > 0, v.code).toBe(true);
      if (v.priceEur !== null) expect(Number.isInteger(v.priceEur) && v.priceEur > 0, v.code).toBe(true);
      if (v.originalPriceCzk !== undefined) {
        expect(Number.isInteger(v.originalPriceCzk), v.code).toBe(true);
        expect(v.originalPriceCzk, v.code).toBeGreaterThan(v.priceCzk);
      }
      expect(Number.isInteger(v.stock) && v.stock >= 0 && v.stock <= 40, v.code).toBe(true);
    }
    for (const p of products) {
      if (p.isSale) expect(p.variants.every((v) => v.originalPriceCzk !== undefined), p.code).toBe(true);
      expect([21, 12]).toContain(p.vatRate);
    }
  });

  it('has some sold-out variants and at least one fully sold-out product', () => {
    expect(variants.filter((v) => v.stock === 0).length).toBeGreaterThan(0);
    expect(variants.some((v) => v.stock > 0)).toBe(true);
    expect(products.some((p) => p.variants.every((v) => v.stock === 0))).toBe(true);
  });

  it('has size charts whose rows match their columns', () => {
    for (const chart of sizeCharts) for (const row of chart.rows) expect(row.length, chart.key).toBe(chart.columns.length);
  });
});

describe('seed data: content', () => {
  it('has the Prague store 5282 among exactly 3 stores', () => {
    expect(stores).toHaveLength(3);
    expect(stores.find((s) => s.id === 5282)).toBeDefined();
    expect(duplicates(stores.map((s) => String(s.id)))).toEqual([]);
  });

  it('has the terms and conditions as info page 1', () => {
    const terms = infoPages.find((p) => p.id === 1);
    expect(terms?.slug.cs).toBe('obchodni-podminky');
    expect(terms?.slug.en).toBe('terms-and-conditions');
    expect(terms?.body.cs.length).toBeGreaterThan(2000);
  });

  it('has every information page the footer and the consents link to, under the same number and slugs (issue 40, item 19)', () => {
    for (const [name, page] of Object.entries(INFO_PAGES)) {
      const seeded = infoPages.find((p) => p.id === page.id);
      expect(seeded?.slug, name).toEqual({ cs: page.cs, en: page.en });
    }
    expect(infoPages.find((p) => p.id === INFO_PAGES.privacy.id)?.title.cs).toBe('Ochrana osobních údajů');
    expect(infoPages.find((p) => p.id === INFO_PAGES.contact.id)?.title.cs).toBe('Kontakt');
  });

  it('has exactly the 4 home tiles, the last linking to store 5282', () => {
    expect(tiles).toHaveLength(4);
    expect(tiles.map((t) => t.title.cs)).toEqual([
      'Doprava zdarma',
      'Doručení do dvou dnů',
      'Dárek ke každé objednávce',
      expect.any(String),
    ]);
    expect(tiles[0].subtitle.cs).toBe('při nákupu nad 3 000 Kč');
    expect(tiles.find((t) => t.link?.cs === '/prodejny/5282')?.link?.en).toBe('/stores/5282');
    for (const t of tiles) expect(existsSync(join(IMAGES, t.image)), t.image).toBe(true);
  });

  it('has articles with existing images', () => {
    expect(articles.length).toBeGreaterThanOrEqual(5);
    for (const a of articles) if (a.image) expect(existsSync(join(IMAGES, a.image)), a.image).toBe(true);
  });

  it('combines payment methods only with existing delivery methods', () => {
    const codes = new Set(deliveryMethods.map((d) => d.code));
    expect(deliveryMethods.some((d) => d.isPickup && d.priceCzk === 0)).toBe(true);
    expect(paymentMethods.some((p) => p.isCashOnDelivery)).toBe(true);
    for (const p of paymentMethods) for (const d of p.deliveryCodes) expect(codes.has(d), `${p.code} -> ${d}`).toBe(true);
  });
});
