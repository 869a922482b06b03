import { SUPPLIER } from '../../../../schema/rules/supplier.ts';
import { useEffect, useState } from 'react';
import { Form, Link, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import { href, languageSwitchUrl, useLanguage, type Alternates } from '../../language.ts';
import { priceOf, useFormatMoney, useFormatPrice } from '../ui/Money.tsx';
import { useNotify } from '../ui/Toasts.tsx';
import { forgetSignedInShopper, isCustomerOnlyPath } from '../../features/identity/sign-out.ts';
import { usePageQuery } from '../../apollo/page-query.ts';
import { usePersonal } from '../../features/personal/personal-query.ts';
import { hintOf, writeHintCookie } from '../../features/personal/personal-hint.ts';

/**
 * The layout's data (the root loader asks for it on every page): the menu. It is the same for every
 * shopper; her cart, wishlist and login come from the personal query after hydration (0043).
 */
export const LayoutQuery = graphql(`
  query Layout {
    categories {
      id
      name
      slug
      children {
        id
        name
        slug
      }
    }
  }
`);

const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

type SwitchesProps = { className?: string; otherPath: string; currency: 'CZK' | 'EUR'; here: string };

/** Language and currency: in the header bar on wide screens, in the menu on phones. */
function Switches({ className, otherPath, currency, here }: SwitchesProps) {
  const { t } = useTranslation();
  const other = useLanguage() === 'cs' ? 'en' : 'cs';
  const nextCurrency = currency === 'CZK' ? 'EUR' : 'CZK';
  return (
    <span className={className}>
      <a className="language-switch" href={languageSwitchUrl(other, otherPath)} hrefLang={other} lang={other}>
        {other.toUpperCase()}
        <span className="visually-hidden"> – {t('nav.switchTo')}</span>
      </a>
      <a className="language-switch" href={`/currency/${nextCurrency}?to=${encodeURIComponent(here)}`}>
        {nextCurrency === 'EUR' ? '€' : 'Kč'}
        <span className="visually-hidden"> – {t('nav.currency', { currency: nextCurrency })}</span>
      </a>
    </span>
  );
}

export function Header({ alternates }: { alternates: Alternates | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const format = useFormatMoney();
  const formatPrice = useFormatPrice();
  const { notify } = useNotify();
  const [menuOpen, setMenuOpen] = useState(false);
  const { data } = usePageQuery(LayoutQuery);
  const currency = useRouteLoaderData<{ currency: 'CZK' | 'EUR' }>('root')?.currency ?? 'CZK';
  const here = location.pathname + location.search;
  const navigate = useNavigate();
  // the server's answer (signed out) is written into the cache at once: no identity, no cart
  const [logout] = useMutation(LogoutMutation, { update: (cache, result) => void (result.data?.logout && forgetSignedInShopper(cache)) });
  // the shopper's own part: unknown in the server render and until the personal query answers; the
  // placeholders meanwhile show the hint the inline script read before paint (personal-hint.ts)
  const personal = usePersonal();
  const known = personal !== undefined;
  const cart = personal?.cart;
  useEffect(() => {
    if (personal) writeHintCookie(hintOf({ cart: personal.cart ? { itemCount: personal.cart.itemCount + personal.cart.tickets.length, goodsToPay: priceOf(personal.cart.goodsToPay) } : null, wishlist: personal.wishlist, me: personal.me }));
  }, [personal]);
  const other = language === 'cs' ? 'en' : 'cs';
  const otherPath = alternates?.[other] ?? href('home', other);
  const searchQuery = new URLSearchParams(location.search).get('q') ?? '';
  // goods and match tickets (a seat is one piece)
  const itemCount = (cart?.itemCount ?? 0) + (cart?.tickets.length ?? 0);
  const items = t('cart.items', { count: itemCount });
  // what the shopper will pay for the goods: the vouchers' discount taken off
  const total = cart ? formatPrice(cart.goodsToPay) : format(0, currency);
  const signedIn = personal?.me ? 'signed-in' : 'signed-out';
  /** Before it is known, both are rendered and the hint on <html> shows one (styles.css). */
  const showsWhen = (state: 'signed-in' | 'signed-out') => (known ? state === signedIn : true);
  const pendingClass = (state: 'signed-in' | 'signed-out') => (known ? undefined : `personal-when-${state}`);

  const onLogout = async () => {
    try {
      await logout();
      // an account page is no place for a signed-out shopper: home, where the notice is shown
      const leaving = isCustomerOnlyPath(location.pathname);
      notify('success', t('account.logoutSuccess'), { nextPage: leaving });
      if (leaving) await navigate(href('home', language));
    } catch {
      notify('error', t('account.logoutError'));
    }
  };

  return (
    <header className="site-header">
      <a className="skip-link" href="#content">
        {t('nav.skipToContent')}
      </a>
      <div className="site-header__bar container">
        <button
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          <span className="visually-hidden">{menuOpen ? t('nav.closeMenu') : t('nav.menu')}</span>
        </button>
        <Link to={href('home', language)} className="logo" aria-label={SUPPLIER.shopName}>
          <span className="logo__mark" aria-hidden="true">
            ◆
          </span>
          <span className="logo__text">{SUPPLIER.shopName}</span>
        </Link>
        <Form method="get" action={href('search', language)} className="search-form" role="search">
          <label htmlFor="site-search" className="visually-hidden">
            {t('search.label')}
          </label>
          <input
            id="site-search"
            name="q"
            type="search"
            defaultValue={searchQuery}
            placeholder={t('search.placeholder')}
            maxLength={100}
            autoComplete="off"
          />
          <button type="submit">{t('search.submit')}</button>
        </Form>
        <nav className="site-header__tools" aria-label={t('nav.account')}>
          <Switches className="site-header__switches" otherPath={otherPath} currency={currency} here={here} />
          {showsWhen('signed-in') ? (
            <>
              <Link to={href('account', language)} className={pendingClass('signed-in')}>
                {t('nav.account')}
              </Link>
              <button type="button" className={['link-button', pendingClass('signed-in')].filter(Boolean).join(' ')} onClick={onLogout}>
                {t('nav.logout')}
              </button>
            </>
          ) : null}
          {showsWhen('signed-out') ? (
            <Link to={`${href('login', language)}?next=${encodeURIComponent(here)}`} className={pendingClass('signed-out')}>
              {t('nav.login')}
            </Link>
          ) : null}
          <Link
            to={href('wishlist', language)}
            className="wishlist-link"
            data-testid="header-wishlist"
            aria-label={known ? t('wishlist.headerLabel', { count: personal?.wishlist?.itemCount ?? 0 }) : t('wishlist.headerLabelPending')}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" strokeWidth="2" strokeLinejoin="round">
              <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.8 3.8 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.4 0 5.6 3.3 4.4 6.7-1.7 4.7-9.2 9.3-9.2 9.3z" />
            </svg>
            <span className="wishlist-link__count" data-testid="header-wishlist-count">
              {known ? (personal?.wishlist?.itemCount ?? 0) : null}
            </span>
          </Link>
          {/* the name is the visible total with words around it (axe: label-content-name-mismatch); the bare count is decoration */}
          <Link to={href('cart', language)} className="cart-link" data-testid="header-cart">
            <span className="visually-hidden">{known ? t('cart.headerLabelStart', { items }) : t('cart.headerLabelPending')}</span>
            <svg className="cart-link__icon" aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <circle cx="9" cy="20" r="1.5" />
              <circle cx="18" cy="20" r="1.5" />
              <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6" />
            </svg>
            <span className="cart-link__count" data-testid="header-cart-count" aria-hidden="true">
              {known ? itemCount : null}
            </span>
            <span className="cart-link__total" data-testid="header-cart-total" aria-hidden={known ? undefined : true}>
              {known ? total : null}
            </span>
          </Link>
        </nav>
      </div>
      <nav id="main-nav" className={`main-nav${menuOpen ? ' main-nav--open' : ''}`} aria-label={t('nav.categories')}>
        <ul className="container main-nav__list">
          {data?.categories.map((category) => (
            <li key={category.id}>
              <Link to={href('category', language, { slug: category.slug })} onClick={() => setMenuOpen(false)}>
                {category.name}
              </Link>
            </li>
          ))}
          <li>
            <Link to={href('events', language)} onClick={() => setMenuOpen(false)}>
              {t('nav.tickets')}
            </Link>
          </li>
          <li>
            <Link to={href('blog', language)} onClick={() => setMenuOpen(false)}>
              {t('nav.blog')}
            </Link>
          </li>
          <li>
            <Link to={href('stores', language)} onClick={() => setMenuOpen(false)}>
              {t('nav.stores')}
            </Link>
          </li>
          <li className="main-nav__mobile-only">
            {showsWhen('signed-in') ? (
              <Link to={href('account', language)} className={pendingClass('signed-in')} onClick={() => setMenuOpen(false)}>
                {t('nav.account')}
              </Link>
            ) : null}
            {showsWhen('signed-out') ? (
              <Link to={`${href('login', language)}?next=${encodeURIComponent(here)}`} className={pendingClass('signed-out')} onClick={() => setMenuOpen(false)}>
                {t('nav.login')}
              </Link>
            ) : null}
          </li>
          <li className="main-nav__switches main-nav__mobile-only">
            <Switches otherPath={otherPath} currency={currency} here={here} />
          </li>
        </ul>
      </nav>
    </header>
  );
}
