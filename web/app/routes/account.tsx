// Account home (/ucet, /en/account): a greeting and a card for every part of the account — orders,
// delivery addresses, invoice details, password, personal data. Guests go to the login first.
import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/account';
import { requireCustomer } from '../apollo/guard.ts';
import { alternatesFor, languageOfRequest, useLanguage } from '../language.ts';
import { czechVocative } from '../../../schema/rules/vocative.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { AccountLayout, useAccountSections } from '../features/account/AccountLayout.tsx';

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const me = await requireCustomer(args);
  return { language: languageOfRequest(args.request), firstName: me.firstName, alternates: alternatesFor('account') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.myAccount.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function AccountHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const sections = useAccountSections().filter((section) => section.route !== 'account');
  return (
    <AccountLayout current="account">
      <h1>{t('myAccount.title')}</h1>
      <p>
        {/* Czech greets in the vocative: 'Dobrý den, Terezo.' */}
        {t('myAccount.hello', { name: language === 'cs' ? czechVocative(loaderData.firstName) : loaderData.firstName })} {t('myAccount.intro')}
      </p>
      <ul className="account-cards">
        {sections.map((section) => (
          <li key={section.route} className="account-card">
            <Link to={section.path} data-testid={`account-link-${section.route}`}>
              <strong>{t(section.label)}</strong>
              <span>{t(section.text)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AccountLayout>
  );
}
