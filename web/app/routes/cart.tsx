import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@apollo/client/react';
import type { Route } from './+types/cart';
import { apolloFor } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { CartQuery, SetCartLineQuantityMutation } from '../features/cart/documents.ts';
import { Money, useFormatMoney } from '../components/ui/Money.tsx';
import { useNotify } from '../components/ui/Toasts.tsx';
import { FREE_SHIPPING_THRESHOLD_CZK_MINOR } from '../../../schema/rules/index.ts';
import { resources } from '../i18n/index.ts';

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await apolloFor(args).query({ query: CartQuery, fetchPolicy: 'network-only' });
  return { language: languageOfRequest(args.request), alternates: alternatesFor('cart') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.cart.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function CartPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormatMoney();
  const { notify } = useNotify();
  const { data } = useQuery(CartQuery);
  const [setQuantity] = useMutation(SetCartLineQuantityMutation);
  const cart = data?.cart;

  const change = async (lineId: string, quantity: number) => {
    try {
      const result = await setQuantity({ variables: { lineId, quantity } });
      const outcome = result.data?.setCartLineQuantity;
      if (outcome && outcome.__typename !== 'Cart' && 'message' in outcome) notify('error', outcome.message);
    } catch {
      notify('error', t('error.generic'));
    }
  };

  if (!cart || cart.lines.length === 0) {
    return (
      <div className="container page empty-state">
        <h1>{t('cart.title')}</h1>
        <p>{t('cart.empty')}</p>
        <p className="muted">{t('cart.emptyHint')}</p>
        <Link className="button button--primary" to={href('home', language)}>
          {t('cart.continueShopping')}
        </Link>
      </div>
    );
  }

  const missing = FREE_SHIPPING_THRESHOLD_CZK_MINOR - cart.total.withVat;
  return (
    <div className="container page cart-page">
      <h1>{t('cart.title')}</h1>
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col">{t('cart.product')}</th>
            <th scope="col">{t('cart.unitPrice')}</th>
            <th scope="col">{t('cart.quantity')}</th>
            <th scope="col">{t('cart.total')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('cart.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.lines.map((line) => {
            const product = line.variant.product;
            const details = [line.variant.colour?.name, line.variant.size].filter(Boolean).join(', ');
            return (
              <tr key={line.id} data-testid="cart-line">
                <td className="cart-table__product">
                  {product.mainImage && <img src={product.mainImage.url} alt="" width={64} height={64} />}
                  <span>
                    <Link to={href('product', language, { slug: product.slug })}>{product.name}</Link>
                    {details && <span className="muted"> · {details}</span>}
                  </span>
                </td>
                <td>
                  <Money price={line.unitPrice} />
                </td>
                <td>
                  <label className="visually-hidden" htmlFor={`qty-${line.id}`}>
                    {t('cart.quantity')}
                  </label>
                  <input
                    id={`qty-${line.id}`}
                    className="quantity-input"
                    type="number"
                    min={1}
                    max={Math.min(99, line.variant.stock)}
                    defaultValue={line.quantity}
                    key={line.quantity}
                    onBlur={(event) => {
                      const value = Number(event.currentTarget.value);
                      if (Number.isInteger(value) && value >= 1 && value !== line.quantity) void change(line.id, value);
                    }}
                  />
                </td>
                <td>
                  <Money price={line.totalPrice} />
                </td>
                <td>
                  <button type="button" className="link-button" onClick={() => void change(line.id, 0)}>
                    {t('cart.remove')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="cart-summary">
        <p>
          {t('cart.totalWithoutVat')}: {format(cart.total.withoutVat, cart.total.currency)}
        </p>
        <p>
          {t('cart.vat')}: {format(cart.total.vat, cart.total.currency)}
        </p>
        <p className="cart-summary__total">
          {t('cart.totalWithVat')}: <Money price={cart.total} />
        </p>
        {cart.total.currency === 'CZK' && (
          <p className="muted">{missing > 0 ? t('cart.freeShippingLeft', { amount: format(missing, 'CZK') }) : t('cart.freeShippingReached')}</p>
        )}
        <Link className="button button--primary button--large" to={href('checkout', language)}>
          {t('cart.toCheckout')}
        </Link>
      </div>
    </div>
  );
}
