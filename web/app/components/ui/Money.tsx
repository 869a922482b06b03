import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { formatMoney } from '../../../../schema/rules/index.ts';
import { useLanguage } from '../../language.ts';

/** Every price the shop shows is selected through this fragment. */
export const PriceFieldsFragment = graphql(`
  fragment PriceFields on Price {
    currency
    withVat
    withoutVat
    vat
  }
`);

export type PriceRef = FragmentType<typeof PriceFieldsFragment>;

/** A price's amounts, for the few places that compute with them (the rest show it with Money). */
export const priceOf = (price: PriceRef) => getFragmentData(PriceFieldsFragment, price);

export function useFormatMoney() {
  const language = useLanguage();
  return (amountMinor: number, currency: 'CZK' | 'EUR') => formatMoney(amountMinor, currency, language);
}

/** A price with VAT, as shoppers read it: `format(price)` where it goes into a text. */
export function useFormatPrice() {
  const format = useFormatMoney();
  return (price: PriceRef) => {
    const { withVat, currency } = priceOf(price);
    return format(withVat, currency);
  };
}

/** A discount as it is taken off: its price with VAT, negative ("−200,00 Kč", formatMoney's minus sign). */
export function useFormatDiscount() {
  const format = useFormatMoney();
  return (price: PriceRef) => {
    const { withVat, currency } = priceOf(price);
    return format(-withVat, currency);
  };
}

/** A price with VAT, as shoppers read it. */
export function Money({ price, className }: { price: PriceRef; className?: string }) {
  const format = useFormatPrice();
  return <span className={className}>{format(price)}</span>;
}
