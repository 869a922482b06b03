// The product's buy box: badges, name, manufacturer and code, the price of the chosen variant (or
// "from" while prices differ and none is chosen), the size and colour picker, the size chart, stock,
// quantity, the delivery date promise of the chosen variant (decision 0069), "Do košíku" and the heart;
// a sold-out variant offers the availability watch. Without
// JavaScript the picker, quantity and "Do košíku" post to the product page (its action); with it the
// form's submit adds (useAddToCart).
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { Money, priceOf, useFormatMoney } from '../../components/ui/Money.tsx';
import { FormToken, useHydrated } from '../../forms/FormToken.tsx';
import { MAX_CART_LINE_QUANTITY } from '../../../../schema/rules/index.ts';
import { useAddToCart } from '../cart/useAddToCart.ts';
import { WishlistButton } from '../wishlist/WishlistButton.tsx';
import { WatchAvailability } from '../wishlist/WatchAvailability.tsx';
import { distinctColours, distinctSizes, findVariant, pickerVariants, VariantPicker } from './VariantPicker.tsx';
import { SizeChart } from './SizeChart.tsx';
import { DiscountBadge, LowestPrice } from './Reduction.tsx';

export const BuyBoxFieldsFragment = graphql(`
  fragment BuyBoxFields on Product {
    id
    code
    name
    shortDescription
    isNew
    isSale
    inStock
    manufacturer {
      id
      name
    }
    price {
      ...PriceFields
    }
    lowestPriceLast30Days {
      ...PriceFields
    }
    sizeChart {
      ...SizeChartFields
    }
    variants {
      id
      code
      size
      stock
      colour {
        name
      }
      price {
        ...PriceFields
      }
      lowestPriceLast30Days {
        ...PriceFields
      }
      deliveryPromise {
        kind
        text
      }
      ...VariantPickerFields
    }
  }
`);

/** The quantity box keeps 1 to 99 (MAX_CART_LINE_QUANTITY) pieces, whatever is typed. */
const boundedQuantity = (value: unknown) => Math.max(1, Math.min(MAX_CART_LINE_QUANTITY, Number(value) || 1));

type Props = {
  product: FragmentType<typeof BuyBoxFieldsFragment>;
  /** The chosen colour (the page's gallery follows it). */
  colour: string | null;
  onColour: (code: string) => void;
  /** The size chosen when the page opens (a variant's link, `?varianta=`); null leaves it to the shopper. */
  initialSize?: string | null;
  /** "Do košíku" posted without JavaScript and refused: the message and what was typed. */
  failed: { error: string; quantity: string } | null;
};

