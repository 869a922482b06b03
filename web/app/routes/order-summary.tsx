// Order summary (/objednavka/shrnuti/{id}/{hash}, /en/order/summary/{id}/{hash}): reachable without
// login through the order's secret hash. A wrong hash answers like a missing order: a 404 page that
// says only "Objednávka nebyla nalezena" / "Order not found".
import { isRouteErrorResponse, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { OrderSummaryQuery as OrderSummaryData } from '~/gql/graphql';
import type { Route } from './+types/order-summary';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { useFormatMoney } from '../components/ui/Money.tsx';
import { VatRecap } from '../features/checkout/Totals.tsx';
import { createI18n } from '../i18n/index.ts';
import '../features/checkout/checkout.css';

const OrderSummaryQuery = graphql(`
  query OrderSummary($id: ID!, $hash: String!) {
    order(id: $id, hash: $hash) {
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
      accountNumber
      iban
      variableSymbol
      qrPayment
      qrSvg
      invoiceUrl
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const language = languageOfRequest(args.request);
  const variables = { id: args.params.id, hash: args.params.hash };
  const { data } = await apolloFor(args).query({ query: OrderSummaryQuery, variables, fetchPolicy: 'network-only' });
  if (!data?.order) throw notFound(args.request);
  return { language, variables, number: data.order.number, alternates: alternatesFor('orderSummary', variables, variables) };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(createI18n(loaderData.language).t('order.title', { number: loaderData.number }), loaderData.language),
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
        noindex: true,
      })
    : [];

/** A wrong id or hash: the shop's 404 page with the order's own words, and nothing about the order. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className="container page empty-state">
      <title>{t('order.notFound')}</title>
      <h1>{t('order.notFound')}</h1>
      <p>{t('order.notFoundText')}</p>
      <Link className="button button--primary" to={href('home', language)}>
        {t('error.backHome')}
      </Link>
    </div>
  );
}

export default function OrderSummaryPage({ loaderData }: Route.ComponentProps) {
  const { data } = useQuery(OrderSummaryQuery, { variables: loaderData.variables });
  return data?.order ? <OrderSummary order={data.order} /> : null;
}

type Address = NonNullable<NonNullable<OrderSummaryData['order']>['deliveryAddress']>;

function AddressBlock({ address }: { address: Address }) {
  const { t } = useTranslation();
  return (
    <address>
      {address.company && (
        <>
          {address.company}
          <br />
          {address.ico && `${t('address.ico')}: ${address.ico}`}
          {address.dic && ` · ${t('address.dic')}: ${address.dic}`}
          <br />
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
          {address.phone}
        </>
      )}
    </address>
  );
}

function OrderSummary({ order }: { order: NonNullable<OrderSummaryData['order']> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormatMoney();
  const money = (amount: number) => format(amount, order.currency);
  const created = new Intl.DateTimeFormat(language === 'cs' ? 'cs-CZ' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Prague' }).format(new Date(order.createdAt));
  const charge = (amount: number) => (amount === 0 ? t('totals.free') : money(amount));
  return (
    <div className="container page order-summary">
      <h1>{t('order.thanks')}</h1>
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
        <section aria-labelledby="order-delivery">
          <h2 id="order-delivery">{t('checkout.delivery')}</h2>
          <p>
            {order.delivery.name} ({charge(order.delivery.price.withVat)})
          </p>
          {order.store && (
            <p data-testid="order-store">
              {order.store.name}
              <br />
              {order.store.street}, {order.store.postcode} {order.store.city}
            </p>
          )}
          <h2>{t('checkout.payment')}</h2>
          <p>
            {order.payment.name} ({charge(order.payment.price.withVat)})
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
                <span className="muted">
                  {' '}
                  · {[line.colour, line.size].filter(Boolean).join(', ')} {line.variantCode}
                </span>
              </td>
              <td>{line.quantity}</td>
              <td>{money(line.unitPrice.withVat)}</td>
              <td>{line.vatRate} %</td>
              <td>{money(line.totalPrice.withVat)}</td>
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
              <dd>{money(order.products.withoutVat)}</dd>
            </div>
            <div>
              <dt>{t('totals.productsWithVat')}</dt>
              <dd>{money(order.products.withVat)}</dd>
            </div>
            <div>
              <dt>{t('totals.discount')}</dt>
              <dd>{order.discount.withVat > 0 ? `−${money(order.discount.withVat)}` : money(0)}</dd>
            </div>
            <div>
              <dt>{t('totals.totalWithoutVat')}</dt>
              <dd>{money(order.total.withoutVat)}</dd>
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
          <h2 id="order-payment">{t('order.paymentDetails')}</h2>
          <dl className="totals__list">
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
          </dl>
          {order.qrSvg && (
            <figure className="qr-payment" data-testid="qr-payment">
              {/* The server renders the SVG from our own SPAYD string with a QR library: no shopper input in it. */}
              <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(order.qrSvg)}`} width={200} height={200} alt={t('order.qrAlt', { amount: money(order.totalToPay) })} />
              <figcaption>{t('order.qrCaption')}</figcaption>
            </figure>
          )}
          <p>
            <a className="button button--secondary" href={order.invoiceUrl} download data-testid="download-invoice">
              {t('order.downloadInvoice')}
            </a>
          </p>
        </section>
      </div>
    </div>
  );
}
