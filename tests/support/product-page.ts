// Buying from a product page in the browser suites: which demo variants to buy, choosing the variant's
// colour and size on the page, and adding it to the cart.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { PrismaClient } from '../../bff/src/generated/prisma/client.ts';

/** A variant as the product page offers it: the product's Czech slug, its size and colour code. */
export type VariantPick = { slug: string; size: string | null; colour: string | null };

/** `count` published products with one variant each that has at least `minStock` pieces, first by id. */
export async function variantsInStock(prisma: PrismaClient, count: number, minStock = 5): Promise<VariantPick[]> {
  const variants = await prisma.variant.findMany({
    where: { stock: { gte: minStock }, product: { published: true } },
    include: { product: { select: { id: true, translations: { where: { language: 'cs' }, select: { slug: true } } } }, colour: { select: { code: true } } },
    orderBy: { id: 'asc' },
  });
  const picked = new Map<number, VariantPick>();
  for (const variant of variants) {
    if (picked.size === count) break;
    if (picked.has(variant.product.id)) continue;
    picked.set(variant.product.id, { slug: variant.product.translations[0].slug, size: variant.size, colour: variant.colour?.code ?? null });
  }
  return [...picked.values()];
}

/** Chooses the variant's colour (when the page offers a choice) and size on the open product page. */
export async function chooseVariant(page: Page, variant: VariantPick): Promise<void> {
  if (variant.colour) {
    const swatch = page.locator(`.swatch input[value="${variant.colour}"]`);
    if ((await swatch.count()) > 0) await swatch.check({ force: true });
  }
  if (variant.size) await page.locator(`.size input[value="${variant.size}"]`).check({ force: true });
}

/** Opens the product page (Czech unless `productPath` says otherwise), adds the variant and waits for the header's count. */
export async function addToCartFromProductPage(
  page: Page,
  shopUrl: string,
  variant: VariantPick,
  expectedCount: number,
  productPath = '/produkt/',
): Promise<void> {
  await page.goto(`${shopUrl}${productPath}${variant.slug}`);
  await page.waitForSelector('html[data-hydrated]');
  await chooseVariant(page, variant);
  await page.getByTestId('add-to-cart').click();
  await expect.poll(() => page.getByTestId('header-cart-count').textContent()).toBe(String(expectedCount));
}
