// The vocative of the account greeting (issue 24, item 6): 'Dobrý den, Terezo.'
import { describe, expect, it } from 'vitest';
import { czechVocative } from '../../../schema/rules/vocative.ts';

describe('czechVocative', () => {
  it.each([
    ['Tereza', 'Terezo'],
    ['Jana', 'Jano'],
    ['Honza', 'Honzo'],
    ['Petr', 'Petře'],
    ['Alexandr', 'Alexandře'],
    ['Jan', 'Jane'],
    ['Martin', 'Martine'],
    ['Jakub', 'Jakube'],
    ['Igor', 'Igore'],
    ['Vladimír', 'Vladimíre'],
    ['Tomáš', 'Tomáši'],
    ['Ondřej', 'Ondřeji'],
    ['Marek', 'Marku'],
    ['Zdeněk', 'Zdeňku'],
    ['Dominik', 'Dominiku'],
    ['Oldřich', 'Oldřichu'],
    ['Pavel', 'Pavle'],
    ['Karel', 'Karle'],
    ['Marie', 'Marie'],
    ['Jiří', 'Jiří'],
    ['Dagmar', 'Dagmar'],
    ['TEREZA', 'TEREZO'],
    [' Tereza ', 'Terezo'],
  ])('%s -> %s', (name, vocative) => {
    expect(czechVocative(name)).toBe(vocative);
  });

  it('leaves what is not one word of letters as it was given', () => {
    expect(czechVocative('Anna Marie')).toBe('Anna Marie');
    expect(czechVocative('J.')).toBe('J.');
    expect(czechVocative('')).toBe('');
  });
});
