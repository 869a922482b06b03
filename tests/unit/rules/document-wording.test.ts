// How a percentage and a line's variant are worded, the same on every page, e-mail and invoice
// (the issue 24 review found "21 %" in English and four wordings of "modrá, velikost L").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPercent, variantText } from '../../../schema/rules/index.ts';

const NBSP = '\u00a0';

describe('formatPercent', () => {
  it('writes Czech with a no-break space and a decimal comma, English without a space', () => {
    expect(formatPercent(21, 'cs')).toBe(`21${NBSP}%`);
    expect(formatPercent(21, 'en')).toBe('21%');
    expect(formatPercent(10.5, 'cs')).toBe(`10,5${NBSP}%`);
    expect(formatPercent(10.5, 'en')).toBe('10.5%');
    expect(formatPercent(0, 'en')).toBe('0%');
  });

  it('refuses what is no number', () => {
    expect(() => formatPercent(Number.NaN, 'cs')).toThrow(RangeError);
    expect(() => formatPercent(Number.POSITIVE_INFINITY, 'en')).toThrow(RangeError);
  });
});

describe('variantText', () => {
  it('names the colour, then the size with its word, in each language', () => {
    expect(variantText({ colour: 'modrá', size: 'L' }, 'cs')).toBe('modrá, velikost L');
    expect(variantText({ colour: 'blue', size: 'L' }, 'en')).toBe('blue, size L');
  });

  it('names only what the variant has', () => {
    expect(variantText({ colour: null, size: 'XL' }, 'cs')).toBe('velikost XL');
    expect(variantText({ colour: 'červená', size: null }, 'cs')).toBe('červená');
    expect(variantText({ colour: null, size: null }, 'en')).toBe('');
    expect(variantText({ colour: ' ', size: '' }, 'en')).toBe('');
  });
});

describe("the shop's stores", () => {
  it("are 'prodejna' wherever a shopper reads of them, as the spec's /prodejny, never also 'pobočka' (issue 40, item 23)", () => {
    const root = process.cwd();
    const folders = ['schema/rules', 'bff/src/i18n', 'bff/src/mail/templates', 'bff/src/pdf', 'prisma/seed/data', 'web/app/i18n/locales/cs'];
    const files = folders.flatMap((folder) => readdirSync(join(root, folder)).map((name) => join(folder, name)));
    // a bank's own registered name ('pobočka Praha') is not the shop's word
    const read = files.filter((file) => /\.(ts|json)$/.test(file) && !file.endsWith('czech-bank-codes.ts'));
    expect(read.length).toBeGreaterThan(20);
    expect(read.filter((file) => /poboč/i.test(readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });
});
