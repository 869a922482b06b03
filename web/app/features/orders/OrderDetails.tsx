// An order's details, shared by the order summary after checkout (/objednavka/shrnuti/{id}/{hash})
// and the customer's order detail in her account (/ucet/objednavka/{id}): one fragment, one layout,
// and one "Order not found" page for a wrong or foreign order (HTTP 404, nothing about the order).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { href, useLanguage } from '../../language.ts';
import { priceOf, useFormatMoney } from '../../components/ui/Money.tsx';
import { VatRecap } from '../checkout/Totals.tsx';
import { titleWithShop } from '../../seo.ts';
import { OrderTickets } from '../tickets/OrderTickets.tsx';
import { formatPercent, formatPhone, isTicketLine, variantText } from '../../../../schema/rules/index.ts';

/** An address as the order shows it (invoice or delivery). */
export const PostalAddressFieldsFragment = graphql(`
  fragment PostalAddressFields on PostalAddress {
    firstName
    lastName
    email
    phone
    street
    city
    postcode
    country
    company
    ico
    dic
  }
`);

export const OrderDetailsFieldsFragment = graphql(`
  fragment OrderDetailsFields on Order {
    id
    number
    createdAt
    status
    currency
    email
    phone
    note
    delivery {
      code
      name
      price {
        ...PriceFields
      }
    }
    payment {
      code
      name
      price {
        ...PriceFields
      }
    }
    store {
      id
      name
      street
      city
      postcode
    }
    invoiceAddress {
      ...PostalAddressFields
    }
    deliveryAddress {
      ...PostalAddressFields
    }
    lines {
      id
      name
      reviewProductSlug
      productCode
      variantCode
      size
      colour
      quantity
      vatRate
      unitPrice {
        ...PriceFields
      }
      totalPrice {
        ...PriceFields
      }
    }
    products {
      ...PriceFields
    }
    discount {
      ...PriceFields
    }
    total {
      ...PriceFields
    }
    rounding
    totalToPay
    vatRecap {
      ratePercent
      withoutVat
      vat
      withVat
    }
    paymentWay
    vouchers
    accountNumber
    iban
    variableSymbol
    paymentDueAt
    paidOn
    qrPayment
    qrSvg
    ...OrderTicketsFields
  }
`);

/** The 404 page of an order that does not exist or is not the visitor's: the same words either way. */
export function OrderNotFound() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="container page empty-state">
      <title>{titleWithShop(t('order.notFound'), language)}</title>
      <h1>{t('order.notFound')}</h1>
      <p>{t('order.notFoundText')}</p>
      <Link className="button button--primary" to={href('home', language)}>
        {t('error.backHome')}
      </Link>
    </div>
  );
}

function AddressBlock(props: { address: FragmentType<typeof PostalAddressFieldsFragment> }) {
  const address = getFragmentData(PostalAddressFieldsFragment, props.address);
  const { t } = useTranslation();
  return (
    <address>
      {address.company && (
        <>
          {address.company}
          <br />
          {/* a pick-up point's name stands in the company line, without IČO and DIČ: no empty line */}
          {(address.ico || address.dic) && (
            <>
              {address.ico && `${t('address.ico')}: ${address.ico}`}
              {address.dic && ` · ${t('address.dic')}: ${address.dic}`}
              <br />
            </>
          )}
        </>
      )}
      {address.firstName} {address.lastName}
      <br />
      {address.street}
      <br />
      {address.postcode} {address.city}
      <br />
      {t(`address.countries.${address.country}`, { defaultValue: address.country })}
      {address.email && (
        <>
          <br />
          {address.email}
        </>
      )}
      {address.phone && (
        <>
          <br />
          {formatPhone(address.phone)}
        </>
      )}
    </address>
  );
}

/**
 * A figure's caption in its cell, seen where the table's head is hidden (a phone: the row stacks). Screen
 * readers take the column's header instead, which stays in the table, so they skip the caption.
 */
