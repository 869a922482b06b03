// The customer cancels her own order (decision 0067): /ucet/objednavka/{id}/zruseni for the signed-in
// owner (/en/account/order/{id}/cancel), /objednavka/zruseni/{id}/{hash} from a summary link
// (/en/order/cancel/{id}/{hash}). The order page's "Zrušit objednávku" leads here; this page asks to
// confirm, and its button posts a plain form (it works without JavaScript: decision 0020), which
// cancels the order and goes back to the order's page with a notice. Offered while NEW or PAID only.
import { data, Form, Link, useActionData } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/order-cancel';
import { apolloFor, notFound } from '../apollo/load.ts';
import { errorOf } from '../apollo/errors.ts';
import { alternatesFor, href, languageOfRequest } from '../language.ts';
import { FormToken, formTokenFor } from '../forms/FormToken.tsx';
import { backToPage, readPageForm, STALE_FORM_STATUS, translatorFor } from '../forms/page-form.server.ts';
import { orderPageMeta, OrderNotFoundBoundary } from '../features/orders/order-page.tsx';
import { CANCEL_NOTICE_PARAM } from '../features/orders/OrderTimeline.tsx';
import { useFormatMoney } from '../components/ui/Money.tsx';
import type { Locale } from '../../../schema/rules/locale.ts';

const CancelAccountOrderQuery = graphql(`
  query CancelAccountOrder($databaseId: Int!) {
    accountOrder(databaseId: $databaseId) {
      databaseId
      number
      status
      currency
      totalToPay
      customerMayCancel
    }
  }
`);

const CancelGuestOrderQuery = graphql(`
  query CancelGuestOrder($databaseId: Int!, $hash: String!) {
    order(databaseId: $databaseId, hash: $hash) {
      databaseId
      number
      status
      currency
      totalToPay
      customerMayCancel
    }
  }
`);

const CancelOrderMutation = graphql(`
  mutation CancelOrder($orderId: Int!, $orderHash: String) {
    cancelOrder(orderId: $orderId, orderHash: $orderHash) {
      __typename
      ... on Order {
        databaseId
        status
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

type PageArgs = Route.LoaderArgs | Route.ActionArgs;

/** The order this page is for: the signed-in owner's (no hash in the address) or the summary link's. */
async function orderOf(args: PageArgs) {
  const id = args.params.id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) throw notFound(args.request);
  const databaseId = Number(id);
  const hash = args.params.hash ?? null;
  const client = apolloFor(args);
  if (hash) {
    const { data: answer } = await client.query({ query: CancelGuestOrderQuery, variables: { databaseId, hash }, fetchPolicy: 'network-only' });
    if (!answer?.order) throw notFound(args.request);
    return { order: answer.order, hash };
  }
  const { data: answer } = await client.query({ query: CancelAccountOrderQuery, variables: { databaseId }, fetchPolicy: 'network-only' });
  if (!answer?.accountOrder) throw notFound(args.request);
  return { order: answer.accountOrder, hash: null };
}

function orderPath(language: Locale, databaseId: number, hash: string | null): string {
  return hash ? href('orderSummary', language, { id: databaseId, hash }) : href('orderDetail', language, { id: databaseId });
}

export async function loader(args: Route.LoaderArgs) {
  const language = languageOfRequest(args.request);
  const { order, hash } = await orderOf(args);
  const id = String(order.databaseId);
  const alternates = hash ? alternatesFor('orderCancelGuest', { id, hash }) : alternatesFor('orderCancelAccount', { id });
  return { language, order, alternates, formToken: formTokenFor(args), backTo: orderPath(language, order.databaseId, hash) };
}

export async function action(args: Route.ActionArgs) {
  const form = await readPageForm(args);
  const language = languageOfRequest(args.request);
  const t = translatorFor(args.request);
  if (form.staleToken) return data({ failure: t('noJs.staleForm') }, { status: STALE_FORM_STATUS });
  const { order, hash } = await orderOf(args);
  const answer = (await apolloFor(args).mutate({ mutation: CancelOrderMutation, variables: { orderId: order.databaseId, orderHash: hash } })).data?.cancelOrder;
  if (!answer) return data({ failure: t('error.generic') }, { status: 500 });
  if (answer.__typename !== 'Order') return data({ failure: errorOf(answer).message }, { status: 409 });
  return backToPage(args.request, `${orderPath(language, order.databaseId, hash)}?${CANCEL_NOTICE_PARAM[language]}=1#order-timeline-heading`);
}

export const meta: Route.MetaFunction = (args) => orderPageMeta(args, 'order.cancel.title', args.loaderData?.order.number);

export const ErrorBoundary = OrderNotFoundBoundary;

export default function OrderCancelPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const posted = useActionData<typeof action>() ?? null;
  const { order, backTo } = loaderData;
  return (
    <div className="container page" data-testid="order-cancel-page">
      <h1>{t('order.cancel.title', { number: order.number })}</h1>
      {order.customerMayCancel ? (
        <>
          <p>{t('order.cancel.question', { number: order.number, amount: formatMoney(order.totalToPay, order.currency) })}</p>
          {order.status === 'PAID' && <p>{t('order.cancel.refund')}</p>}
          <p>{t('order.cancel.goods')}</p>
          {posted?.failure && (
            <p className="field__error" role="alert" data-testid="order-cancel-refused">
              {posted.failure}
            </p>
          )}
          <Form method="post" reloadDocument>
            <FormToken />
            <button type="submit" className="button button--primary button--large" data-testid="order-cancel-submit">
              {t('order.cancel.confirm')}
            </button>
          </Form>
        </>
      ) : (
        <p role="alert" data-testid="order-cancel-refused">
          {t('order.cancel.notCancellable')}
        </p>
      )}
      <p>
        <Link to={backTo}>
          {t('order.cancel.back')}
        </Link>
      </p>
    </div>
  );
}
