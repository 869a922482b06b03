// "Do košíku" wherever a product is offered (its page, a wishlist): the mutation, the shopper's
// notice, and the session's cart in the cache. The first add creates the cart while Query.cart still
// holds the server's earlier null, so the answer becomes Query.cart (apollo/cache.ts, sessionCartIs):
// the header shows it without asking the server again.
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import { useTranslation } from '../../i18n/index.ts';
import { useNotify } from '../../components/ui/Toasts.tsx';
import { sessionCartIs } from '../../apollo/cache.ts';
import { errorOf } from '../../apollo/errors.ts';

/**
 * The whole cart every answer about it carries (house rule 2): the header's count and total, and the
 * lines. The cart page's mutations answer with more (CartPageFields, CartLines.tsx).
 */
export const CartFieldsFragment = graphql(`
  fragment CartFields on Cart {
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
  }
`);

/** The session's cart (the trusted document a client reads it with; the pages have their own queries). */
export const CartQuery = graphql(`
  query Cart {
    cart {
      ...CartFields
    }
  }
`);

export const AddToCartMutation = graphql(`
  mutation AddToCart($variantId: ID!, $quantity: Int) {
    addToCart(variantId: $variantId, quantity: $quantity) {
      __typename
      ... on Cart {
        ...CartFields
      }
      ... on Error {
        ...ErrorFields
      }
      ... on InsufficientStockError {
        available
      }
    }
  }
`);

export function useAddToCart() {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const [mutate, { loading }] = useMutation(AddToCartMutation, {
    update: (cache, { data }) => {
      if (data?.addToCart.__typename === 'Cart') sessionCartIs(cache, data.addToCart);
    },
  });
  const add = async (variantId: string, quantity: number) => {
    try {
      const outcome = (await mutate({ variables: { variantId, quantity } })).data?.addToCart;
      if (outcome?.__typename === 'Cart') notify('success', t('cart.added'));
      else notify('error', outcome ? errorOf(outcome).message : t('cart.addFailed'));
    } catch {
      notify('error', t('cart.addFailed'));
    }
  };
  return { add, loading };
}
