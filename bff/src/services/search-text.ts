// Search ignores case and Czech diacritics: "dres slavie" finds "Dres Slávie".
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a search, normalised, each once. */
export function searchWords(text: string): string[] {
  return [...new Set(normalizeSearchText(text).split(' ').filter(Boolean))];
}

/** Words that may be typos: letters only, as the vocabulary keeps them (migration 20261122180000). */
export const TYPO_WORD = /^[a-z]{4,40}$/;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Every word one edit away from `word`: a letter left out, one too many, a wrong one, or two
 * neighbours swapped. A 6-letter word has about 330 of them; looking each up in the vocabulary by its
 * primary key is cheaper than measuring the distance to every word the shop knows.
 */
export function oneEditAway(word: string): string[] {
  const variants = new Set<string>();
  for (let i = 0; i <= word.length; i += 1) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) variants.add(head + tail.slice(1));
    if (tail.length > 1) variants.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      if (tail) variants.add(head + letter + tail.slice(1));
      variants.add(head + letter + tail);
    }
  }
  variants.delete(word);
  return [...variants];
}
