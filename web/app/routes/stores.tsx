import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { getFragmentData, graphql } from '~/gql';
import type { Route } from './+types/stores';
import { apolloFor } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop, withShopName } from '../seo.ts';
import { StoreAddress, StoreFieldsFragment, weekOf } from '../features/stores/StoreCard.tsx';
import { StoreMap } from '../features/stores/StoreMap.tsx';
import { DirectionsLink, OpeningStatus } from '../features/stores/StoreStatus.tsx';
import { usePageQuery } from '../apollo/page-query.ts';

const StoresQuery = graphql(`
  query Stores {
    stores {
      ...StoreFields
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await apolloFor(args).query({ query: StoresQuery });
  return { language: languageOfRequest(args.request), alternates: alternatesFor('stores') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(resources[loaderData.language].common.stores.title, loaderData.language),
        description: withShopName(resources[loaderData.language].common.stores.description),
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
      })
    : [];

export default function Stores() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = usePageQuery(StoresQuery);
  if (!data) return null;
  const stores = getFragmentData(StoreFieldsFragment, data.stores);
  return (
    <div className="container page">
      <h1>{t('stores.title')}</h1>
      <StoreMap stores={stores} label={t('stores.mapLabel')} />
      <ul className="store-list">
        {stores.map((store) => (
          <li key={store.id} className="store-card">
            <h2>
              <Link to={href('store', language, { id: store.databaseId })}>{store.name}</Link>
            </h2>
            <OpeningStatus status={store.openingStatus} week={weekOf(store.openingHours)} days={store.specialDays} />
            <StoreAddress store={store} />
            <DirectionsLink store={store} />
          </li>
        ))}
      </ul>
    </div>
  );
}
