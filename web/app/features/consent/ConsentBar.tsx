// The cookie consent bar: on the first visit (rendered by the server, so nothing moves when the page
// hydrates) and again from the footer link. Accept all and reject all are equally prominent; the
// settings choose per category. Sticky at the bottom of the page, after the footer: it covers no
// content for good and the page stays readable and scrollable on a phone.
// The bar is a form: without JavaScript its buttons post to /souhlas-s-cookies
// (consent-action.server.ts), which saves the choice and comes back to this page; with JavaScript
// each button saves in place (its click prevents the post).
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link, useLocation } from 'react-router';
import { ALL_GRANTED, CONSENT_SETTINGS_PARAM, NONE_GRANTED, type ConsentChoice } from '../../../../schema/rules/consent.ts';
import { href, infoHref, useLanguage } from '../../language.ts';
import { FormToken } from '../../forms/FormToken.tsx';
import { useConsent } from './ConsentProvider.tsx';

const OPTIONAL = ['analytical', 'marketing', 'advertising'] as const;

export function ConsentBar() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { consent, settingsOpen, save, closeSettings } = useConsent();
  const location = useLocation();
  // "Nastavení" without JavaScript comes back with the categories open
  const settingsAsked = new URLSearchParams(location.search).has(CONSENT_SETTINGS_PARAM);
  const [details, setDetails] = useState(settingsAsked);
  const [asked, setAsked] = useState(settingsAsked);
  const [choice, setChoice] = useState<ConsentChoice>(consent ?? NONE_GRANTED);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const visible = consent === null || settingsOpen || asked;

  useEffect(() => {
    if (!settingsOpen) return;
    // reopened from the footer: the saved choice, the categories shown, focus on the bar
    setChoice(consent ?? NONE_GRANTED);
    setDetails(true);
    titleRef.current?.focus();
  }, [settingsOpen, consent]);

  useEffect(() => {
    if (!settingsOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeSettings();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [settingsOpen, closeSettings]);

  if (!visible) return null;
  /** With JavaScript a button saves in place instead of posting the form. */
  const inPlace = (action: () => void) => (event: MouseEvent) => {
    event.preventDefault();
    action();
  };
  const saveInPlace = (granted: ConsentChoice) =>
    inPlace(() => {
      setAsked(false);
      void save(granted);
    });
  return (
    <section className="consent-bar" aria-labelledby={`${id}-title`} data-testid="consent-bar">
      <form className="consent-bar__inner container" method="post" action={href('cookieConsent', language)}>
        <FormToken />
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <h2 id={`${id}-title`} className="consent-bar__title" tabIndex={-1} ref={titleRef}>
          {t('consent.title')}
        </h2>
        <p className="consent-bar__text">
          {t('consent.text')} <Link to={infoHref('privacy', language)}>{t('consent.more')}</Link>
        </p>
        {details ? (
          <fieldset className="consent-bar__categories">
            <legend className="visually-hidden">{t('consent.categories')}</legend>
            <label className="consent-bar__category">
              <input type="checkbox" checked disabled aria-describedby={`${id}-technical`} />
              <span>
                <strong>{t('consent.technical')}</strong>
                <span id={`${id}-technical`} className="consent-bar__hint">
                  {t('consent.technicalText')}
                </span>
              </span>
            </label>
            {OPTIONAL.map((category) => (
              <label key={category} className="consent-bar__category">
                <input
                  type="checkbox"
                  name={category}
                  checked={choice[category]}
                  aria-describedby={`${id}-${category}`}
                  onChange={(event) => setChoice((current) => ({ ...current, [category]: event.target.checked }))}
                />
                <span>
                  <strong>{t(`consent.${category}`)}</strong>
                  <span id={`${id}-${category}`} className="consent-bar__hint">
                    {t(`consent.${category}Text`)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="consent-bar__actions">
          <button type="submit" name="intent" value="rejectAll" className="button button--primary" onClick={saveInPlace(NONE_GRANTED)}>
            {t('consent.rejectAll')}
          </button>
          <button type="submit" name="intent" value="acceptAll" className="button button--primary" onClick={saveInPlace(ALL_GRANTED)}>
            {t('consent.acceptAll')}
          </button>
          {details ? (
            <button type="submit" name="intent" value="saveChoice" className="button" onClick={saveInPlace(choice)}>
              {t('consent.saveChoice')}
            </button>
          ) : (
            <button type="submit" name="intent" value="settings" className="button" aria-expanded={false} onClick={inPlace(() => setDetails(true))}>
              {t('consent.settings')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

/** The footer's link that opens the bar again. */
export function ConsentSettingsLink() {
  const { t } = useTranslation();
  const { openSettings } = useConsent();
  return (
    <button type="button" className="link-button" onClick={openSettings}>
      {t('consent.footerLink')}
    </button>
  );
}
