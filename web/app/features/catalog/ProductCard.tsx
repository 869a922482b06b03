import { Link } from 'react-router';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { href, useLanguage } from '../../language.ts';
import { Money } from '../../components/ui/Money.tsx';
import { WishlistButton } from '../wishlist/WishlistButton.tsx';
import { DiscountBadge, LowestPrice } from './Reduction.tsx';
import { Stars } from '../reviews/Stars.tsx';

export const ProductCardFieldsFragment = graphql(`
  fragment ProductCardFields on Product {
    id
    name
    slug
    isNew
    isSale
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
    ratingSummary {
      count
      average
    }
  }
`);

type ProductRef = FragmentType<typeof ProductCardFieldsFragment>;

export function ProductCard({ eager = false, ...props }: { product: ProductRef; eager?: boolean }) {
  const product = getFragmentData(ProductCardFieldsFragment, props.product);
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <article className="product-card" data-testid="product-card">
      <Link to={href('product', language, { slug: product.slug })} className="product-card__link">
        <div className="product-card__image">
          {product.mainImage && (
            <img
              src={product.mainImage.url}
              width={product.mainImage.width}
              height={product.mainImage.height}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              // the first row is the page's largest paint on a phone: fetched before scripts and styles
              fetchPriority={eager ? 'high' : 'auto'}
              decoding={eager ? 'sync' : 'async'}
            />
          )}
          <div className="badges">
            {product.isNew && <span className="badge badge--new">{t('product.new')}</span>}
            <DiscountBadge price={product.price} lowest={product.lowestPriceLast30Days} />
          </div>
        </div>
        <p className="product-card__brand">{product.manufacturer.name}</p>
        <h3 className="product-card__name">{product.name}</h3>
        {product.ratingSummary.average !== null && <Stars rating={product.ratingSummary.average} count={product.ratingSummary.count} className="product-card__stars" />}
      </Link>
      <WishlistButton product={product} />
      <p className="product-card__price">
        <Money price={product.price} className="price" />
        <LowestPrice price={product.price} lowest={product.lowestPriceLast30Days} />
      </p>
      <p className={product.inStock ? 'stock stock--in' : 'stock stock--out'}>
        {product.inStock ? t('product.inStock') : t('product.soldOut')}
      </p>
    </article>
  );
}

export function ProductGrid({ products, eagerCount = 0 }: { products: readonly ProductRef[]; eagerCount?: number }) {
  const ids = getFragmentData(ProductCardFieldsFragment, products).map((product) => product.id);
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={ids[index]}>
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
