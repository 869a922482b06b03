import { describe, expect, it } from 'vitest';
import { hasUnsafeCharacters, searchPhrase, SEARCH_MAX_LENGTH, stripUnsafeCharacters } from '../../../schema/rules/index.ts';

describe('unsafe text', () => {
  it('finds NUL and other control characters and lone surrogates, not tabs, line breaks or emoji', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001Fy', 'a\uD800', '\uDC00b', 'a\uDBFF\u0041']) expect(hasUnsafeCharacters(bad)).toBe(true);
    for (const good of ['Dres Slávie', 'řádek\nřádek\ttab\r', '⚽ 😀', '']) expect(hasUnsafeCharacters(good)).toBe(false);
  });

  it('strips what it finds and keeps the rest', () => {
    expect(stripUnsafeCharacters('a\u0000b\uD800c😀')).toBe('abc😀');
    // called twice in a row (the global regex keeps no state between calls)
    expect(hasUnsafeCharacters('a\u0000')).toBe(true);
    expect(hasUnsafeCharacters('a\u0000')).toBe(true);
  });

  it('turns the search box into a safe, trimmed, bounded phrase', () => {
    expect(searchPhrase(null)).toBe('');
    expect(searchPhrase('  a\u0000b  ')).toBe('ab');
    expect(searchPhrase('x'.repeat(500))).toHaveLength(SEARCH_MAX_LENGTH);
  });
});
