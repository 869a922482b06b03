// The Czech vocative of a first name, for greetings ('Dobrý den, Terezo.'): the fifth case is how
// Czech addresses a person, and the nominative in a greeting reads as a form letter. Regular endings
// only; a name the rules do not know (foreign, several words, digits) is left as it was given, which
// is always polite, never wrong.

/** Women's names that end in a consonant and do not decline. */
const UNDECLINED = new Set(['dagmar', 'ingrid', 'miriam', 'karin', 'ester', 'carmen', 'ruth', 'doris', 'agnes', 'beatrix', 'nicol', 'rachel', 'margit', 'edith', 'judit']);

const SOFT_TO_I = /[šžčřcjďťňxsz]$/;
const VOWEL = /[aeiouyáéěíóúůý]$/;

/** Keeps the capitals of the name the customer typed ('TEREZA' -> 'TEREZO'). */
function withCaseOf(original: string, declined: string): string {
  return original === original.toUpperCase() && original !== original.toLowerCase() ? declined.toUpperCase() : declined;
}

function declineLower(name: string): string {
  if (UNDECLINED.has(name)) return name;
  if (name.endsWith('a')) return `${name.slice(0, -1)}o`; // Tereza -> Terezo, Honza -> Honzo
  if (VOWEL.test(name)) return name; // Marie, Jiří, Nikolai, Jiljí
  if (name.endsWith('něk')) return `${name.slice(0, -3)}ňku`; // Zdeněk -> Zdeňku
  if (/[^aeiouyáéěíóúůý]ek$/.test(name)) return `${name.slice(0, -2)}ku`; // Marek -> Marku, Radek -> Radku
  if (/(k|h|g|ch)$/.test(name)) return `${name}u`; // Dominik -> Dominiku, Oldřich -> Oldřichu
  if (/[^aeiouyáéěíóúůý]el$/.test(name)) return `${name.slice(0, -2)}le`; // Pavel -> Pavle, Karel -> Karle
  if (/[^aeiouyáéěíóúůý]r$/.test(name)) return `${name.slice(0, -1)}ře`; // Petr -> Petře
  if (SOFT_TO_I.test(name)) return `${name}i`; // Tomáš -> Tomáši, Ondřej -> Ondřeji
  return `${name}e`; // Jan -> Jane, Igor -> Igore, Daniel -> Daniele
}

/** 'Tereza' -> 'Terezo', 'Petr' -> 'Petře', 'Marie' -> 'Marie'; anything but one word of letters stays as it is. */
export function czechVocative(firstName: string): string {
  const name = firstName.trim();
  if (!/^\p{L}{2,}$/u.test(name)) return name;
  const lower = name.toLocaleLowerCase('cs');
  const declined = declineLower(lower);
  if (declined === lower) return name;
  // the letters the ending leaves as they were typed, then the new ending
  const kept = commonPrefix(lower, declined);
  return withCaseOf(name, name.slice(0, kept) + declined.slice(kept));
}

function commonPrefix(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}
