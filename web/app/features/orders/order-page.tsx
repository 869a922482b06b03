// What the pages of one order share (the account's order detail, the cancellation and the withdrawal
// pages): their meta, a title with the order's number that is never indexed, and their error
// boundary, where a missing order, someone else's and a wrong secret link all get the same
// "Order not found" page (the 404 their loaders throw); any other error goes on to the root's boundary.
import { isRouteErrorResponse } from 'react-router';
import { createI18n } from '../../i18n/index.ts';
import type { Alternates, Language } from '../../language.ts';
import { pageMeta, titleWithShop } from '../../seo.ts';
import { OrderNotFound } from './OrderDetails.tsx';

type OrderPageData = { language: Language; alternates: Alternates };

/** The meta of an order's page: `titleKey` translated with the order's `number`, noindex; none without the page's data. */
export function orderPageMeta(
  { loaderData, matches }: { loaderData: OrderPageData | undefined; matches: Parameters<typeof pageMeta>[0]['matches'] },
  titleKey: string,
  number: string | undefined,
) {
  return loaderData
    ? pageMeta({
        title: titleWithShop(createI18n(loaderData.language).t(titleKey, { number }), loaderData.language),
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
        noindex: true,
      })
    : [];
}

/** The error boundary of an order's page: its 404 as "Order not found", anything else rethrown. */
export function OrderNotFoundBoundary({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return <OrderNotFound />;
}
