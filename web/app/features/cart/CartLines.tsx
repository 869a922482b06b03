// The cart's lines: picture, name, variant, unit price, a quantity stepper and remove. Each change
// answers with the whole cart page (CartPageFields), so the cache updates everything shown from it.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { useApolloClient, useMutation } from '@apollo/client/react';
import type { Unmasked } from '@apollo/client';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import type { CartPageFieldsFragment as CartPageData } from '~/gql/graphql';
import { href, useLanguage } from '../../language.ts';
import { Money } from '../../components/ui/Money.tsx';
import { useNotify } from '../../components/ui/Toasts.tsx';
import { errorOf } from '../../apollo/errors.ts';
import { MAX_CART_LINE_QUANTITY, variantText } from '../../../../schema/rules/index.ts';
import { FormToken, useHydrated } from '../../forms/FormToken.tsx';
import { LowestPrice } from '../catalog/Reduction.tsx';
import type { CartActionData } from './cart-action-data.ts';

/** What the table shows of each line. */
export const CartLinesFieldsFragment = graphql(`
  fragment CartLinesFields on Cart {
    lines {
      id
      quantity
      unitPrice {
        ...PriceFields
      }
      totalPrice {
        ...PriceFields
      }
      variant {
        id
        code
        size
        stock
        lowestPriceLast30Days {
          ...PriceFields
        }
        colour {
          code
          name
          hex
        }
        image {
          id
          url
        }
        product {
          id
          name
          slug
          mainImage {
            id
            url
            width
            height
          }
        }
      }
    }
  }
`);

/**
 * The cart as its page shows it (and the checkout, which adds its own): the header's count and total,
 * the lines, the vouchers and the totals. Every cart mutation on these pages answers with it.
 */
export const CartPageFieldsFragment = graphql(`
  fragment CartPageFields on Cart {
    id
    itemCount
    total {
      ...PriceFields
    }
    goodsToPay {
      ...PriceFields
    }
    ...CartLinesFields
    ...TicketLinesFields
    vouchers {
      valid
      ...CartVoucherFields
    }
    checkout {
      needsDelivery
      deliveryMethod {
        id
      }
      paymentMethod {
        id
      }
      totals {
        ...CheckoutTotalsFields
        ...FreeShippingFields
      }
    }
  }
`);

