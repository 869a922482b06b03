// The variant of a line (its colour and size) in words: the cart, the checkout summary, the order
// summary, the confirmation e-mail and the invoice all name it with this function, so a shopper
// reads the same "modrá, velikost L" everywhere.
import type { Locale } from './locale.ts';

const SIZE_WORD: Record<Locale, string> = { cs: 'velikost', en: 'size' };

/** "modrá, velikost L" / "blue, size L"; only what the variant has; '' for neither. */
export function variantText(variant: { colour?: string | null; size?: string | null }, locale: Locale): string {
  const colour = variant.colour?.trim();
  const size = variant.size?.trim();
  return [colour, size ? `${SIZE_WORD[locale]} ${size}` : ''].filter(Boolean).join(', ');
}
