import { Link } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { href, useLanguage } from '../../language.ts';
import { NewsletterForm } from './NewsletterForm.tsx';
import { ConsentSettingsLink } from '../../features/consent/ConsentBar.tsx';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';

export function Footer() {
  const { t } = useTranslation();
  const language = useLanguage();
  const terms = language === 'cs' ? 'obchodni-podminky' : 'terms-and-conditions';
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter">{t('footer.newsletterTitle')}</h2>
          <p>{t('footer.newsletterText')}</p>
          <NewsletterForm />
        </section>
        <section aria-labelledby="footer-info">
          <h2 id="footer-info">{t('footer.info')}</h2>
          <ul>
            <li>
              <Link to={href('info', language, { id: 1, slug: terms })}>{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to={href('stores', language)}>{t('nav.stores')}</Link>
            </li>
            <li>
              <Link to={href('blog', language)}>{t('nav.blog')}</Link>
            </li>
            <li>
              <Link to={href('complaint', language)}>{t('placeholder.complaint')}</Link>
            </li>
            <li>
              <ConsentSettingsLink />
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow">{t('footer.follow')}</h2>
          <ul className="social-links">
            <li>
              <a href="https://www.facebook.com/" rel="noopener noreferrer">Facebook</a>
            </li>
            <li>
              <a href="https://www.instagram.com/" rel="noopener noreferrer">Instagram</a>
            </li>
            <li>
              <a href="https://www.youtube.com/" rel="noopener noreferrer">YouTube</a>
            </li>
          </ul>
        </section>
      </div>
      {/* the operator as Czech law expects of an e-shop: one name (the invoices'), registered office, IČO */}
      <p className="site-footer__copyright container" data-testid="footer-operator">
        {t('footer.operator', {
          company: SUPPLIER.company,
          address: `${SUPPLIER.street}, ${SUPPLIER.postcode} ${SUPPLIER.city}`,
          ico: SUPPLIER.ico,
          dic: SUPPLIER.dic,
        })}
        <br />
        {/* the legal name ends with its own full stop (s.r.o.): none is added after it */}
        {t('footer.copyright', { year: new Date().getFullYear(), company: SUPPLIER.company })}
        {SUPPLIER.company.endsWith('.') ? ' ' : '. '}
        {t('footer.rights')}
      </p>
    </footer>
  );
}
