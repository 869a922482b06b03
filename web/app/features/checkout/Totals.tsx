// The checkout's amounts as the server computed them (the client never adds anything up): goods,
// discount, delivery, payment fee, rounding, the total to pay and the VAT recap per rate.
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { priceOf, useFormatMoney } from '../../components/ui/Money.tsx';
import { useLanguage } from '../../language.ts';
import { formatPercent } from '../../../../schema/rules/index.ts';

export const CheckoutTotalsFieldsFragment = graphql(`
  fragment CheckoutTotalsFields on CheckoutTotals {
    currency
    products {
      ...PriceFields
    }
    discount {
      ...PriceFields
    }
    shipping {
      ...PriceFields
    }
    paymentFee {
      ...PriceFields
    }
    total {
      ...PriceFields
    }
    rounding
    totalToPay
    freeShippingFrom
    freeShippingRemaining
    vatRecap {
      ratePercent
      withoutVat
      vat
      withVat
    }
  }
`);

type Props = {
  totals: FragmentType<typeof CheckoutTotalsFieldsFragment>;
  /** Delivery and payment not chosen yet (the cart page): their lines say so instead of a price. */
  chargesPending?: boolean;
  /** The checkout before a delivery (payment) is chosen: its line says so, never 'Zdarma'. */
  deliveryPending?: boolean;
  paymentPending?: boolean;
  /** A cart of match tickets only (Checkout.needsDelivery false): no shipping line at all. */
  withoutDelivery?: boolean;
  /** The chosen delivery and payment (the checkout), named by their lines. */
  deliveryName?: string;
  paymentName?: string;
  /** Where the goods go when that is a place (the chosen store or pick-up point), under the delivery's line. */
  deliveryPlace?: ReactNode;
  /** Shown by the totals' heading, e.g. "Rekapitulace objednávky". */
  id?: string;
};

export function CheckoutTotals({
  chargesPending = false,
  deliveryPending = false,
  paymentPending = false,
  withoutDelivery = false,
  deliveryName,
  paymentName,
  deliveryPlace,
  id,
  ...props
}: Props) {
  const totals = getFragmentData(CheckoutTotalsFieldsFragment, props.totals);
  const [products, discount, shipping, paymentFee, total] = [totals.products, totals.discount, totals.shipping, totals.paymentFee, totals.total].map(priceOf);
  const { t } = useTranslation();
  const format = useFormatMoney();
  const money = (amount: number) => format(amount, totals.currency);
  const charge = (amount: number, pending: boolean) =>
    chargesPending ? t('totals.atCheckout') : pending ? t('totals.notChosen') : amount === 0 ? t('totals.free') : money(amount);
  return (
    <div className="totals" aria-labelledby={id}>
      <dl className="totals__list" data-testid="checkout-totals">
        <div>
          <dt>{t('totals.productsWithoutVat')}</dt>
          <dd>{money(products.withoutVat)}</dd>
        </div>
        <div>
          <dt>{t('totals.productsWithVat')}</dt>
          <dd>{money(products.withVat)}</dd>
        </div>
        {discount.withVat > 0 && (
          <div className="totals__discount">
            <dt>{t('totals.discount')}</dt>
            <dd data-testid="totals-discount">{money(-discount.withVat)}</dd>
          </div>
        )}
        {!withoutDelivery && (
          <div className="totals__charge">
            <dt>
              {t('totals.shipping')}
              {deliveryName && `: ${deliveryName}`}
            </dt>
            <dd data-testid="totals-shipping">{charge(shipping.withVat, deliveryPending)}</dd>
            {deliveryPlace && (
              <dd className="totals__place" data-testid="totals-delivery-place">
                {deliveryPlace}
              </dd>
            )}
          </div>
        )}
        <div>
          <dt>
            {t('totals.paymentFee')}
            {paymentName && `: ${paymentName}`}
          </dt>
          <dd>{charge(paymentFee.withVat, paymentPending)}</dd>
        </div>
        <div>
          <dt>{t('totals.totalWithoutVat')}</dt>
          <dd>{money(total.withoutVat)}</dd>
        </div>
        <div>
          <dt>{t('totals.vat')}</dt>
          <dd>{money(total.vat)}</dd>
        </div>
        {totals.rounding !== 0 && (
          <div>
            <dt>{t('totals.rounding')}</dt>
            <dd>{money(totals.rounding)}</dd>
          </div>
        )}
        <div className="totals__to-pay">
          <dt>{t('totals.totalToPay')}</dt>
          <dd data-testid="totals-to-pay">{money(totals.totalToPay)}</dd>
        </div>
      </dl>
      {totals.vatRecap.length > 0 && <VatRecap rows={totals.vatRecap} currency={totals.currency} />}
    </div>
  );
}

export function VatRecap({ rows, currency }: { rows: { ratePercent: number; withoutVat: number; vat: number; withVat: number }[]; currency: 'CZK' | 'EUR' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormatMoney();
  return (
    <table className="vat-recap">
      <caption>{t('totals.vatRecap')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('totals.vatRate')}</th>
          <th scope="col">{t('totals.base')}</th>
          <th scope="col">{t('totals.vat')}</th>
          <th scope="col">{t('totals.withVat')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.ratePercent}>
            <th scope="row">{formatPercent(row.ratePercent, language)}</th>
            <td>{format(row.withoutVat, currency)}</td>
            <td>{format(row.vat, currency)}</td>
            <td>{format(row.withVat, currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
