// The order's story on its page (the account's order detail, the guest's summary; decision 0067): an
// ordered list of its moves with their dates in Prague time, the shipment's tracking link, and while the
// order is NEW or PAID the customer's own cancellation, a link to its confirm page (a plain form, so it
// works without JavaScript: decision 0020).
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { useLanguage } from '../../language.ts';
import { formatDateTime } from '../../../../schema/rules/dates.ts';

export const OrderTimelineFieldsFragment = graphql(`
  fragment OrderTimelineFields on Order {
    databaseId
    customerMayCancel
    timeline {
      status
      at
      by
      trackingNumber
      trackingUrl
    }
  }
`);

/** Where the cancel page sent the customer back: `?zruseno=1` (`?cancelled=1`). */
export const CANCEL_NOTICE_PARAM = { cs: 'zruseno', en: 'cancelled' } as const;

export function OrderTimeline(props: { order: FragmentType<typeof OrderTimelineFieldsFragment>; placedAt: string; cancelPath: string }) {
  const order = getFragmentData(OrderTimelineFieldsFragment, props.order);
  const { t } = useTranslation();
  const language = useLanguage();
  const cancelled = new URLSearchParams(useLocation().search).get(CANCEL_NOTICE_PARAM[language]) === '1';
  return (
    <section className="order-timeline" aria-labelledby="order-timeline-heading" data-testid="order-timeline">
      <h2 id="order-timeline-heading">{t('order.timeline.heading')}</h2>
      {cancelled && (
        <p role="status" data-testid="order-cancelled-notice">
          {t('order.timeline.cancelledNotice')}
        </p>
      )}
      <ol>
        <li>
          <time dateTime={props.placedAt}>{formatDateTime(props.placedAt, language)}</time> {t('order.timeline.placed')}
        </li>
        {order.timeline.map((entry) => (
          <li key={`${entry.status}-${String(entry.at)}`} data-status={entry.status}>
            <time dateTime={String(entry.at)}>{formatDateTime(String(entry.at), language)}</time> {t(`order.timeline.to_${entry.status}`)}
            {entry.status === 'CANCELLED' && entry.by === 'customer' && ` (${t('order.timeline.byCustomer')})`}
            {entry.trackingNumber && (
              <>
                {' – '}
                {t('order.timeline.tracking', { number: entry.trackingNumber })}
                {entry.trackingUrl && (
                  <>
                    {' '}
                    <a href={entry.trackingUrl} rel="noopener noreferrer" target="_blank">
                      {t('order.timeline.track')}
                    </a>
                  </>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
      {order.customerMayCancel && (
        <p>
          <Link className="button" to={props.cancelPath} reloadDocument data-testid="order-cancel-link">
            {t('order.cancel.link')}
          </Link>
        </p>
      )}
    </section>
  );
}
