// The cart page (/kosik, /en/cart): lines, vouchers, the totals the server computed and what is
// left to free shipping. Every change answers with the whole cart (CartPageFields), so the
// normalized cache updates this page and the header without a refetch.
import { Link, useActionData } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { getFragmentData, graphql } from '~/gql';
import type { Route } from './+types/cart';
import { apolloFor } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { CartLines, CartPageFieldsFragment } from '../features/cart/CartLines.tsx';
import { FreeShippingHint } from '../features/cart/FreeShippingHint.tsx';
import { CartVouchers } from '../features/cart/CartVouchers.tsx';
import { CheckoutTotals } from '../features/checkout/Totals.tsx';
import { formTokenFor } from '../forms/FormToken.tsx';
import { cartAction } from '../features/cart/cart-action.server.ts';
import type { CartActionData } from '../features/cart/cart-action-data.ts';
import { usePageQuery } from '../apollo/page-query.ts';
import { TicketLines, ticketLinesOf } from '../features/tickets/TicketLines.tsx';

const CartPageQuery = graphql(`
  query CartPage {
    cart {
      ...CartPageFields
      deliveryPromise {
        kind
        text
      }
    }
    deliveryMethods {
      id
      freeFrom
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await apolloFor(args).query({ query: CartPageQuery, fetchPolicy: 'network-only' });
  return { language: languageOfRequest(args.request), alternates: alternatesFor('cart'), formToken: formTokenFor(args) };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

/** The page's forms posted without JavaScript (quantity, remove, vouchers): docs/decisions/0020. */
export const action = (args: Route.ActionArgs) => cartAction(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.cart.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function CartPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = usePageQuery(CartPageQuery);
  const failed = useActionData<CartActionData>() ?? null;
  const cart = getFragmentData(CartPageFieldsFragment, data?.cart);
  // when the goods arrive if ordered now (decision 0069); null for match tickets only
  const deliveryPromise = data?.cart?.deliveryPromise ?? null;

  // every line has at least one piece; tickets are lines of their own
  const tickets = cart ? ticketLinesOf(cart) : [];
  if (!cart || (cart.itemCount === 0 && tickets.length === 0)) {
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

  const totals = cart.checkout.totals;
  const invalidVoucher = cart.vouchers.some((voucher) => !voucher.valid);
  return (
    <div className="container page cart-page">
      <h1>{t('cart.title')}</h1>
      <CartLines cart={cart} failed={failed} />
      <TicketLines cart={cart} />
      <div className="cart-page__bottom">
        <CartVouchers vouchers={cart.vouchers} locale={language} failed={failed} />
        <section className="cart-summary" aria-labelledby="cart-summary-heading">
          <h2 id="cart-summary-heading" className="visually-hidden">
            {t('totals.heading')}
          </h2>
          {/* tickets only: nothing is delivered, so neither a shipping line nor a free-shipping hint */}
          <CheckoutTotals
            totals={totals}
            withoutDelivery={!cart.checkout.needsDelivery}
            chargesPending={(cart.checkout.needsDelivery && !cart.checkout.deliveryMethod) || !cart.checkout.paymentMethod}
          />
          {deliveryPromise && (
            <p className={`delivery-promise delivery-promise--${deliveryPromise.kind.toLowerCase()}`} data-testid="cart-delivery-promise">
              {deliveryPromise.text}
            </p>
          )}
          {cart.checkout.needsDelivery && <FreeShippingHint totals={totals} deliveryLimits={data?.deliveryMethods.map((method) => method.freeFrom) ?? []} />}
          {invalidVoucher && (
            <p className="field__error" id="cart-blocked">
              {t('voucher.blocksOrder')}
            </p>
          )}
          {invalidVoucher ? (
            <button type="button" className="button button--primary button--large" disabled aria-describedby="cart-blocked">
              {t('cart.toCheckout')}
            </button>
          ) : (
            <Link className="button button--primary button--large" to={href('checkout', language)} data-testid="to-checkout">
              {t('cart.toCheckout')}
            </Link>
          )}
        </section>
      </div>
    </div>
  );
}
