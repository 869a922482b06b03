// The review form's rules and what the page shows of a review (schema/rules/review.ts, decision 0075).
import { describe, expect, it } from 'vitest';
import { validateForm } from '../../../schema/rules/validators.ts';
import { formatRating, isReviewableOrderState, reviewAuthorName, reviewFormSchema, REVIEW_TEXT_MAX_LENGTH } from '../../../schema/rules/review.ts';
import { ORDER_STATES } from '../../../schema/rules/order-lifecycle.ts';

describe('review rules', () => {
  it('a rating is a whole number of stars from 1 to 5, required', () => {
    for (const rating of [1, 3, 5, '4']) expect(validateForm({ rating, text: '' }, reviewFormSchema, 'cs')).toEqual({});
    for (const rating of [0, 6, 2.5, 'pět', null]) expect(validateForm({ rating, text: '' }, reviewFormSchema, 'cs')).toHaveProperty('rating');
    expect(validateForm({ rating: 9 }, reviewFormSchema, 'en').rating).toBe('Please choose a rating from 1 to 5 stars.');
  });

  it('the text is optional, may span lines, and refuses too many characters, bidi and control characters', () => {
    expect(validateForm({ rating: 4, text: 'První řádek\nDruhý řádek' }, reviewFormSchema, 'cs')).toEqual({});
    expect(validateForm({ rating: 4, text: 'x'.repeat(REVIEW_TEXT_MAX_LENGTH) }, reviewFormSchema, 'cs')).toEqual({});
    expect(validateForm({ rating: 4, text: 'x'.repeat(REVIEW_TEXT_MAX_LENGTH + 1) }, reviewFormSchema, 'cs').text).toBe('Vyplňte prosím maximálně 1000 znaků.');
    expect(validateForm({ rating: 4, text: 'abc\u202Edef' }, reviewFormSchema, 'cs').text).toContain('směr textu');
    expect(validateForm({ rating: 4, text: 'abc\u0000' }, reviewFormSchema, 'en').text).toBe('The text contains characters that are not allowed. Please remove them.');
  });

  it('only delivered or picked-up orders prove a purchase', () => {
    expect(ORDER_STATES.filter(isReviewableOrderState)).toEqual(['DELIVERED', 'PICKED_UP']);
  });

  it('the author shows as the first name and the initial of the surname; the average with one decimal in the language', () => {
    expect(reviewAuthorName(' Jiřina ', 'šťastná')).toBe('Jiřina Š.');
    expect(reviewAuthorName('Jana', '')).toBe('Jana');
    expect(formatRating(4.25, 'cs')).toBe('4,3');
    expect(formatRating(4, 'en')).toBe('4.0');
  });
});
