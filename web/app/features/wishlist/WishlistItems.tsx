// The products of a wishlist (own or shared): picture, name, price, availability, the heart (the
// viewer's own wishlist) and add-to-cart. A product with one variant goes into the cart from here; one
// with sizes leads to its page to choose one.
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import type { WishlistProductFragment } from '~/gql/graphql';
import { href, useLanguage } from '../../language.ts';
import { Money } from '../../components/ui/Money.tsx';
import { useNotify } from '../../components/ui/Toasts.tsx';
import { AddToCartMutation } from '../cart/documents.ts';
import { WishlistButton } from './WishlistButton.tsx';

function AddToCart({ product }: { product: WishlistProductFragment }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { notify } = useNotify();
  const [addToCart, { loading }] = useMutation(AddToCartMutation);
  const only = product.variants.length === 1 ? product.variants[0] : null;
  if (!only) {
    return (
      <Link className="button" to={href('product', language, { slug: product.slug })}>
        {t('wishlist.chooseVariant')}
      </Link>
    );
  }
  const onAdd = async () => {
    try {
      const result = await addToCart({ variables: { variantId: only.id, quantity: 1 } });
      const outcome = result.data?.addToCart;
      if (outcome?.__typename === 'Cart') notify('success', t('cart.added'));
      else if (outcome && 'message' in outcome) notify('error', outcome.message);
      else notify('error', t('cart.addFailed'));
    } catch {
      notify('error', t('cart.addFailed'));
    }
  };
  return (
    <button type="button" className="button button--primary" onClick={onAdd} disabled={loading || !only.inStock} data-testid="wishlist-add-to-cart">
      {loading ? t('product.adding') : t('product.addToCart')}
    </button>
  );
}

export function WishlistItems({ items }: { items: { id: string; product: WishlistProductFragment }[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="wishlist-list" data-testid="wishlist-items">
      {items.map(({ id, product }) => (
        <li key={id} className="wishlist-item" data-testid="wishlist-item">
          <Link to={href('product', language, { slug: product.slug })} tabIndex={-1} aria-hidden="true">
            {product.mainImage ? <img src={product.mainImage.url} width={96} height={96} alt="" loading="lazy" decoding="async" /> : <span />}
          </Link>
          <div>
            <p className="wishlist-item__brand">{product.manufacturer.name}</p>
            <h2 className="wishlist-item__name">
              <Link to={href('product', language, { slug: product.slug })}>{product.name}</Link>
            </h2>
            <p className="product-card__price">
              <Money price={product.price} className="price" />
              {product.originalPrice && <Money price={product.originalPrice} className="price price--original" />}
            </p>
            <p className={product.inStock ? 'stock stock--in' : 'stock stock--out'}>{product.inStock ? t('product.inStock') : t('product.soldOut')}</p>
          </div>
          <div className="wishlist-item__actions">
            <AddToCart product={product} />
            <WishlistButton product={product} />
          </div>
        </li>
      ))}
    </ul>
  );
}
