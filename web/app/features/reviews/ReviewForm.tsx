// The review form (issue 44 §3, decision 0075): the stars as a radio group with a legend and a label per
// star, and the optional text. It posts to its page (the order's review page or the e-mail link's page),
// whose action calls writeReview (features/reviews/review-form.server.ts): the same with and without
// JavaScript. The server decides whether the shopper may review; the form only asks.
import { Form } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { FormToken } from '../../forms/FormToken.tsx';
import { REVIEW_RATINGS, REVIEW_TEXT_MAX_LENGTH } from '../../../../schema/rules/review.ts';

export type ReviewFormState = {
  productId: string;
  /** What was typed or stored before (an edit). */
  rating: number | null;
  text: string;
  errors?: { rating?: string; text?: string; form?: string };
  saved?: boolean;
};

export function ReviewForm({ state, token, idPrefix }: { state: ReviewFormState; token?: string; idPrefix: string }) {
  const { t } = useTranslation();
  const errors = state.errors ?? {};
  const ratingError = `${idPrefix}-rating-error`;
  const textError = `${idPrefix}-text-error`;
  return (
    <Form method="post" reloadDocument className="review-form" data-testid="review-form">
      <FormToken />
      <input type="hidden" name="productId" value={state.productId} />
      {token && <input type="hidden" name="token" value={token} />}
      {state.saved && (
        <p role="status" className="review-form__saved" data-testid="review-saved">
          {t('reviews.saved')}
        </p>
      )}
      {errors.form && (
        <p role="alert" className="field__error" data-testid="review-refused">
          {errors.form}
        </p>
      )}
      <fieldset className="review-form__stars" aria-describedby={errors.rating ? ratingError : undefined}>
        <legend>{t('reviews.ratingLegend')}</legend>
        {REVIEW_RATINGS.map((rating) => (
          <label key={rating} className="review-form__star">
            <input type="radio" name="rating" value={rating} defaultChecked={state.rating === rating} required />
            <span aria-hidden="true">{'★'.repeat(rating)}</span>
            <span className="visually-hidden">{t('reviews.stars', { count: rating })}</span>
          </label>
        ))}
        {errors.rating && (
          <p id={ratingError} className="field__error">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${idPrefix}-text`} className="field__label">
          {t('reviews.textLabel')}
        </label>
        <textarea
          id={`${idPrefix}-text`}
          name="text"
          rows={5}
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          defaultValue={state.text}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? textError : undefined}
        />
        {errors.text && (
          <p id={textError} className="field__error">
            {errors.text}
          </p>
        )}
      </div>
      <p className="review-form__note">{t('reviews.checkedBeforePublishing')}</p>
      <button type="submit" className="button button--primary" data-testid="review-submit">
        {t('reviews.submit')}
      </button>
    </Form>
  );
}