export const ChangeCartQuantityMutation = graphql(`
  mutation ChangeCartQuantity($lineId: ID!, $quantity: Int!) {
    setCartLineQuantity(lineId: $lineId, quantity: $quantity) {
      __typename
      ... on Cart {
        ...CartPageFields
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

type Cart = Unmasked<CartPageData>;
type Line = ReturnType<typeof linesOf>[number];

const linesOf = (cart: FragmentType<typeof CartLinesFieldsFragment>) => getFragmentData(CartLinesFieldsFragment, cart).lines;

/**
 * The cart as it will be after a quantity change, shown at once (house rule 2) until the server's
 * answer replaces it: the line's pieces and its total; the cart's totals wait for the server.
 */
function withQuantity(cart: Cart, lineId: string, quantity: number): Cart {
  let itemCount = cart.itemCount;
  const lines = cart.lines.flatMap((line) => {
    if (line.id !== lineId) return [line];
    itemCount += quantity - line.quantity;
    if (quantity === 0) return [];
    const unit = line.unitPrice;
    return [{ ...line, quantity, totalPrice: { ...unit, withVat: unit.withVat * quantity, withoutVat: unit.withoutVat * quantity, vat: unit.vat * quantity } }];
  });
  return { ...cart, itemCount, lines };
}

/** `failed`: a refused change posted without JavaScript, shown at its line with what was typed. */
export function CartLines({ cart, failed }: { cart: FragmentType<typeof CartLinesFieldsFragment>; failed?: CartActionData | null }) {
  const lines = linesOf(cart);
  const { t } = useTranslation();
  // a cart of tickets only has no goods to list
  if (lines.length === 0) return null;
  return (
    <table className="cart-table cart-table--lines">
      <caption className="visually-hidden">{t('cart.title')}</caption>
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
        {lines.map((line) => (
          <CartLineRow key={line.id} line={line} failed={failed && (failed.intent === 'setQuantity' || failed.intent === 'remove') && failed.lineId === line.id ? failed : null} />
        ))}
      </tbody>
    </table>
  );
}

function CartLineRow({ line, failed }: { line: Line; failed: { quantity: string; error: string } | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { notify } = useNotify();
  const [setQuantity, { loading }] = useMutation(ChangeCartQuantityMutation);
  const { cache } = useApolloClient();
  // What is typed stays in the box until it is sent; the server's quantity replaces it afterwards.
  const [typed, setTyped] = useState<string | null>(failed ? failed.quantity : null);
  // Without JavaScript each line is a form posting to the page (its action, docs/decisions/0020);
  // with it the buttons keep their click handlers and the form never posts.
  const hydrated = useHydrated();
  const formId = useId();
  const errorId = `${formId}-error`;
  const product = line.variant.product;
  const details = variantText({ colour: line.variant.colour?.name, size: line.variant.size }, language);
  const limit = Math.max(1, Math.min(MAX_CART_LINE_QUANTITY, line.variant.stock));
  const name = `${product.name}${details ? ` (${details})` : ''}`;

  const change = async (quantity: number) => {
    setTyped(null);
    if (quantity === line.quantity) return;
    // the cart page as the cache holds it, with this line changed
    const cart = cache.readFragment({ fragment: CartPageFieldsFragment, fragmentName: 'CartPageFields', id: cache.identify({ __typename: 'Cart' }) });
    try {
      const result = await setQuantity({
        variables: { lineId: line.id, quantity },
        optimisticResponse: cart ? { __typename: 'Mutation', setCartLineQuantity: withQuantity(cart, line.id, quantity) } : undefined,
      });
      const outcome = result.data?.setCartLineQuantity;
      if (outcome && outcome.__typename !== 'Cart') notify('error', errorOf(outcome).message);
      else if (quantity === 0) notify('success', t('cart.removed', { name: product.name }));
    } catch {
      notify('error', t('error.generic'));
    }
  };

  /** What was typed, when the box loses focus or Enter submits the line's form. */
  const applyTyped = () => {
    const value = Number(typed);
    if (typed === null || typed.trim() === '' || !Number.isInteger(value)) return setTyped(null);
    // 0 asks before removing; more than the stock (or 99) becomes the most there is, with the spec's message
    if (value <= 0) {
      if (window.confirm(t('cart.confirmRemove', { name }))) void change(0);
      else setTyped(null);
    } else if (value > limit) {
      notify('error', t('cart.quantityClamped', { max: limit }));
      void change(limit);
    } else void change(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    applyTyped();
  };

  return (
    <tr data-testid="cart-line">
      <td className="cart-table__product">
        {/* the chosen colour's picture, not the product's first */}
        {line.variant.image && <img src={line.variant.image.url} alt="" width={64} height={64} />}
        <span>
          <Link to={href('product', language, { slug: product.slug })}>{product.name}</Link>
          {details && <span className="muted"> · {details}</span>}
        </span>
      </td>
      <td className="cart-table__unit">
        <span className="cart-table__label">{t('cart.unitPrice')}: </span>
        <Money price={line.unitPrice} />
        <LowestPrice price={line.unitPrice} lowest={line.variant.lowestPriceLast30Days} />
      </td>
      <td className="cart-table__quantity">
        {/* a form may not have role=group: the group is inside it */}
        {/* with JavaScript the box's own rules apply (0 asks, too many is clamped): the browser's check would stop the submit */}
        <form id={formId} method="post" noValidate={hydrated} onSubmit={onSubmit}>
          <div className="stepper" role="group" aria-label={t('cart.quantityOf', { name })}>
            <FormToken />
            <input type="hidden" name="lineId" value={line.id} />
            <input type="hidden" name="current" value={line.quantity} />
            {/* the default button, also after hydration: Enter in the quantity box saves what was typed */}
            <button type="submit" name="intent" value="setQuantity" className="visually-hidden" tabIndex={-1}>
              {t('noJs.saveQuantity')}
            </button>
            <button type={hydrated ? 'button' : 'submit'} name="intent" value="decrease" className="stepper__button" disabled={loading || line.quantity <= 1} onClick={() => void change(line.quantity - 1)} aria-label={t('cart.decrease', { name })}>
              −
            </button>
            <input
              className="quantity-input stepper__input"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={limit}
              aria-label={t('cart.quantityOf', { name })}
              aria-invalid={failed ? true : undefined}
              aria-describedby={failed ? errorId : undefined}
              value={typed ?? String(line.quantity)}
              onChange={(event) => setTyped(event.target.value)}
              onBlur={applyTyped}
              data-testid="cart-line-quantity"
            />
            <button type={hydrated ? 'button' : 'submit'} name="intent" value="increase" className="stepper__button" disabled={loading || line.quantity >= limit} onClick={() => void change(line.quantity + 1)} aria-label={t('cart.increase', { name })}>
              +
            </button>
          </div>
        </form>
        {failed && (
          <p id={errorId} className="field__error" role="alert">
            {failed.error}
          </p>
        )}
      </td>
      <td className="cart-table__total">
        <span className="cart-table__label">{t('cart.total')}: </span>
        <Money price={line.totalPrice} />
      </td>
      <td className="cart-table__remove">
        <button type={hydrated ? 'button' : 'submit'} form={formId} name="intent" value="remove" className="link-button" disabled={loading} onClick={() => void change(0)} aria-label={t('cart.removeName', { name })}>
          {t('cart.remove')}
        </button>
      </td>
    </tr>
  );
}
