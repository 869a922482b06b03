// Verified product reviews (issue 44 §3, docs/decisions/0075): the form's fields with their rules and
// messages, run by the web form and again by the BFF, and what makes a purchase count as verified.
import type { Locale } from './locale.ts';
import { hasUnsafeCharacters } from './text.ts';
import { createRule, max, multiLine, required, type FormSchema, type Messages } from './validators.ts';

export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;
export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** The longest review text, in characters (a few paragraphs; an emoji each still fits the API's cap on any string). */
export const REVIEW_TEXT_MAX_LENGTH = 1000;
/** Reviews per page of the product page and Product.reviews' largest page. */
export const REVIEWS_PAGE_SIZE = 5;
export const REVIEWS_MAX_PAGE_SIZE = 50;
/** Days after delivery the e-mail asking for reviews goes (the setting REVIEW_REQUEST_DAYS when not set). */
export const DEFAULT_REVIEW_REQUEST_DAYS = 7;

/** The order states that prove a purchase: the goods reached the customer. */
export const REVIEWABLE_ORDER_STATES = ['DELIVERED', 'PICKED_UP'] as const;

export function isReviewableOrderState(status: string): boolean {
  return (REVIEWABLE_ORDER_STATES as readonly string[]).includes(status);
}

const rating = createRule(
  'rating',
  (value) => {
    const number = typeof value === 'number' ? value : Number(value);
    return Number.isInteger(number) && number >= MIN_RATING && number <= MAX_RATING;
  },
  { cs: 'Vyberte prosím hodnocení od 1 do 5 hvězdiček.', en: 'Please choose a rating from 1 to 5 stars.' },
);

const noControlCharacters = createRule('noControlCharacters', (value) => !hasUnsafeCharacters(String(value)), {
  cs: 'Text obsahuje neplatné znaky. Odstraňte je prosím.',
  en: 'The text contains characters that are not allowed. Please remove them.',
});

/** The review form: the rating, and the optional text (line breaks allowed, bidi and control characters not). */
export const reviewFormSchema = {
  rating: [required, rating],
  text: [multiLine, max(REVIEW_TEXT_MAX_LENGTH), noControlCharacters],
} satisfies FormSchema;

/** "4,3" / "4.3": an average rating with one decimal in the language's notation. */
export function formatRating(average: number, locale: Locale): string {
  const text = (Math.round(average * 10) / 10).toFixed(1);
  return locale === 'cs' ? text.replace('.', ',') : text;
}

export const REVIEW_MESSAGES = {
  verifiedPurchase: { cs: 'Ověřený nákup', en: 'Verified purchase' },
} satisfies Record<string, Messages>;

/** What the page shows as the author: the first name and the surname's initial ("Jiřina Š."). */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
