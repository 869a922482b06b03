// The heart on product cards and the product detail: a toggle button (aria-pressed) named after the
// product. Whether it is pressed comes from the wishlist summary (hearts.tsx), not from the product:
// catalog answers stay the same for every shopper.
// The mutation's answer carries the root query's wishlist summary, so every heart of the product and
// the header count change together from the normalized cache; the optimistic answer flips the heart
// (and the count) before the server replies, once the shopper has a wishlist.
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useTranslation } from '../../i18n/index.ts';
import type { WishlistSummaryFragment } from '~/gql/graphql';
import { useNotify } from '../../components/ui/Toasts.tsx';
import { errorOf } from '../../apollo/errors.ts';
import { graphql } from '~/gql';
import { useHeart, WishlistSummaryQuery } from './hearts.tsx';

export const SetProductInWishlistMutation = graphql(`
  mutation SetProductInWishlist($productId: ID!, $inWishlist: Boolean!) {
    setProductInWishlist(productId: $productId, inWishlist: $inWishlist) {
      __typename
      ... on WishlistChange {
        product {
          id
        }
        query {
          wishlist {
            ...WishlistSummary
          }
        }
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

type Props = { product: { id: string; name: string }; large?: boolean };

export function WishlistButton({ product, large = false }: Props) {
  const { t } = useTranslation();
  const { notify } = useNotify();
  const client = useApolloClient();
  const [setInWishlist] = useMutation(SetProductInWishlistMutation);
  const pressed = useHeart(product.id);

  /** The header's count as the cache has it (null before the shopper's first heart). */
  const readSummary = (): WishlistSummaryFragment | null => {
    try {
      return client.cache.readQuery({ query: WishlistSummaryQuery })?.wishlist ?? null;
    } catch {
      return null;
    }
  };

  const onClick = async () => {
    const inWishlist = !pressed;
    const current = readSummary();
    const productIds = current ? current.productIds.filter((id) => id !== product.id) : [];
    const wishlist = current && {
      ...current,
      itemCount: Math.max(0, current.itemCount + (inWishlist ? 1 : -1)),
      productIds: inWishlist ? [...productIds, product.id] : productIds,
    };
    try {
      const result = await setInWishlist({
        variables: { productId: product.id, inWishlist },
        optimisticResponse: {
          __typename: 'Mutation',
          setProductInWishlist: {
            __typename: 'WishlistChange',
            product: { __typename: 'Product', id: product.id },
            query: { __typename: 'Query', wishlist },
          },
        },
      });
      const outcome = result.data?.setProductInWishlist;
      if (outcome && outcome.__typename !== 'WishlistChange') notify('error', errorOf(outcome).message);
    } catch {
      notify('error', t('wishlist.toggleFailed'));
    }
  };

  return (
    <button
      type="button"
      className={`wishlist-button${large ? ' wishlist-button--large' : ''}`}
      aria-pressed={pressed}
      aria-label={t('wishlist.toggle', { name: product.name })}
      title={t('wishlist.toggle', { name: product.name })}
      data-testid="wishlist-button"
      onClick={onClick}
    >
      <svg aria-hidden="true" width={large ? 24 : 20} height={large ? 24 : 20} viewBox="0 0 24 24" strokeWidth="2" strokeLinejoin="round">
        <path d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.8 3.8 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.4 0 5.6 3.3 4.4 6.7-1.7 4.7-9.2 9.3-9.2 9.3z" />
      </svg>
    </button>
  );
}
