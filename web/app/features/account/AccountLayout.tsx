// The frame of every account page: the account's sections as a menu (links only to pages that exist
// in the route table, so the privacy and password pages appear as soon as they are added) and the page.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { ROUTES, type RouteName } from '../../../../schema/routes.ts';
import { href, useLanguage } from '../../language.ts';

export type AccountSection = { route: string; label: string; text: string };

/** The account's sections in menu order; labels and texts are keys of myAccount.*. */
const SECTIONS: AccountSection[] = [
  { route: 'account', label: 'myAccount.home', text: 'myAccount.intro' },
  { route: 'accountOrders', label: 'myAccount.orders', text: 'myAccount.ordersText' },
  { route: 'accountAddresses', label: 'myAccount.addresses', text: 'myAccount.addressesText' },
  { route: 'accountInvoiceInfo', label: 'myAccount.invoiceInfo', text: 'myAccount.invoiceInfoText' },
  { route: 'accountPassword', label: 'myAccount.password', text: 'myAccount.passwordText' },
  { route: 'accountPrivacy', label: 'myAccount.privacy', text: 'myAccount.privacyText' },
];

/** The sections whose routes exist, with their paths in the page's language. */
export function useAccountSections(): (AccountSection & { path: string; name: RouteName })[] {
  const language = useLanguage();
  return SECTIONS.filter((section) => section.route in ROUTES).map((section) => ({
    ...section,
    name: section.route as RouteName,
    path: href(section.route as RouteName, language),
  }));
}

export function AccountLayout({ current, children }: { current: string; children: ReactNode }) {
  const { t } = useTranslation();
  const sections = useAccountSections();
  return (
    <div className="container page account">
      <nav className="account-nav" aria-label={t('myAccount.nav')}>
        <ul>
          {sections.map((section) => (
            <li key={section.route}>
              <Link to={section.path} aria-current={section.route === current ? 'page' : undefined}>
                {t(section.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account__main">{children}</div>
    </div>
  );
}
