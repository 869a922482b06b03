// The benches' generated catalogs (tests/bench/generated-catalog.ts, catalog-sizes.ts): batches that
// cover every product once, products spread over the categories, and the sizes the option names.
import { describe, expect, it } from 'vitest';
import { batches, generatedProductsSql, generatedSlug } from '../../bench/generated-catalog.ts';
import { catalogSizes } from '../../bench/catalog-sizes.ts';

describe('batches', () => {
  it('cover 1 to n once, in ranges of the batch size', () => {
    expect(batches(45_000, 20_000)).toEqual([
      [1, 20_000],
      [20_001, 40_000],
      [40_001, 45_000],
    ]);
    expect(batches(20_000, 20_000)).toEqual([[1, 20_000]]);
    expect(batches(0)).toEqual([]);
  });
});

describe('generatedProductsSql', () => {
  it('inserts the products of its range into the categories in turn, then their translations and variants', () => {
    const [products, translations, variants] = generatedProductsSql(101, 200, [7, 8, 9], 3);
    expect(products).toContain('generate_series(101, 200)');
    expect(products).toContain('(ARRAY[7,8,9])[1 + g % 3]');
    // sales from a product number times 7919 in 64 bits: in 32 bits a million overflowed
    expect(products).toContain('(g::bigint * 7919) % 1000');
    expect(translations).toMatch(/INSERT INTO "ProductTranslation"[\s\S]*generate_series\(101, 200\)/);
    expect(variants).toMatch(/INSERT INTO "Variant"[\s\S]*generate_series\(101, 200\)/);
    expect(generatedSlug(150)).toBe('bench-B150');
    expect(() => generatedProductsSql(1, 2, [], 3)).toThrow(/category/);
  });
});

describe('catalogSizes', () => {
  it('reads the sizes of --products, ascending and once each', () => {
    expect(catalogSizes('100000,10000,1_000_000,10000')).toEqual([10_000, 100_000, 1_000_000]);
    expect(() => catalogSizes('10k')).toThrow(/sizes/);
    expect(() => catalogSizes('0')).toThrow(/sizes/);
  });
});
