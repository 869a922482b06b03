import { graphql } from '~/gql';
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

export type PriceValue = { currency: 'CZK' | 'EUR'; withVat: number; withoutVat: number; vat: number };

export function useFormatMoney() {
  const language = useLanguage();
  return (amountMinor: number, currency: 'CZK' | 'EUR') => formatMoney(amountMinor, currency, language);
}

/** A price with VAT, as shoppers read it. */
export function Money({ price, className }: { price: PriceValue; className?: string }) {
  const format = useFormatMoney();
  return <span className={className}>{format(price.withVat, price.currency)}</span>;
}
