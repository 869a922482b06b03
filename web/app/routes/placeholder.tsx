// The spec's screens that later releases build out (checkout, voucher, account pages ...): each
// exists in both languages with its title, and account pages already send guests to the login.
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/placeholder';
import { ROUTES, matchRoute, type RouteName } from '../../../schema/routes.ts';
import { requireCustomer } from '../apollo/guard.ts';
import { alternatesFor, languageOfRequest } from '../language.ts';
import { Placeholder } from '../components/ui/Placeholder.tsx';
import { pageMeta, titleWithShop } from '../seo.ts';
import { createI18n } from '../i18n/index.ts';

const TITLE_KEYS: Partial<Record<RouteName, string>> = {
  checkout: 'placeholder.checkout',
  voucher: 'placeholder.voucher',
  orderSummary: 'placeholder.orderSummary',
  orderDetail: 'account.orderDetail',
  registration: 'account.registration',
  forgottenPassword: 'account.forgottenPassword',
  changePassword: 'account.changePassword',
  wishlist: 'placeholder.wishlist',
  sharedWishlist: 'placeholder.sharedWishlist',
  complaint: 'placeholder.complaint',
  accountAddresses: 'account.addresses',
  accountOrders: 'account.orders',
  accountInvoiceInfo: 'account.invoiceInfo',
  accountThankYou: 'account.thankYou',
};

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const match = matchRoute(new URL(args.request.url).pathname);
  if (!match) throw new Error('A placeholder route must be in the route table');
  const route = ROUTES[match.name] as { guard?: string };
  if (route.guard === 'customer') await requireCustomer(args);
  const language = languageOfRequest(args.request);
  const title = createI18n(language).t(TITLE_KEYS[match.name] ?? 'shopName', { id: match.params.id ?? '' });
  return { language, title, alternates: alternatesFor(match.name, match.params) };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(loaderData.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function PlaceholderScreen({ loaderData }: Route.ComponentProps) {
  useTranslation();
  return <Placeholder title={loaderData.title} />;
}
