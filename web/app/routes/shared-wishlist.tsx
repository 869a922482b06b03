// A wishlist opened through its shared link (/oblibene/sdileny/{token}, /en/wishlist/shared/{token}):
// read only, with the owner's first name only. An unknown or reset token is the page's own 404,
// 'Seznam oblíbených nebyl nalezen' / 'Wishlist not found', telling nothing more. Once read, the token
// is kept in the session and the address becomes /oblibene/sdileny (requirements L3, features/secret-links).
import { keptSecret, useSecretOutOfAddressBar } from '../features/secret-links/link-secret.ts';
import { isRouteErrorResponse, Link } from 'react-router';
import { createI18n, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/shared-wishlist';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { WishlistItems } from '../features/wishlist/WishlistItems.tsx';
import { usePageQuery } from '../apollo/page-query.ts';

const SharedWishlistQuery = graphql(`
  query SharedWishlist($token: String!) {
    sharedWishlist(token: $token) {
      ownerFirstName
      itemCount
      items {
        id
        product {
          ...WishlistProduct
        }
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const client = apolloFor(args);
  const fromLink = args.params.token ?? null;
  // at the address without the token, the one this browser's session kept
  const token = fromLink ?? (await keptSecret(client, 'SHARED_WISHLIST')) ?? '';
  // the shape of a share token (services/wishlist.ts); anything else is not asked about
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) throw notFound(args.request);
  const variables = { token };
  const { data } = await client.query({ query: SharedWishlistQuery, variables, fetchPolicy: 'network-only' });
  if (!data?.sharedWishlist) throw notFound(args.request);
  return {
    language: languageOfRequest(args.request),
    variables,
    ownerFirstName: data.sharedWishlist.ownerFirstName,
    fromLink,
    // without JavaScript the address keeps its token, and so does the language switch
    alternates: fromLink ? alternatesFor('sharedWishlist', { token }) : alternatesFor('sharedWishlistKept'),
  };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

function title(language: 'cs' | 'en', ownerFirstName: string | null | undefined): string {
  const t = createI18n(language).t;
  return ownerFirstName ? t('wishlist.sharedTitle', { name: ownerFirstName }) : t('wishlist.sharedTitleAnonymous');
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(title(loaderData.language, loaderData.ownerFirstName), loaderData.language),
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
        noindex: true,
      })
    : [];

/** An unknown or reset token: the shop's 404 with the wishlist's own words. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className="container page empty-state" data-testid="shared-wishlist-not-found">
      <title>{titleWithShop(t('wishlist.notFound'), language)}</title>
      <h1>{t('wishlist.notFound')}</h1>
      <p>{t('wishlist.notFoundText')}</p>
      <Link className="button button--primary" to={href('home', language)}>
        {t('error.backHome')}
      </Link>
    </div>
  );
}

export default function SharedWishlistPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  useSecretOutOfAddressBar('SHARED_WISHLIST', loaderData.fromLink, href('sharedWishlistKept', language));
  const { data } = usePageQuery(SharedWishlistQuery, { variables: loaderData.variables });
  const wishlist = data?.sharedWishlist;
  if (!wishlist) return null;
  return (
    <div className="container page wishlist-page" data-testid="shared-wishlist">
      <div className="wishlist-page__header">
        <h1>{title(language, wishlist.ownerFirstName)}</h1>
        {wishlist.items.length > 0 && <p>{t('wishlist.count', { count: wishlist.items.length })}</p>}
      </div>
      <p>{t('wishlist.sharedIntro')}</p>
      {wishlist.items.length === 0 ? <p className="empty-state">{t('wishlist.sharedEmpty')}</p> : <WishlistItems items={wishlist.items} />}
    </div>
  );
}
