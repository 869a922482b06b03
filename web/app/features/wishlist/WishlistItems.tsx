// The products of a wishlist (own or shared): picture, name, price, availability, the heart (the
// viewer's own wishlist) and add-to-cart. A product with one variant goes into the cart from here; one
// with sizes leads to its page to choose one.
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import type { WishlistProductFragment as WishlistProductData } from '~/gql/graphql';
import { href, useLanguage } from '../../language.ts';
import { Money } from '../../components/ui/Money.tsx';
import { useAddToCart } from '../cart/useAddToCart.ts';
import { WishlistButton } from './WishlistButton.tsx';
import { LowestPrice } from '../catalog/Reduction.tsx';

/** A product on the wishlist pages: price, availability, and its variants for add-to-cart. */
export const WishlistProductFragment = graphql(`
  fragment WishlistProduct on Product {
    id
    name
    slug
    code
    inStock
    manufacturer {
      id
      name
    }
    mainImage {
      id
      url
      width
      height
    }
    price {
      ...PriceFields
    }
    lowestPriceLast30Days {
      ...PriceFields
    }
    variants {
      id
      size
      stock
      inStock
    }
  }
`);

function AddToCart({ product }: { product: WishlistProductData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { add, loading } = useAddToCart();
  const only = product.variants.length === 1 ? product.variants[0] : null;
  if (!only) {
    return (
      <Link className="button" to={href('product', language, { slug: product.slug })}>
        {t('wishlist.chooseVariant')}
      </Link>
    );
  }
  return (
    <button type="button" className="button button--primary" onClick={() => void add(only.id, 1)} disabled={loading || !only.inStock} data-testid="wishlist-add-to-cart">
      {loading ? t('product.adding') : t('product.addToCart')}
    </button>
  );
}

export function WishlistItems(props: { items: { id: string; product: FragmentType<typeof WishlistProductFragment> }[] }) {
  const items = props.items.map(({ id, product }) => ({ id, product: getFragmentData(WishlistProductFragment, product) }));
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
              <LowestPrice price={product.price} lowest={product.lowestPriceLast30Days} />
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
