import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/search';
import { apolloFor } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { ProductListing } from '../features/catalog/ProductListing.tsx';
import { listingVariables, parseListing } from '../features/catalog/listing-params.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { searchPhrase } from '../../../schema/rules/index.ts';
import { usePageQuery } from '../apollo/page-query.ts';

const SearchPageQuery = graphql(`
  query SearchPage($first: Int!, $offset: Int, $filter: ProductFilter, $sort: ProductSort) {
    products(first: $first, offset: $offset, filter: $filter, sort: $sort) {
      ...ProductListFields
      totalCount
      searchCorrections {
        typed
        meant
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const url = new URL(args.request.url);
  const query = searchPhrase(url.searchParams.get('q'));
  const state = parseListing(url.searchParams);
  const base = listingVariables(state);
  const variables = { ...base, filter: { ...base.filter, search: query || null } };
  await apolloFor(args).query({ query: SearchPageQuery, variables });
  return { language: languageOfRequest(args.request), variables, state, query, alternates: alternatesFor('search') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const texts = resources[loaderData.language].common.search;
  const title = loaderData.query ? texts.titleFor.replace('{{query}}', loaderData.query) : texts.title;
  // not indexed (results change with the catalog), but a shared link still gets a description
  return pageMeta({ title: titleWithShop(title, loaderData.language), description: texts.description, alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true });
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = usePageQuery(SearchPageQuery, { variables: loaderData.variables });
  if (!data) return null;
  const { query, state } = loaderData;
  // With filters set, the listing itself says nothing matches and offers to clear them.
  const filtered = state.inStock || state.priceFrom !== null || state.priceTo !== null;
  const nothingAtAll = !!query && data.products.totalCount === 0 && !filtered;
  // words the catalog does not know were searched with their known spellings too: say so
  const corrected = data.products.searchCorrections.flatMap((correction) => correction.meant);
  return (
    <div className="container page">
      <h1>{query ? t('search.titleFor', { query }) : t('search.title')}</h1>
      {corrected.length > 0 && data.products.totalCount > 0 && (
        <p className="search__corrections" data-testid="search-corrections">
          {t('search.alsoSearched', { words: corrected.join(', ') })}
        </p>
      )}
      {nothingAtAll ? (
        <div className="empty-state">
          <p>{t('search.empty', { query })}</p>
          <Link className="button" to={href('home', language)}>
            {t('cart.continueShopping')}
          </Link>
        </div>
      ) : (
        <ProductListing list={data.products} state={loaderData.state} basePath={href('search', language)} keep={query ? { q: query } : {}} />
      )}
    </div>
  );
}
