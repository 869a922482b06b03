// The review form's post (features/reviews/ReviewForm.tsx): read bounded, sent to writeReview through
// the request's server-side Apollo client with the shopper's session (and the e-mail link's token, when
// the page has one). What comes back is the form's state: saved, or the messages and what was typed.
import { data } from 'react-router';
import { graphql } from '~/gql';
import { apolloFor } from '../../apollo/load.ts';
import { errorOf } from '../../apollo/errors.ts';
import { readPageForm, STALE_FORM_STATUS, translatorFor, MAX_ID_LENGTH, type ActionArgs } from '../../forms/page-form.server.ts';
import { MAX_RATING, MIN_RATING, REVIEW_TEXT_MAX_LENGTH } from '../../../../schema/rules/review.ts';
import type { ReviewFormState } from './ReviewForm.tsx';

export const WriteReviewMutation = graphql(`
  mutation WriteReview($productId: ID!, $rating: Int!, $text: String, $token: String) {
    writeReview(productId: $productId, rating: $rating, text: $text, token: $token) {
      __typename
      ... on Review {
        id
        rating
        text
        status
      }
      ... on ValidationError {
        fieldErrors {
          field
          message
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

/**
 * Posts the review form; `token` is the e-mail link's (its page's), never the form's own field, and
 * `productId` the page's product where the page is one product's.
 */
export async function submitReviewForm(args: ActionArgs, token: string | null, productId?: string) {
  const form = await readPageForm(args);
  const t = translatorFor(args.request);
  const state: ReviewFormState = {
    productId: productId ?? form.text('productId', MAX_ID_LENGTH),
    rating: form.int('rating', MIN_RATING, MAX_RATING),
    text: form.text('text', REVIEW_TEXT_MAX_LENGTH),
  };
  if (form.staleToken) return data({ review: { ...state, errors: { form: t('noJs.staleForm') } } }, { status: STALE_FORM_STATUS });
  if (state.rating === null) return data({ review: { ...state, errors: { rating: t('reviews.ratingMissing') } } }, { status: 400 });
  const result = await apolloFor(args).mutate({
    mutation: WriteReviewMutation,
    variables: { productId: state.productId, rating: state.rating, text: state.text, token },
  });
  const answer = result.data?.writeReview;
  if (answer?.__typename === 'Review') return data({ review: { ...state, saved: true } });
  if (answer?.__typename === 'ValidationError') {
    const errors: NonNullable<ReviewFormState['errors']> = {};
    for (const error of answer.fieldErrors) if (error.field === 'rating' || error.field === 'text') errors[error.field] = error.message;
    return data({ review: { ...state, errors } }, { status: 400 });
  }
  return data({ review: { ...state, errors: { form: answer ? errorOf(answer).message : t('error.generic') } } }, { status: answer ? 409 : 500 });
}
