// Thank-you page after an account action (/ucet/dekujeme?after=…, /en/account/thankyou?after=…).
// The text and buttons follow the action that led here: after registration the spec's two buttons
// (set up the account / go back); after saving invoice details, an address or a password, the way on.
import { Link, useSearchParams } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/account-thank-you';
import { requireCustomer } from '../apollo/guard.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { safeLocalPath } from '../../../schema/routes.ts';
import { AccountLayout } from '../features/account/AccountLayout.tsx';

/** The actions that lead here (the `after` parameter); anything else gets the plain thank-you. */
export const THANK_YOU_AFTER = ['registration', 'invoiceSaved', 'addressSaved', 'passwordChanged'] as const;
export type ThankYouAfter = (typeof THANK_YOU_AFTER)[number];

function afterOf(value: string | null): ThankYouAfter | null {
  return (THANK_YOU_AFTER as readonly string[]).includes(value ?? '') ? (value as ThankYouAfter) : null;
}

type ThankYouKey = keyof (typeof resources)['cs']['common']['myAccount']['thankYou'];
type RouteTarget = 'account' | 'accountAddresses';

/** Per action: its heading and text, and where the main button leads (the second one goes back to the shop). */
const SCREENS: Record<ThankYouAfter | 'generic', { title: ThankYouKey; text: ThankYouKey; next: RouteTarget; nextLabel: ThankYouKey }> = {
  registration: { title: 'registrationTitle', text: 'registrationText', next: 'account', nextLabel: 'setUpAccount' },
  invoiceSaved: { title: 'invoiceSavedTitle', text: 'invoiceSavedText', next: 'accountAddresses', nextLabel: 'toAddresses' },
  addressSaved: { title: 'addressSavedTitle', text: 'addressSavedText', next: 'accountAddresses', nextLabel: 'toAddresses' },
  passwordChanged: { title: 'passwordChangedTitle', text: 'passwordChangedText', next: 'account', nextLabel: 'toAccount' },
  generic: { title: 'title', text: 'text', next: 'account', nextLabel: 'toAccount' },
};

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await requireCustomer(args);
  const language = languageOfRequest(args.request);
  const after = afterOf(new URL(args.request.url).searchParams.get('after'));
  const title = resources[language].common.myAccount.thankYou[SCREENS[after ?? 'generic'].title];
  return { language, title, alternates: alternatesFor('accountThankYou') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta({ title: titleWithShop(loaderData.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true }) : [];

export default function AccountThankYou() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const after = afterOf(params.get('after')) ?? 'generic';
  const screen = SCREENS[after];
  // "go back": where the shopper was before (when the previous page passed it on), else the home page
  const back = safeLocalPath(params.get('next'), href('home', language));
  return (
    <AccountLayout current="accountThankYou">
      <div data-testid={`thank-you-${after}`}>
        <h1>{t(`myAccount.thankYou.${screen.title}`)}</h1>
        <p>{t(`myAccount.thankYou.${screen.text}`)}</p>
        <p className="account-actions">
          <Link className="button button--primary" to={href(screen.next, language)}>
            {t(`myAccount.thankYou.${screen.nextLabel}`)}
          </Link>
          <Link className="button button--secondary" to={back}>
            {t('myAccount.thankYou.goBack')}
          </Link>
        </p>
      </div>
    </AccountLayout>
  );
}
