import { NavLink } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { href, infoHref, useLanguage } from '../../language.ts';
import { NewsletterForm } from './NewsletterForm.tsx';
import { ConsentSettingsLink } from '../../features/consent/ConsentBar.tsx';
import { SUPPLIER } from '../../../../schema/rules/supplier.ts';

/** A footer link; NavLink marks the page the shopper is on (aria-current="page"). */
function FooterLink({ to, children }: { to: string; children: string }) {
  return (
    <li>
      <NavLink to={to} end>
        {children}
      </NavLink>
    </li>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <footer id="site-footer" className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__newsletter" aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter">{t('footer.newsletterTitle')}</h2>
          <p>{t('footer.newsletterText')}</p>
          <NewsletterForm />
        </section>
        {/* the shop's information pages, each under the title it has (prisma/seed/data/pages.ts) */}
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop">{t('footer.shop')}</h2>
          <ul>
            <FooterLink to={infoHref('shipping', language)}>{t('footer.shipping')}</FooterLink>
            <FooterLink to={infoHref('terms', language)}>{t('footer.terms')}</FooterLink>
            <FooterLink to={infoHref('returns', language)}>{t('footer.returns')}</FooterLink>
            <FooterLink to={href('complaint', language)}>{t('placeholder.complaint')}</FooterLink>
          </ul>
        </nav>
        <nav aria-labelledby="footer-info">
          <h2 id="footer-info">{t('footer.info')}</h2>
          <ul>
            <FooterLink to={infoHref('contact', language)}>{t('footer.contact')}</FooterLink>
            <FooterLink to={href('stores', language)}>{t('nav.stores')}</FooterLink>
            <FooterLink to={href('blog', language)}>{t('nav.blog')}</FooterLink>
            <FooterLink to={infoHref('privacy', language)}>{t('footer.privacy')}</FooterLink>
            <FooterLink to={href('accessibility', language)}>{t('footer.accessibility')}</FooterLink>
            <li>
              <ConsentSettingsLink />
            </li>
          </ul>
        </nav>
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
