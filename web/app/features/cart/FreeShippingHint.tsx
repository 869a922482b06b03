// What is still missing to free shipping, under the cart's totals: the chosen delivery's limit when it
// has one, else the lowest limit of the shop's deliveries (both the server's, in the cart's currency;
// goods before any discount, as the server counts them).
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { priceOf, useFormatMoney } from '../../components/ui/Money.tsx';

export const FreeShippingFieldsFragment = graphql(`
  fragment FreeShippingFields on CheckoutTotals {
    currency
    freeShippingFrom
    freeShippingRemaining
    products {
      ...PriceFields
    }
  }
`);

type Props = {
  totals: FragmentType<typeof FreeShippingFieldsFragment>;
  /** The free-shipping limits of the shop's delivery methods (null: never free). */
  deliveryLimits: readonly (number | null)[];
};

export function FreeShippingHint({ deliveryLimits, ...props }: Props) {
  const { t } = useTranslation();
  const format = useFormatMoney();
  const totals = getFragmentData(FreeShippingFieldsFragment, props.totals);
  const limits = deliveryLimits.filter((limit) => limit !== null);
  const freeFrom = totals.freeShippingFrom ?? (limits.length > 0 ? Math.min(...limits) : null);
  const remaining = totals.freeShippingFrom !== null ? totals.freeShippingRemaining : freeFrom !== null ? Math.max(0, freeFrom - priceOf(totals.products).withVat) : null;
  if (remaining === null) return null;
  return (
    <p className="free-shipping" data-testid="free-shipping">
      {remaining > 0 ? t('cart.freeShippingLeft', { amount: format(remaining, totals.currency) }) : t('cart.freeShippingReached')}
    </p>
  );
}
