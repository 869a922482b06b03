// The pure half of search: how a query is split into words and which spellings one typo away are tried.
import { describe, expect, it } from 'vitest';
import { oneEditAway, searchWords, TYPO_WORD } from '../../../bff/src/services/search-text.ts';

/** Edit distance with swaps of neighbours (optimal string alignment), to check the generator against. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe('search words', () => {
  it('are normalised (case, diacritics, spaces) and each kept once', () => {
    expect(searchWords('  Dres   SLÁVIE dres ')).toEqual(['dres', 'slavie']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('may be typos only when they are 4 to 40 plain letters (as the vocabulary keeps them)', () => {
    expect(['slavie', 'dres'].every((word) => TYPO_WORD.test(word))).toBe(true);
    expect(['dre', 'b123', '100%', 'x'.repeat(41)].some((word) => TYPO_WORD.test(word))).toBe(false);
  });
});

describe('oneEditAway', () => {
  it('holds every swap, deletion, insertion and substitution, and nothing further', () => {
    const variants = oneEditAway('slavie');
    expect(variants).toEqual(expect.arrayContaining(['slvaie', 'slave', 'slaviee', 'slabie', 'aslavie', 'slavi']));
    expect(variants).not.toContain('slavie');
    expect(new Set(variants).size).toBe(variants.length);
    for (const variant of variants) expect(distance('slavie', variant), variant).toBe(1);
  });

  it('is complete: every word at distance 1 over the alphabet appears (checked by brute force on a short word)', () => {
    const word = 'abc';
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const expected = new Set<string>();
    const grow = (prefix: string, length: number): string[] =>
      length === 0 ? [prefix] : [...letters].flatMap((letter) => grow(prefix + letter, length - 1));
    for (const length of [2, 3, 4]) for (const candidate of grow('', length)) if (distance(word, candidate) === 1) expected.add(candidate);
    expect(new Set(oneEditAway(word))).toEqual(expected);
  });
});