function Caption({ children }: { children: string }) {
  return (
    <span className="cart-table__label" aria-hidden="true">
      {children}
    </span>
  );
}

/** A credit note (opravný daňový doklad) to the order's invoice, as the order's page lists it. */
export type OrderCreditNote = { number: string; issuedAt: string; reason: 'WITHDRAWAL' | 'COMPLAINT' | 'CANCELLATION'; total: { withVat: number }; url: string; isdocUrl: string };

const REASON_KEYS = {
  WITHDRAWAL: 'order.creditNoteReason_WITHDRAWAL',
  COMPLAINT: 'order.creditNoteReason_COMPLAINT',
  CANCELLATION: 'order.creditNoteReason_CANCELLATION',
} as const;

type Props = {
  order: FragmentType<typeof OrderDetailsFieldsFragment>;
  heading: string;
  /** The invoice PDF: the summary's secret link, or the owner's account route. */
  invoiceUrl: string;
  /** The same invoice as ISDOC XML, for the customer's accounting program. */
  invoiceIsdocUrl: string;
  /** The order's credit notes, each with its PDF (the summary's secret link, or the owner's account route); oldest first. */
  creditNotes?: OrderCreditNote[];
  /** Shown under the heading (e.g. a link back to the order list). */
  children?: ReactNode;
  /** The page frame: the summary is a page of its own; in the account it sits inside the account's frame. */
  className?: string;
  /** The signed-in owner's detail: each delivered line links to its review form (decision 0075). */
  reviewLinks?: boolean;
};

