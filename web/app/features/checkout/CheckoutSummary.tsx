// The order as the checkout's side shows it: each line with its pieces and price, the vouchers (an
// invalid one with the server's reason) and the totals the server computed.
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { priceOf, useFormatPrice } from '../../components/ui/Money.tsx';
import { CheckoutTotals } from './Totals.tsx';

export const CheckoutSummaryFieldsFragment = graphql(`
  fragment CheckoutSummaryFields on Cart {
    lines {
      id
      quantity
      totalPrice {
        ...PriceFields
      }
      variant {
        id
        size
        product {
          id
          name
        }
      }
    }
    vouchers {
      code
      valid
      message
      discount {
        ...PriceFields
      }
    }
    checkout {
      deliveryMethod {
        id
      }
      paymentMethod {
        id
      }
      totals {
        ...CheckoutTotalsFields
      }
    }
  }
`);

export function CheckoutSummary(props: { cart: FragmentType<typeof CheckoutSummaryFieldsFragment> }) {
  const cart = getFragmentData(CheckoutSummaryFieldsFragment, props.cart);
  const format = useFormatPrice();
  return (
    <>
      <ul className="checkout__lines">
        {cart.lines.map((line) => (
          <li key={line.id}>
            <span>
              {line.quantity}× {line.variant.product.name}
              {line.variant.size ? ` (${line.variant.size})` : ''}
            </span>
            <span>{format(line.totalPrice)}</span>
          </li>
        ))}
      </ul>
      {cart.vouchers.length > 0 && (
        <ul className="checkout__vouchers">
          {cart.vouchers.map((voucher) => (
            <li key={voucher.code} className={voucher.valid ? undefined : 'field__error'}>
              {voucher.code}
              {voucher.valid ? priceOf(voucher.discount).withVat > 0 && ` −${format(voucher.discount)}` : `: ${voucher.message ?? ''}`}
            </li>
          ))}
        </ul>
      )}
      {/* no 'Zdarma' for a delivery or payment not chosen yet */}
      <CheckoutTotals totals={cart.checkout.totals} deliveryPending={!cart.checkout.deliveryMethod} paymentPending={!cart.checkout.paymentMethod} />
    </>
  );
}
