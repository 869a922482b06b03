// The order as the checkout's side shows it: each line with its pieces and price, the vouchers (an
// invalid one with the server's reason), the chosen delivery (with its store or pick-up point) and
// payment, and the totals the server computed.
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { priceOf, useFormatDiscount, useFormatPrice } from '../../components/ui/Money.tsx';
import { CheckoutTotals } from './Totals.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { useLanguage } from '../../language.ts';
import { variantText } from '../../../../schema/rules/index.ts';
import { HoldCountdown, ticketLinesOf } from '../tickets/TicketLines.tsx';

export const CheckoutSummaryFieldsFragment = graphql(`
  fragment CheckoutSummaryFields on Cart {
    ...TicketLinesFields
    lines {
      id
      quantity
      totalPrice {
        ...PriceFields
      }
      variant {
        id
        size
        colour {
          code
          name
        }
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
      needsDelivery
      deliveryMethod {
        id
        name
      }
      paymentMethod {
        id
        name
      }
      store {
        id
        name
        street
        postcode
        city
      }
      pickupPoint {
        id
        name
        street
        postcode
        city
      }
      totals {
        ...CheckoutTotalsFields
      }
    }
  }
`);

/** ' (modrá, velikost L)': the colour and size that tell two lines of one product apart, as the cart names them. */
function variantDetails(variant: { size: string | null; colour: { name: string } | null }, language: 'cs' | 'en'): string {
  const details = variantText({ colour: variant.colour?.name, size: variant.size }, language);
  return details ? ` (${details})` : '';
}

export function CheckoutSummary(props: { cart: FragmentType<typeof CheckoutSummaryFieldsFragment> }) {
  const cart = getFragmentData(CheckoutSummaryFieldsFragment, props.cart);
  const format = useFormatPrice();
  const formatDiscount = useFormatDiscount();
  const { t } = useTranslation();
  const language = useLanguage();
  const tickets = ticketLinesOf(cart);
  const { deliveryMethod, paymentMethod } = cart.checkout;
  // where the goods go: the chosen store or pick-up point (the server keeps only the one the delivery uses)
  const place = cart.checkout.pickupPoint ?? cart.checkout.store;
  return (
    <>
      <ul className="checkout__lines">
        {cart.lines.map((line) => (
          <li key={line.id}>
            <span>
              {line.quantity}× {line.variant.product.name}
              {variantDetails(line.variant, language)}
            </span>
            <span>{format(line.totalPrice)}</span>
          </li>
        ))}
        {tickets.map((ticket) => (
          <li key={ticket.id} className="checkout__ticket" data-testid="checkout-ticket">
            <span>
              {ticket.event.name}: {t('tickets.seatShort', { section: ticket.section, row: ticket.row, number: ticket.number })}
              <br />
              <HoldCountdown until={ticket.heldUntil} />
            </span>
            <span>{format(ticket.price)}</span>
          </li>
        ))}
      </ul>
      {cart.vouchers.length > 0 && (
        <ul className="checkout__vouchers">
          {cart.vouchers.map((voucher) => (
            <li key={voucher.code} className={voucher.valid ? undefined : 'field__error'}>
              {voucher.code}
              {voucher.valid ? priceOf(voucher.discount).withVat > 0 && ` ${formatDiscount(voucher.discount)}` : `: ${voucher.message ?? ''}`}
            </li>
          ))}
        </ul>
      )}
      {/* no 'Zdarma' for a delivery or payment not chosen yet */}
      <CheckoutTotals
        totals={cart.checkout.totals}
        deliveryPending={!deliveryMethod}
        withoutDelivery={!cart.checkout.needsDelivery}
        paymentPending={!paymentMethod}
        deliveryName={deliveryMethod?.name}
        paymentName={paymentMethod?.name}
        deliveryPlace={
          deliveryMethod && place ? (
            <>
              {place.name}, {place.street}, {place.postcode} {place.city}
            </>
          ) : null
        }
      />
    </>
  );
}
