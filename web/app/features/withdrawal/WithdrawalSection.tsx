// The withdrawal function on an order's page (the account's order detail, the guest's summary; docs/
// decisions/0061): "Odstoupit od smlouvy zde" / "Withdraw from contract here" with the period's last
// day while it is offered, the reason when it is not (the period is over, tickets only …), which ticket
// lines are excluded and why, the model form's link, and the order's withdrawals with their state.
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { href, useLanguage } from '../../language.ts';
import { useFormatMoney } from '../../components/ui/Money.tsx';
import { formatDate, formatDateTime } from '../../../../schema/rules/dates.ts';
import { piecesText } from '../../../../schema/rules/plural.ts';

export const WithdrawalSectionFieldsFragment = graphql(`
  fragment WithdrawalSectionFields on Order {
    databaseId
    currency
    withdrawal {
      available
      periodDays
      lastDay
      unavailableReason
      lines {
        orderLineId
        name
        excludedReason
      }
    }
    withdrawals {
      databaseId
      state
      createdAt
      receivedAt
      refundAmount
      items {
        name
        quantity
      }
    }
  }
`);

/** Where the step 2 sent the shopper back: `?odstoupeni=prijato|ceka` (`?withdrawal=confirmed|pending`). */
export const WITHDRAWAL_NOTICE_PARAM = { cs: 'odstoupeni', en: 'withdrawal' } as const;
export const WITHDRAWAL_NOTICE_VALUES = { cs: { confirmed: 'prijato', pending: 'ceka' }, en: { confirmed: 'confirmed', pending: 'pending' } } as const;

export function WithdrawalSection(props: { order: FragmentType<typeof WithdrawalSectionFieldsFragment>; formPath: string }) {
  const order = getFragmentData(WithdrawalSectionFieldsFragment, props.order);
  const { t } = useTranslation();
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const notice = new URLSearchParams(useLocation().search).get(WITHDRAWAL_NOTICE_PARAM[language]);
  const offer = order.withdrawal;
  const excluded = offer.lines.filter((line) => line.excludedReason);
  return (
    <section className="withdrawal-section" aria-labelledby="withdrawal-heading" data-testid="withdrawal-section">
      <h2 id="withdrawal-heading">{t('withdrawal.heading')}</h2>
      {notice === WITHDRAWAL_NOTICE_VALUES[language].confirmed && (
        <p role="status" className="withdrawal-section__notice" data-testid="withdrawal-notice">
          {t('withdrawal.confirmedNotice')}
        </p>
      )}
      {notice === WITHDRAWAL_NOTICE_VALUES[language].pending && (
        <p role="status" className="withdrawal-section__notice" data-testid="withdrawal-notice">
          {t('withdrawal.pendingNotice')}
        </p>
      )}
      {offer.available && offer.lastDay ? (
        <>
          <p>{t('withdrawal.period', { days: offer.periodDays, date: formatDate(`${offer.lastDay}T12:00:00Z`, language) })}</p>
          <p>
            <Link className="button button--primary" to={props.formPath} reloadDocument data-testid="withdrawal-link">
              {t('withdrawal.link')}
            </Link>
          </p>
        </>
      ) : (
        <p data-testid="withdrawal-unavailable">{offer.unavailableReason}</p>
      )}
      {excluded.length > 0 && offer.available && (
        <div data-testid="withdrawal-excluded">
          <p>{t('withdrawal.excludedLines')}</p>
          <ul>
            {excluded.map((line) => (
              <li key={line.orderLineId}>
                {line.name}: {line.excludedReason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {order.withdrawals.length > 0 && (
        <>
          <h3>{t('withdrawal.history')}</h3>
          <ul data-testid="withdrawal-history">
            {order.withdrawals.map((withdrawal) => (
              <li key={withdrawal.databaseId} data-state={withdrawal.state}>
                {t('withdrawal.historyItem', {
                  date: formatDateTime(withdrawal.receivedAt ?? withdrawal.createdAt, language),
                  items: withdrawal.items.map((item) => `${item.name} (${piecesText(item.quantity, language)})`).join(', '),
                })}
                {' – '}
                {t(`withdrawal.states.${withdrawal.state}`, { amount: formatMoney(withdrawal.refundAmount ?? 0, order.currency) })}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={href('withdrawalModelForm', language)}>{t('withdrawal.modelForm')}</Link>
      </p>
    </section>
  );
}
