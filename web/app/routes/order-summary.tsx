// Order summary (/objednavka/shrnuti/{id}/{hash}, /en/order/summary/{id}/{hash}): reachable without
// login through the order's secret hash. A wrong hash answers like a missing order: a 404 page that
// says only "Objednávka nebyla nalezena" / "Order not found".
import { isRouteErrorResponse, Link } from 'react-router';
import { createI18n, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { OrderSummaryQuery as OrderSummaryData } from '~/gql/graphql';
import type { Route } from './+types/order-summary';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { OrderDetails, OrderNotFound } from '../features/orders/OrderDetails.tsx';
import { usePageQuery } from '../apollo/page-query.ts';

const OrderSummaryQuery = graphql(`
  query OrderSummary($databaseId: Int!, $hash: String!) {
    order(databaseId: $databaseId, hash: $hash) {
      ...OrderDetailsFields
      number
      invoiceUrl
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const language = languageOfRequest(args.request);
  const params = { id: args.params.id ?? '', hash: args.params.hash ?? '' };
  const databaseId = Number(params.id);
  if (!/^[1-9]\d{0,9}$/.test(params.id) || databaseId > 2_147_483_647) throw notFound(args.request);
  const variables = { databaseId, hash: params.hash };
  const { data } = await apolloFor(args).query({ query: OrderSummaryQuery, variables, fetchPolicy: 'network-only' });
  if (!data?.order) throw notFound(args.request);
  return { language, variables, number: data.order.number, alternates: alternatesFor('orderSummary', params, params) };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(createI18n(loaderData.language).t('order.title', { number: loaderData.number }), loaderData.language),
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
        noindex: true,
      })
    : [];

/** A wrong id or hash: the shop's 404 page with the order's own words, and nothing about the order. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return <OrderNotFound />;
}

export default function OrderSummaryPage({ loaderData }: Route.ComponentProps) {
  const { data } = usePageQuery(OrderSummaryQuery, { variables: loaderData.variables });
  return data?.order ? <OrderSummary order={data.order} hash={loaderData.variables.hash} /> : null;
}

function OrderSummary({ order, hash }: { order: NonNullable<OrderSummaryData['order']>; hash: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <OrderDetails order={order} heading={t('order.thanks')} invoiceUrl={order.invoiceUrl}>
      {/* a guest returns goods only from here: the link's secret goes along in the history state, not in the address */}
      <p>
        <Link to={href('complaint', language)} state={{ returnOrder: { number: order.number, hash } }} data-testid="order-return-link">
          {t('order.returnGoods')}
        </Link>
      </p>
    </OrderDetails>
  );
}