/** An order as the shopper sees it: facts, delivery and payment, addresses, lines, totals, payment details and invoice. */
export function OrderDetails({ heading, invoiceUrl, invoiceIsdocUrl, creditNotes = [], children, className = 'container page order-summary', reviewLinks = false, ...props }: Props) {
  const order = getFragmentData(OrderDetailsFieldsFragment, props.order);
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormatMoney();
  const money = (amount: number) => format(amount, order.currency);
  const created = new Intl.DateTimeFormat(language === 'cs' ? 'cs-CZ' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Prague' }).format(new Date(order.createdAt));
  const dueDate = new Intl.DateTimeFormat(language === 'cs' ? 'cs-CZ' : 'en-US', { dateStyle: 'long', timeZone: 'Europe/Prague' });
  const charge = (amount: number) => (amount === 0 ? t('totals.free') : money(amount));
  const [products, discount, total] = [order.products, order.discount, order.total].map(priceOf);
  const [deliveryPrice, paymentPrice] = [order.delivery.price, order.payment.price].map((price) => priceOf(price).withVat);
  // once the payment is recorded, nothing asks for it any more: no bank details, QR code or "pay on delivery"
  const paidOn = order.paidOn ? dueDate.format(new Date(`${order.paidOn}T12:00:00Z`)) : null;
  const bankTransfer = order.paymentWay === 'BANK_TRANSFER' && !paidOn;
  // an order of match tickets only has nothing delivered: its delivery has no name
  const delivered = order.delivery.name !== '';
  return (
    <div className={className}>
      <h1>{heading}</h1>
      {children}
      <dl className="order-summary__facts">
        <div>
          <dt>{t('order.number')}</dt>
          <dd data-testid="order-number">{order.number}</dd>
        </div>
        <div>
          <dt>{t('order.date')}</dt>
          <dd>{created}</dd>
        </div>
        <div>
          <dt>{t('order.status')}</dt>
          <dd>{t(`order.statuses.${order.status}`)}</dd>
        </div>
      </dl>

      <div className="order-summary__grid">
        <section aria-labelledby={delivered ? 'order-delivery' : 'order-payment-method'}>
          {delivered && (
            <>
              <h2 id="order-delivery">{t('checkout.delivery')}</h2>
              <p>
                {order.delivery.name} ({charge(priceOf(order.delivery.price).withVat)})
              </p>
            </>
          )}
          {order.store && (
            <p data-testid="order-store">
              {order.store.name}
              <br />
              {order.store.street}, {order.store.postcode} {order.store.city}
            </p>
          )}
          <h2 id="order-payment-method">{t('checkout.payment')}</h2>
          <p>
            {order.payment.name} ({charge(priceOf(order.payment.price).withVat)})
          </p>
        </section>
        <section aria-labelledby="order-invoice-address">
          <h2 id="order-invoice-address">{t('checkout.invoiceAddress')}</h2>
          <AddressBlock address={order.invoiceAddress} />
        </section>
        {order.deliveryAddress && (
          <section aria-labelledby="order-delivery-address">
            <h2 id="order-delivery-address">{t('checkout.deliveryAddress')}</h2>
            <AddressBlock address={order.deliveryAddress} />
          </section>
        )}
      </div>
      {order.note && (
        <section aria-labelledby="order-note">
          <h2 id="order-note">{t('checkout.note')}</h2>
          <p className="order-summary__note">{order.note}</p>
        </section>
      )}

      {/* the tickets' QR codes in a section of their own, apart from the payment's QR code (issue 40) */}
      <OrderTickets order={order} />

      <table className="cart-table order-lines">
        <caption>{t('order.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('cart.product')}</th>
            <th scope="col">{t('cart.quantity')}</th>
            <th scope="col">{t('cart.unitPrice')}</th>
            <th scope="col">{t('totals.vatRate')}</th>
            <th scope="col">{t('cart.total')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.name}
                {/* a seat's line says its section, row and seat; its code is the shop's own seat index */}
                {!isTicketLine(line) && (
                  <span className="muted">
                    {' '}
                    · {variantText(line, language)} {line.variantCode}
                  </span>
                )}
                {reviewLinks && line.reviewProductSlug && (
                  <>
                    {' '}
                    <Link to={href('reviewWrite', language, { slug: line.reviewProductSlug })} className="order-lines__review" data-testid="order-line-review">
                      {t('reviews.rateThis')}
                      <span className="visually-hidden"> {line.name}</span>
                    </Link>
                  </>
                )}
              </td>
              <td>
                <Caption>{t('cart.quantity')}</Caption>
                {line.quantity}
              </td>
              <td>
                <Caption>{t('cart.unitPrice')}</Caption>
                {money(priceOf(line.unitPrice).withVat)}
              </td>
              <td>
                <Caption>{t('totals.vatRate')}</Caption>
                {formatPercent(line.vatRate, language)}
              </td>
              <td>
                <Caption>{t('cart.total')}</Caption>
                {money(priceOf(line.totalPrice).withVat)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div className="order-summary__bottom">
        <section aria-labelledby="order-totals" className="totals">
          <h2 id="order-totals">{t('totals.heading')}</h2>
          <dl className="totals__list" data-testid="order-totals">
            <div>
              <dt>{t('totals.productsWithoutVat')}</dt>
              <dd>{money(products.withoutVat)}</dd>
            </div>
            <div>
              <dt>{t('totals.productsWithVat')}</dt>
              <dd>{money(products.withVat)}</dd>
            </div>
            {order.vouchers.length > 0 && (
              <div data-testid="order-vouchers">
                <dt>{t('order.vouchers')}</dt>
                <dd>{order.vouchers.join(', ')}</dd>
              </div>
            )}
            {discount.withVat > 0 && (
              <div>
                <dt>{t('totals.discount')}</dt>
                <dd>{money(-discount.withVat)}</dd>
              </div>
            )}
            {/* delivery and payment as lines, so that the figures above add up to the total */}
            {delivered && (
              <div>
                <dt>
                  {t('totals.shipping')}: {order.delivery.name}
                </dt>
                <dd>{charge(deliveryPrice)}</dd>
              </div>
            )}
            <div>
              <dt>
                {t('totals.paymentFee')}: {order.payment.name}
              </dt>
              <dd>{charge(paymentPrice)}</dd>
            </div>
            <div>
              <dt>{t('totals.totalWithoutVat')}</dt>
              <dd>{money(total.withoutVat)}</dd>
            </div>
            {order.rounding !== 0 && (
              <div>
                <dt>{t('totals.rounding')}</dt>
                <dd>{money(order.rounding)}</dd>
              </div>
            )}
            <div className="totals__to-pay">
              <dt>{t('totals.totalToPay')}</dt>
              <dd data-testid="order-total-to-pay">{money(order.totalToPay)}</dd>
            </div>
          </dl>
          <VatRecap rows={order.vatRecap} currency={order.currency} />
        </section>

        <section aria-labelledby="order-payment" className="order-payment">
          <h2 id="order-payment">{bankTransfer ? t('order.paymentDetails') : t('checkout.payment')}</h2>
          {/* bank details and the QR only where the shopper pays by transfer: elsewhere they read as "pay now" */}
          {paidOn && (
            <p className="order-payment__paid" data-testid="order-paid">
              {t('order.paidOn', { date: paidOn })}
            </p>
          )}
          {order.paymentWay === 'CASH_ON_DELIVERY' && !paidOn && (
            <p className="order-payment__later" data-testid="order-pay-later">
              {t('order.payOnDelivery', { amount: money(order.totalToPay) })}
            </p>
          )}
          {order.paymentWay === 'IN_STORE' && !paidOn && (
            <p className="order-payment__later" data-testid="order-pay-later">
              {t('order.payInStore', { amount: money(order.totalToPay) })}
            </p>
          )}
          {bankTransfer && (
            <dl className="totals__list" data-testid="order-bank-details">
              <div>
                <dt>{t('order.accountNumber')}</dt>
                <dd data-testid="order-account">{order.accountNumber}</dd>
              </div>
              <div>
                <dt>IBAN</dt>
                <dd>{order.iban}</dd>
              </div>
              <div>
                <dt>{t('order.variableSymbol')}</dt>
                <dd data-testid="order-variable-symbol">{order.variableSymbol}</dd>
              </div>
              <div>
                <dt>{t('order.amount')}</dt>
                <dd>{money(order.totalToPay)}</dd>
              </div>
              {order.paymentDueAt && (
                <div>
                  <dt>{t('order.paymentDueAt')}</dt>
                  <dd data-testid="order-payment-due">{dueDate.format(new Date(order.paymentDueAt))}</dd>
                </div>
              )}
            </dl>
          )}
          {order.qrSvg && !paidOn && (
            <figure className="qr-payment" data-testid="qr-payment">
              {/* The server renders the SVG from our own SPAYD string with a QR library: no shopper input in it. */}
              <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(order.qrSvg)}`} width={200} height={200} alt={t('order.qrAlt', { amount: money(order.totalToPay) })} />
              <figcaption>{t('order.qrCaption')}</figcaption>
            </figure>
          )}
          <p>
            <a className="button button--secondary" href={invoiceUrl} download data-testid="download-invoice">
              {t('order.downloadInvoice')}
            </a>{' '}
            <a href={invoiceIsdocUrl} download data-testid="download-invoice-isdoc">
              {t('order.downloadInvoiceIsdoc')}
            </a>
          </p>
          {creditNotes.length > 0 && (
            <div className="order-credit-notes" data-testid="credit-notes">
              <h3 id="order-credit-notes">{t('order.creditNotes')}</h3>
              <ul aria-labelledby="order-credit-notes">
                {creditNotes.map((note) => (
                  <li key={note.number}>
                    <a href={note.url} download data-testid="download-credit-note">
                      {t('order.creditNoteLink', { number: note.number, date: dueDate.format(new Date(note.issuedAt)) })}
                    </a>{' '}
                    (<a href={note.isdocUrl} download data-testid="download-credit-note-isdoc">
                      {t('order.creditNoteIsdoc')}
                    </a>
                    , {t(REASON_KEYS[note.reason])}, {t('order.creditNoteAmount', { amount: money(-note.total.withVat) })})
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
