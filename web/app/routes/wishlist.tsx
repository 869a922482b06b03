// The shopper's wishlist (/oblibene, /en/wishlist): guests and customers alike. Products with price,
// availability and add-to-cart; sharing ('Kopírovat odkaz' puts the shared link on the clipboard, with
// a toast) and a reset that makes the old link 'wishlist not found'. A heart switched off here leaves
// the product in the list until the next visit, so it can be switched back on.
import { useRef } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { createI18n, useTranslation } from '../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { Route } from './+types/wishlist';
import { apolloFor } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { useNotify } from '../components/ui/Toasts.tsx';
import { WishlistItems } from '../features/wishlist/WishlistItems.tsx';
import { usePageQuery } from '../apollo/page-query.ts';
import { errorOf } from '../apollo/errors.ts';

const WishlistPageQuery = graphql(`
  query WishlistPage {
    wishlist {
      ...WishlistSummary
      shareToken
      items {
        id
        product {
          ...WishlistProduct
        }
      }
    }
  }
`);

const ResetWishlistShareLinkMutation = graphql(`
  mutation ResetWishlistShareLink {
    resetWishlistShareLink {
      __typename
      ... on Wishlist {
        id
        shareToken
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  // always the server's list: hearts given on other pages add products the cache has not seen here
  await apolloFor(args).query({ query: WishlistPageQuery, fetchPolicy: 'network-only' });
  return { language: languageOfRequest(args.request), alternates: alternatesFor('wishlist') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(createI18n(loaderData.language).t('wishlist.title'), loaderData.language),
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
        noindex: true,
      })
    : [];

function ShareBox({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { toast, notify } = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const publicUrl = useRouteLoaderData<{ publicUrl?: string }>('root')?.publicUrl ?? '';
  const base = typeof window === 'undefined' ? publicUrl : window.location.origin;
  const url = base + href('sharedWishlist', language, { token });
  const [reset, { loading }] = useMutation(ResetWishlistShareLinkMutation);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast('success', t('wishlist.linkCopied'));
    } catch {
      input.current?.select();
      notify('error', t('wishlist.copyFailed'));
    }
  };
  const onReset = async () => {
    try {
      const result = await reset();
      const outcome = result.data?.resetWishlistShareLink;
      if (outcome?.__typename === 'Wishlist') notify('success', t('wishlist.resetDone'));
      else notify('error', outcome ? errorOf(outcome).message : t('wishlist.resetFailed'));
    } catch {
      notify('error', t('wishlist.resetFailed'));
    }
  };

  return (
    <section className="wishlist-share" aria-labelledby="wishlist-share-title">
      <h2 id="wishlist-share-title">{t('wishlist.share')}</h2>
      <p>{t('wishlist.shareHint')}</p>
      <div className="wishlist-share__row">
        <label htmlFor="wishlist-share-link" className="visually-hidden">
          {t('wishlist.shareLink')}
        </label>
        <input id="wishlist-share-link" ref={input} type="text" readOnly value={url} data-testid="wishlist-share-link" onFocus={(event) => event.target.select()} />
        <button type="button" className="button button--primary" onClick={onCopy} data-testid="wishlist-copy-link">
          {t('wishlist.copyLink')}
        </button>
        <button type="button" className="button" onClick={onReset} disabled={loading} data-testid="wishlist-reset-link">
          {t('wishlist.reset')}
        </button>
      </div>
    </section>
  );
}

export default function WishlistPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data, loading } = usePageQuery(WishlistPageQuery);
  const wishlist = data?.wishlist;
  if (!data && loading) return <p className="container page">{t('wishlist.loading')}</p>;
  return (
    <div className="container page wishlist-page">
      <div className="wishlist-page__header">
        <h1>{t('wishlist.title')}</h1>
        {wishlist && wishlist.items.length > 0 && <p>{t('wishlist.count', { count: wishlist.items.length })}</p>}
      </div>
      {!wishlist || wishlist.items.length === 0 ? (
        <div className="empty-state" data-testid="wishlist-empty">
          <p>
            <strong>{t('wishlist.empty')}</strong>
          </p>
          <p>{t('wishlist.emptyHint')}</p>
          <Link className="button button--primary" to={href('home', language)}>
            {t('wishlist.browse')}
          </Link>
        </div>
      ) : (
        <>
          <WishlistItems items={wishlist.items} />
          <ShareBox token={wishlist.shareToken} />
        </>
      )}
    </div>
  );
}
