// Order detail in the account (/ucet/objednavka/{id}, /en/account/order/{id}; id = the order's
// databaseId): the order summary's details with the owner's invoice download. A guest, another
// customer and a missing id all get the same 'Order not found' page with HTTP 404.
import { Link } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/account-order';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { OrderDetails } from '../features/orders/OrderDetails.tsx';
import { orderPageMeta, OrderNotFoundBoundary } from '../features/orders/order-page.tsx';
import { AccountLayout } from '../features/account/AccountLayout.tsx';
import { usePageQuery } from '../apollo/page-query.ts';
import { WithdrawalSection } from '../features/withdrawal/WithdrawalSection.tsx';
import { OrderTimeline } from '../features/orders/OrderTimeline.tsx';

const AccountOrderQuery = graphql(`
  query AccountOrder($databaseId: Int!) {
    accountOrder(databaseId: $databaseId) {
      ...OrderDetailsFields
      number
      accountInvoiceUrl
      accountInvoiceIsdocUrl
      creditNotes {
        number
        issuedAt
        reason
        total {
          withVat
        }
        url: accountUrl
        isdocUrl: accountIsdocUrl
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
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) throw notFound(args.request);
  const variables = { databaseId: Number(id) };
  const { data } = await apolloFor(args).query({ query: AccountOrderQuery, variables, fetchPolicy: 'network-only' });
  if (!data?.accountOrder) throw notFound(args.request);
  return { language, variables, number: data.accountOrder.number, alternates: alternatesFor('orderDetail', { id }) };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = (args) => orderPageMeta(args, 'myAccount.orderDetail.title', args.loaderData?.number);

/** Not hers, or no such order: the same 404 page, nothing about the order. */
export const ErrorBoundary = OrderNotFoundBoundary;

export default function AccountOrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = usePageQuery(AccountOrderQuery, { variables: loaderData.variables });
  const order = data?.accountOrder;
  if (!order) return null;
  return (
    <AccountLayout current="accountOrders">
      <OrderDetails order={order} heading={t('myAccount.orderDetail.title', { number: order.number })} invoiceUrl={order.accountInvoiceUrl} invoiceIsdocUrl={order.accountInvoiceIsdocUrl} creditNotes={order.creditNotes} className="order-summary" reviewLinks>
        <OrderTimeline order={order} placedAt={String(order.createdAt)} cancelPath={href('orderCancelAccount', language, { id: loaderData.variables.databaseId })} />
        <WithdrawalSection order={order} formPath={href('withdrawalAccount', language, { id: loaderData.variables.databaseId })} />
        <p>
          <Link to={href('accountOrders', language)}>{t('myAccount.orderDetail.backToOrders')}</Link>
        </p>
      </OrderDetails>
    </AccountLayout>
  );
}
