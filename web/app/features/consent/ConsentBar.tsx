// The cookie consent bar: on the first visit (rendered by the server, so nothing moves when the page
// hydrates) and again from the footer link. Accept all and reject all are equally prominent; the
// settings choose per category. Sticky at the bottom of the page, after the footer: it covers no
// content for good and the page stays readable and scrollable on a phone.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link } from 'react-router';
import { ALL_GRANTED, NONE_GRANTED, type ConsentChoice } from '../../../../schema/rules/consent.ts';
import { href, useLanguage } from '../../language.ts';
import { useConsent } from './ConsentProvider.tsx';

const OPTIONAL = ['analytical', 'marketing', 'advertising'] as const;

export function ConsentBar() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { consent, settingsOpen, save, closeSettings } = useConsent();
  const [details, setDetails] = useState(false);
  const [choice, setChoice] = useState<ConsentChoice>(consent ?? NONE_GRANTED);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const visible = consent === null || settingsOpen;

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
  const terms = language === 'cs' ? 'obchodni-podminky' : 'terms-and-conditions';
  return (
    <section className="consent-bar" aria-labelledby={`${id}-title`} data-testid="consent-bar">
      <div className="consent-bar__inner container">
        <h2 id={`${id}-title`} className="consent-bar__title" tabIndex={-1} ref={titleRef}>
          {t('consent.title')}
        </h2>
        <p className="consent-bar__text">
          {t('consent.text')} <Link to={href('info', language, { id: 1, slug: terms })}>{t('consent.more')}</Link>
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
          <button type="button" className="button button--primary" onClick={() => void save(NONE_GRANTED)}>
            {t('consent.rejectAll')}
          </button>
          <button type="button" className="button button--primary" onClick={() => void save(ALL_GRANTED)}>
            {t('consent.acceptAll')}
          </button>
          {details ? (
            <button type="button" className="button" onClick={() => void save(choice)}>
              {t('consent.saveChoice')}
            </button>
          ) : (
            <button type="button" className="button" aria-expanded={false} onClick={() => setDetails(true)}>
              {t('consent.settings')}
            </button>
          )}
        </div>
      </div>
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
