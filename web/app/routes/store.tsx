import { getFragmentData, graphql } from '~/gql';
import type { Route } from './+types/store';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, languageOfRequest } from '../language.ts';
import { pageMeta, summary, titleWithShop } from '../seo.ts';
import { useTranslation } from '../i18n/index.ts';
import { OpeningHours, StoreAddress, StoreFieldsFragment, weekOf } from '../features/stores/StoreCard.tsx';
import { StoreMap } from '../features/stores/StoreMap.tsx';
import { DirectionsLink, OpeningStatus, SpecialDays } from '../features/stores/StoreStatus.tsx';
import { RichText } from '../components/ui/RichText.tsx';
import { usePageQuery } from '../apollo/page-query.ts';

const StoreQuery = graphql(`
  query StorePage($databaseId: Int!) {
    store(databaseId: $databaseId) {
      ...StoreFields
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(args.request);
  const variables = { databaseId: id };
  const { data } = await apolloFor(args).query({ query: StoreQuery, variables });
  const store = getFragmentData(StoreFieldsFragment, data?.store);
  if (!store) throw notFound(args.request);
  return {
    language: languageOfRequest(args.request),
    variables,
    title: store.name,
    description: summary(store.description),
    alternates: alternatesFor('store', { id }),
  };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(loaderData.title, loaderData.language), description: loaderData.description, alternates: loaderData.alternates, language: loaderData.language, matches })
    : [];

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { data } = usePageQuery(StoreQuery, { variables: loaderData.variables });
  const store = getFragmentData(StoreFieldsFragment, data?.store);
  if (!store) return null;
  return (
    <div className="container page store-page">
      <h1>{store.name}</h1>
      <OpeningStatus status={store.openingStatus} week={weekOf(store.openingHours)} days={store.specialDays} />
      <div className="store-page__grid">
        <div>
          <StoreAddress store={store} />
          <DirectionsLink store={store} />
          <RichText text={store.description} />
        </div>
        <div>
          <OpeningHours hours={store.openingHours} />
          <SpecialDays days={store.specialDays} />
        </div>
      </div>
      <StoreMap stores={[store]} label={t('stores.mapOf', { name: store.name })} />
    </div>
  );
}
