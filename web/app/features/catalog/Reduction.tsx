// An announced reduction as the law allows it (Consumer Protection Act § 12a, decision 0063): the price
// struck through is the lowest price of the 30 days before the reduction, the badge's percentage is
// computed from it, and the line "Nejnižší cena za posledních 30 dní: …" states it. Without that price
// (`lowestPriceLast30Days` null: no reduction, or no 30 days of history) nothing of a reduction is shown.
import { useTranslation } from '../../i18n/index.ts';
import { discountPercent, formatPercent } from '../../../../schema/rules/index.ts';
import { Money, priceOf, useFormatPrice, type PriceRef } from '../../components/ui/Money.tsx';
import { useLanguage } from '../../language.ts';

type Props = { price: PriceRef; lowest: PriceRef | null | undefined };

/** The lowest price struck through and the line that states it; nothing when no reduction may be shown. */
export function LowestPrice({ price, lowest }: Props) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  if (!lowest || discountPercent(priceOf(lowest).withVat, priceOf(price).withVat) <= 0) return null;
  return (
    <>
      <Money price={lowest} className="price price--original" />
      <span className="price__lowest" data-testid="lowest-price">
        {t('product.lowestPrice30Days', { price: formatPrice(lowest) })}
      </span>
    </>
  );
}

/** The sale badge with its percentage ("Sleva −20 %"), from the lowest price; nothing without a reduction. */
export function DiscountBadge({ price, lowest }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!lowest) return null;
  const percent = discountPercent(priceOf(lowest).withVat, priceOf(price).withVat);
  if (percent <= 0) return null;
  return (
    <span className="badge badge--sale" data-testid="discount-badge">
      {t('product.sale')} {'\u2212'}
      {formatPercent(percent, language)}
    </span>
  );
}
