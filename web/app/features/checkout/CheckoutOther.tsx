// The checkout's last section: the order note, the newsletter, the satisfaction questionnaire's opt-out and the terms (linked, opened in a new
// tab) that must be accepted. Their state lives in useCheckout.
import { useTranslation } from '../../i18n/index.ts';
import { infoHref, useLanguage } from '../../language.ts';
import { NOTE_MAX_LENGTH } from '../../../../schema/rules/index.ts';
import type { Checkout } from './useCheckout.ts';

type Props = Pick<
  Checkout,
  | 'note'
  | 'noteError'
  | 'changeNote'
  | 'newsletter'
  | 'setNewsletter'
  | 'surveyOffered'
  | 'surveyOptOut'
  | 'setSurveyOptOut'
  | 'reviewRequestOptOut'
  | 'setReviewRequestOptOut'
  | 'terms'
  | 'changeTerms'
> & { termsError?: string };

export function CheckoutOther(props: Props) {
  const { note, noteError, changeNote, newsletter, setNewsletter, surveyOffered, surveyOptOut, setSurveyOptOut, reviewRequestOptOut, setReviewRequestOptOut, terms, changeTerms, termsError } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <fieldset className="form-section">
      <legend>{t('checkout.other')}</legend>
      <div className={noteError ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor="checkout-note">
          {t('checkout.note')}
        </label>
        <textarea
          id="checkout-note"
          name="note"
          className="field__input"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => changeNote(event.target.value)}
          aria-invalid={!!noteError}
          aria-describedby={noteError ? 'checkout-note-error' : undefined}
        />
        {noteError && (
          <p id="checkout-note-error" className="field__error" role="alert">
            {noteError}
          </p>
        )}
      </div>
      <label className="checkbox">
        <input type="checkbox" name="newsletter" checked={newsletter} onChange={(event) => setNewsletter(event.target.checked)} />
        {t('checkout.newsletter')}
      </label>
      {/* Ověřeno zákazníky: sent on legitimate interest, so an unticked opt-out (docs/marketing.md) */}
      {surveyOffered && (
        <label className="checkbox">
          <input type="checkbox" name="surveyOptOut" checked={surveyOptOut} onChange={(event) => setSurveyOptOut(event.target.checked)} data-testid="survey-opt-out" />
          {t('checkout.surveyOptOut')}
        </label>
      )}
      {/* unticked: one e-mail asking for reviews some days after delivery (decision 0075) */}
      <label className="checkbox">
        <input type="checkbox" name="reviewRequestOptOut" checked={reviewRequestOptOut} onChange={(event) => setReviewRequestOptOut(event.target.checked)} />
        {t('reviews.checkoutOptOut')}
      </label>
      <div className={termsError ? 'checkbox-field field--invalid' : 'checkbox-field'}>
        <label className="checkbox">
          <input
            type="checkbox"
            name="termsAccepted"
            checked={terms}
            onChange={(event) => changeTerms(event.target.checked)}
            aria-invalid={!!termsError}
            aria-describedby={termsError ? 'terms-error' : undefined}
            data-testid="terms"
          />
          <span>
            {t('checkout.termsBefore')}{' '}
            <a href={infoHref('terms', language)} target="_blank" rel="noopener">
              {t('checkout.termsLink')}
            </a>{' '}
            <span className="visually-hidden">({t('checkout.newTab')})</span>
          </span>
        </label>
        {termsError && (
          <p id="terms-error" className="field__error" role="alert">
            {termsError}
          </p>
        )}
      </div>
    </fieldset>
  );
}