export function BuyBox({ colour, onColour, initialSize = null, failed, ...props }: Props) {
  const product = getFragmentData(BuyBoxFieldsFragment, props.product);
  const { t } = useTranslation();
  const format = useFormatMoney();
  const hydrated = useHydrated();
  const { add, loading } = useAddToCart();
  const choices = pickerVariants(product.variants);
  const colours = distinctColours(choices);
  const sizes = distinctSizes(choices);
  const [size, setSize] = useState<string | null>(initialSize !== null && sizes.includes(initialSize) ? initialSize : sizes.length === 1 ? sizes[0] : null);
  const [quantity, setQuantity] = useState(failed ? boundedQuantity(failed.quantity) : 1);
  const [variantError, setVariantError] = useState<string | null>(failed?.error ?? null);
  const needsSize = sizes.length > 0;
  const chosen = needsSize && size === null ? undefined : findVariant(choices, colours.length ? colour : null, needsSize ? size : null);
  const variant = chosen && product.variants.find((candidate) => candidate.id === chosen.id);
  const shownPrice = priceOf(variant?.price ?? product.price);
  // the reduction of the chosen variant, else of the variant that gives the "from" price
  const shownLowest = variant ? variant.lowestPriceLast30Days : product.lowestPriceLast30Days;
  const pricesDiffer = new Set(product.variants.map((v) => priceOf(v.price).withVat)).size > 1;

  const onAdd = async () => {
    if (!variant) {
      setVariantError(t('product.selectVariant'));
      return;
    }
    setVariantError(null);
    await add(variant.id, quantity);
  };

  const stockText = variant
    ? variant.stock > 0
      ? t('product.inStockCount', { count: variant.stock })
      : t('product.soldOut')
    : product.inStock
      ? t('product.inStock')
      : t('product.soldOut');

  // the chosen variant's promise; before a choice, the one of any variant in stock (the day is the same for all of them)
  const promise = variant ? variant.deliveryPromise : (product.variants.find((v) => v.stock > 0) ?? product.variants[0])?.deliveryPromise;

  return (
    <div className="buy-box">
      <div className="badges">
        {product.isNew && <span className="badge badge--new">{t('product.new')}</span>}
        <DiscountBadge price={variant?.price ?? product.price} lowest={shownLowest} />
      </div>
      <h1>{product.name}</h1>
      <p className="buy-box__meta">
        {t('product.manufacturer')}: <strong>{product.manufacturer.name}</strong> · {t('product.code')}:{' '}
        <strong>{variant?.code ?? product.code}</strong>
      </p>
      {product.shortDescription && <p className="lead">{product.shortDescription}</p>}
      <p className="buy-box__price" data-testid="product-price">
        {!variant && pricesDiffer ? (
          <span className="price price--large">{t('product.from', { price: format(shownPrice.withVat, shownPrice.currency) })}</span>
        ) : (
          <Money price={variant?.price ?? product.price} className="price price--large" />
        )}
        <LowestPrice price={variant?.price ?? product.price} lowest={shownLowest} />
        <span className="price__without-vat">{t('product.priceWithoutVat', { price: format(shownPrice.withoutVat, shownPrice.currency) })}</span>
      </p>
      <form
        method="post"
        // with JavaScript the quantity is kept in range by its handler; the browser's check would stop the submit
        noValidate={hydrated}
        onSubmit={(event) => {
          event.preventDefault();
          void onAdd();
        }}
      >
        <FormToken />
        <VariantPicker
          variants={product.variants}
          colour={colour}
          size={size}
          onColour={(code) => {
            onColour(code);
            setVariantError(null);
          }}
          onSize={(value) => {
            setSize(value);
            setVariantError(null);
          }}
          invalid={!!variantError}
        />
        {product.sizeChart && <SizeChart chart={product.sizeChart} />}
        <p className={`stock ${variant ? (variant.stock > 0 ? 'stock--in' : 'stock--out') : product.inStock ? 'stock--in' : 'stock--out'}`} data-testid="stock-state">
          {stockText}
        </p>
        {promise && (
          <p className={`delivery-promise delivery-promise--${promise.kind.toLowerCase()}`} data-testid="delivery-promise">
            {promise.text}
          </p>
        )}
        <div className="buy-box__actions">
          <label htmlFor="quantity" className="visually-hidden">
            {t('product.quantity')}
          </label>
          <input
            id="quantity"
            name="quantity"
            type="number"
            min={1}
            max={Math.max(1, Math.min(MAX_CART_LINE_QUANTITY, variant?.stock ?? MAX_CART_LINE_QUANTITY))}
            value={quantity}
            onChange={(event) => setQuantity(boundedQuantity(event.target.value))}
            className="quantity-input"
          />
          {/* a submit button also after hydration: Enter in the quantity adds to the cart */}
          <button type="submit" name="intent" value="addToCart" className="button button--primary button--large" disabled={loading || variant?.stock === 0} data-testid="add-to-cart">
            {loading ? t('product.adding') : t('product.addToCart')}
          </button>
          <WishlistButton product={product} large />
        </div>
      </form>
      {variant && variant.stock === 0 && <WatchAvailability variant={{ id: variant.id, label: [variant.size, variant.colour?.name].filter(Boolean).join(', ') }} />}
      {variantError && (
        <p id="variant-error" className="field__error" role="alert">
          {variantError}
        </p>
      )}
    </div>
  );
}
