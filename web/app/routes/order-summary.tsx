// Order summary (/objednavka/shrnuti/{id}/{hash}, /en/order/summary/{id}/{hash}): reachable without
// login through the order's secret hash. A wrong hash answers like a missing order: a 404 page that
// says only "Objednávka nebyla nalezena" / "Order not found". Once read, the hash is kept in the session
// and the address becomes /objednavka/shrnuti/{id} (requirements L3), which shows the order to this
// browser only (features/secret-links).
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
import { WithdrawalSection } from '../features/withdrawal/WithdrawalSection.tsx';
import { OrderTimeline } from '../features/orders/OrderTimeline.tsx';
import { keptSecret, useSecretOutOfAddressBar } from '../features/secret-links/link-secret.ts';

const OrderSummaryQuery = graphql(`
  query OrderSummary($databaseId: Int!, $hash: String!) {
    order(databaseId: $databaseId, hash: $hash) {
      ...OrderDetailsFields
      number
      invoiceUrl
      invoiceIsdocUrl
      creditNotes {
        number
        issuedAt
        reason
        total {
          withVat
        }
        url
        isdocUrl
      }
      ...WithdrawalSectionFields
      ...OrderTimelineFields
      createdAt
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const language = languageOfRequest(args.request);
  const id = args.params.id ?? '';
  const databaseId = Number(id);
  if (!/^[1-9]\d{0,9}$/.test(id) || databaseId > 2_147_483_647) throw notFound(args.request);
  const client = apolloFor(args);
  // at the address without the hash, the one this browser's session kept
  const fromLink = args.params.hash ?? null;
  const hash = fromLink ?? (await keptSecret(client, 'ORDER_SUMMARY', id));
  if (!hash) throw notFound(args.request);
  const variables = { databaseId, hash };
  const { data } = await client.query({ query: OrderSummaryQuery, variables, fetchPolicy: 'network-only' });
  if (!data?.order) throw notFound(args.request);
  return {
    language,
    variables,
    fromLink,
    number: data.order.number,
    // without JavaScript the address keeps its hash, and so does the language switch
    alternates: fromLink ? alternatesFor('orderSummary', { id, hash }) : alternatesFor('orderSummaryKept', { id }),
  };
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
  const language = useLanguage();
  const { databaseId } = loaderData.variables;
  useSecretOutOfAddressBar('ORDER_SUMMARY', loaderData.fromLink, href('orderSummaryKept', language, { id: databaseId }), String(databaseId));
  const { data } = usePageQuery(OrderSummaryQuery, { variables: loaderData.variables });
  return data?.order ? <OrderSummary order={data.order} hash={loaderData.variables.hash} databaseId={databaseId} /> : null;
}

function OrderSummary({ order, hash, databaseId }: { order: NonNullable<OrderSummaryData['order']>; hash: string; databaseId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <OrderDetails order={order} heading={t('order.thanks')} invoiceUrl={order.invoiceUrl} invoiceIsdocUrl={order.invoiceIsdocUrl} creditNotes={order.creditNotes}>
      {/* a guest returns goods only from here: the link's secret goes along in the history state, not in the address */}
      <p>
        <Link to={href('complaint', language)} state={{ returnOrder: { number: order.number, hash, databaseId } }} data-testid="order-return-link">
          {t('order.returnGoods')}
        </Link>
      </p>
      <OrderTimeline order={order} placedAt={String(order.createdAt)} cancelPath={href('orderCancelGuest', language, { id: databaseId, hash })} />
      <WithdrawalSection order={order} formPath={href('withdrawalGuest', language, { id: databaseId, hash })} />
    </OrderDetails>
  );
}
