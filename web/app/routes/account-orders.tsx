// Order list (/ucet/objednavky, /en/account/orders): the customer's orders, newest first, with
// number, date (Prague time), status and total, 10 to a page (?page=2); each links to its detail.
import { Link, redirect } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/account-orders';
import { apolloFor } from '../apollo/load.ts';
import { requireCustomer } from '../apollo/guard.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { useFormatMoney } from '../components/ui/Money.tsx';
import { AccountLayout } from '../features/account/AccountLayout.tsx';
import { formatDate } from '../../../schema/rules/index.ts';
import { usePageQuery } from '../apollo/page-query.ts';

export const ORDERS_PAGE_SIZE = 10;

const OrdersQuery = graphql(`
  query AccountOrders($first: Int!, $offset: Int!) {
    me {
      id
      orders(first: $first, offset: $offset) {
        totalCount
        offset
        edges {
          node {
            id
            databaseId
            number
            createdAt
            status
            currency
            totalToPay
          }
        }
      }
    }
  }
`);

/** ?page=N (1 when missing or not a sensible number). */
function pageOf(request: Request): number {
  const value = new URL(request.url).searchParams.get('page') ?? '1';
  return /^[1-9]\d{0,4}$/.test(value) ? Number(value) : 1;
}

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await requireCustomer(args);
  const language = languageOfRequest(args.request);
  const page = pageOf(args.request);
  const variables = { first: ORDERS_PAGE_SIZE, offset: (page - 1) * ORDERS_PAGE_SIZE };
  const { data } = await apolloFor(args).query({ query: OrdersQuery, variables, fetchPolicy: 'network-only' });
  // a page past the end (e.g. an old link) goes to the first page
  if (page > 1 && data?.me && data.me.orders.edges.length === 0) throw redirect(href('accountOrders', language));
  return { language, page, variables, alternates: alternatesFor('accountOrders') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.myAccount.orders, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormatMoney();
  const { data } = usePageQuery(OrdersQuery, { variables: loaderData.variables });
  const orders = data?.me?.orders;
  const pages = orders ? Math.max(1, Math.ceil(orders.totalCount / ORDERS_PAGE_SIZE)) : 1;
  const listPath = href('accountOrders', language);
  const pagePath = (page: number) => (page === 1 ? listPath : `${listPath}?page=${page}`);
  return (
    <AccountLayout current="accountOrders">
      <h1>{t('myAccount.orders')}</h1>
      {!orders && <p aria-busy="true">{t('myAccount.loading')}</p>}
      {orders && orders.totalCount === 0 && (
        <div className="empty-state" data-testid="orders-empty">
          <p>
            <strong>{t('myAccount.orderList.empty')}</strong>
          </p>
          <p>{t('myAccount.orderList.emptyHint')}</p>
          <Link className="button button--primary" to={href('home', language)}>
            {t('myAccount.orderList.shopNow')}
          </Link>
        </div>
      )}
      {orders && orders.totalCount > 0 && (
        <>
          <p className="muted">
            {t('myAccount.orderList.range', { from: orders.offset + 1, to: orders.offset + orders.edges.length, total: orders.totalCount })}
          </p>
          <table className="order-list" data-testid="order-list">
            <thead>
              <tr>
                <th scope="col">{t('myAccount.orderList.number')}</th>
                <th scope="col">{t('myAccount.orderList.date')}</th>
                <th scope="col">{t('myAccount.orderList.status')}</th>
                <th scope="col" className="order-list__total">
                  {t('myAccount.orderList.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.edges.map(({ node: order }) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={href('orderDetail', language, { id: order.databaseId })} aria-label={t('myAccount.orderList.detail', { number: order.number })}>
                      {order.number}
                    </Link>
                  </th>
                  <td>{formatDate(order.createdAt, language)}</td>
                  <td>{t(`order.statuses.${order.status}`)}</td>
                  <td className="order-list__total">{format(order.totalToPay, order.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 && (
            <nav aria-label={t('myAccount.orderList.pages')}>
              <ul className="pagination">
                {loaderData.page > 1 && (
                  <li>
                    <Link to={pagePath(loaderData.page - 1)} rel="prev">
                      {t('myAccount.orderList.previous')}
                    </Link>
                  </li>
                )}
                {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
                  <li key={page}>
                    {page === loaderData.page ? (
                      <span aria-current="page">{page}</span>
                    ) : (
                      <Link to={pagePath(page)} aria-label={t('myAccount.orderList.page', { page })}>
                        {page}
                      </Link>
                    )}
                  </li>
                ))}
                {loaderData.page < pages && (
                  <li>
                    <Link to={pagePath(loaderData.page + 1)} rel="next">
                      {t('myAccount.orderList.next')}
                    </Link>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </>
      )}
    </AccountLayout>
  );
}
