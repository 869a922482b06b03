import { useState } from 'react';
import { data, Link, useActionData } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { ProductPageQuery as ProductPageQueryResult } from '~/gql/graphql';
import type { Route } from './+types/product';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { absoluteUrl, breadcrumbList, pageMeta, publicUrlOf, summary, titleWithShop } from '../seo.ts';
import { Money, useFormatMoney } from '../components/ui/Money.tsx';
import { ProductGrid } from '../features/catalog/ProductCard.tsx';
import { VariantPicker, distinctColours, distinctSizes, findVariant } from '../features/catalog/VariantPicker.tsx';
import { AddToCartMutation, useAddToCart } from '../features/cart/useAddToCart.ts';
import { WishlistButton } from '../features/wishlist/WishlistButton.tsx';
import { WatchAvailability } from '../features/wishlist/WatchAvailability.tsx';
import { FormToken, formTokenFor, useHydrated } from '../forms/FormToken.tsx';
import { backToPage, readPageForm, translatorFor } from '../forms/page-form.server.ts';
import { usePageQuery } from '../apollo/page-query.ts';
import { decimalAmount, MAX_CART_LINE_QUANTITY } from '../../../schema/rules/index.ts';

const ProductPageQuery = graphql(`
  query ProductPage($slug: String!) {
    product(slug: $slug) {
      id
      code
      name
      slug
      slugs {
        language
        slug
      }
      shortDescription
      description
      vatRate
      isNew
      isSale
      inStock
      stock
      manufacturer {
        id
        name
      }
      category {
        id
        name
        slug
      }
      images {
        id
        url
        width
        height
        colourCode
      }
      price {
        ...PriceFields
      }
      originalPrice {
        ...PriceFields
      }
      parameters {
        name
        value
      }
      sizeChart {
        name
        columns
        rows {
          cells
        }
      }
      variants {
        id
        code
        size
        stock
        inStock
        colour {
          code
          name
          hex
        }
        price {
          ...PriceFields
        }
        originalPrice {
          ...PriceFields
        }
      }
      similar {
        ...ProductCardFields
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const variables = { slug: args.params.slug };
  const { data } = await apolloFor(args).query({ query: ProductPageQuery, variables });
  const product = data?.product;
  if (!product) throw notFound(args.request);
  const slug = (language: 'cs' | 'en') => product.slugs.find((s) => s.language === language)?.slug ?? product.slug;
  return {
    language: languageOfRequest(args.request),
    variables,
    formToken: formTokenFor(args),
    alternates: alternatesFor('product', { slug: slug('cs') }, { slug: slug('en') }),
    seo: {
      name: product.name,
      description: summary(product.shortDescription || product.description),
      image: product.images[0]?.url ?? null,
      code: product.code,
      brand: product.manufacturer.name,
      price: product.price,
      inStock: product.inStock,
      category: { name: product.category.name, path: href('category', languageOfRequest(args.request), { slug: product.category.slug }) },
    },
  };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

type AddActionData = { error: string; quantity: string };

/** "Do košíku" posted without JavaScript (docs/decisions/0020): the same mutation, then the cart page. */
export async function action(args: Route.ActionArgs) {
  const form = await readPageForm(args);
  const t = translatorFor(args.request);
  const client = apolloFor(args);
  const { data: page } = await client.query({ query: ProductPageQuery, variables: { slug: args.params.slug } });
  const product = page?.product;
  if (!product) throw notFound(args.request);
  const typed = form.text('quantity', 10);
  const colour = form.text('colour', 64) || null;
  const size = form.text('size', 64) || null;
  const needsSize = distinctSizes(product.variants).length > 0;
  const variant = findVariant(product.variants, distinctColours(product.variants).length ? colour : null, needsSize ? size : null);
  if (!variant) return data<AddActionData>({ error: t('product.selectVariant'), quantity: typed }, { status: 400 });
  const quantity = form.int('quantity', 1, MAX_CART_LINE_QUANTITY);
  if (quantity === null) return data<AddActionData>({ error: t('noJs.quantityRange', { max: MAX_CART_LINE_QUANTITY }), quantity: typed }, { status: 400 });
  const result = await client.mutate({ mutation: AddToCartMutation, variables: { variantId: variant.id, quantity } });
  const outcome = result.data?.addToCart;
  if (outcome?.__typename === 'Cart') return backToPage(args.request, href('cart', languageOfRequest(args.request)));
  return data<AddActionData>({ error: outcome && 'message' in outcome ? outcome.message : t('cart.addFailed'), quantity: typed }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { seo, language, alternates } = loaderData;
  const base = publicUrlOf(matches);
  return [
    ...pageMeta({ title: titleWithShop(seo.name, language), description: seo.description, alternates, language, matches, image: seo.image }),
    // the trail shown above the product
    breadcrumbList(base, language, [seo.category, { name: seo.name, path: alternates[language] }]),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: seo.name,
        sku: seo.code,
        description: seo.description,
        brand: { '@type': 'Brand', name: seo.brand },
        ...(seo.image ? { image: absoluteUrl(base, seo.image) } : {}),
        offers: {
          '@type': 'Offer',
          url: base + alternates[language],
          priceCurrency: seo.price.currency,
          price: decimalAmount(seo.price.withVat),
          availability: seo.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
      },
    },
  ];
};

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { data } = usePageQuery(ProductPageQuery, { variables: loaderData.variables });
  const product = data?.product;
  // The key resets the chosen variant when the shopper moves to another product.
  return product ? <ProductDetail key={product.id} product={product} /> : null;
}

function ProductDetail({ product }: { product: NonNullable<ProductPageQueryResult['product']> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormatMoney();
  const colours = distinctColours(product.variants);
  const sizes = distinctSizes(product.variants);
  const firstInStock = product.variants.find((v) => v.stock > 0) ?? product.variants[0];
  const [colour, setColour] = useState<string | null>(firstInStock?.colour?.code ?? null);
  const [size, setSize] = useState<string | null>(sizes.length === 1 ? sizes[0] : null);
  const failed = useActionData<AddActionData>() ?? null;
  const hydrated = useHydrated();
  const [quantity, setQuantity] = useState(failed ? Math.max(1, Math.min(MAX_CART_LINE_QUANTITY, Number(failed.quantity) || 1)) : 1);
  const [variantError, setVariantError] = useState<string | null>(failed?.error ?? null);
  // the main picture follows the chosen colour when the product has a picture of it
  const pictureOf = (code: string | null) => product.images.findIndex((picture) => code !== null && picture.colourCode === code);
  const [imageIndex, setImageIndex] = useState(() => Math.max(0, pictureOf(firstInStock?.colour?.code ?? null)));
  const { add, loading } = useAddToCart();
  const needsSize = sizes.length > 0;
  const variant = needsSize && size === null ? undefined : findVariant(product.variants, colours.length ? colour : null, needsSize ? size : null);
  const shownPrice = variant?.price ?? product.price;
  const shownOriginal = variant ? variant.originalPrice : product.originalPrice;
  const image = product.images[imageIndex] ?? product.images[0];
  const pricesDiffer = new Set(product.variants.map((v) => v.price.withVat)).size > 1;

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

  return (
    <div className="container page product-page">
      <nav aria-label={t('nav.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to={href('home', language)}>{t('nav.home')}</Link>
          </li>
          <li>
            <Link to={href('category', language, { slug: product.category.slug })}>{product.category.name}</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="product-page__top">
        <div className="gallery">
          {image && <img className="gallery__main" src={image.url} width={image.width} height={image.height} alt={product.name} fetchPriority="high" />}
          {product.images.length > 1 && (
            <ul className="gallery__thumbs">
              {product.images.map((picture, index) => (
                <li key={picture.id}>
                  <button type="button" aria-pressed={index === imageIndex} onClick={() => setImageIndex(index)}>
                    <img src={picture.url} width={80} height={80} alt={`${product.name} – ${index + 1}`} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="buy-box">
          <div className="badges">
            {product.isNew && <span className="badge badge--new">{t('product.new')}</span>}
            {product.isSale && <span className="badge badge--sale">{t('product.sale')}</span>}
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
              <Money price={shownPrice} className="price price--large" />
            )}
            {shownOriginal && <Money price={shownOriginal} className="price price--original" />}
            <span className="price__without-vat">{t('product.priceWithoutVat', { price: format(shownPrice.withoutVat, shownPrice.currency) })}</span>
          </p>
          {/* Without JavaScript the picker, quantity and "Do košíku" post to this page (its action); with it the form's submit adds. */}
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
                setColour(code);
                if (pictureOf(code) >= 0) setImageIndex(pictureOf(code));
                setVariantError(null);
              }}
              onSize={(value) => {
                setSize(value);
                setVariantError(null);
              }}
              invalid={!!variantError}
            />
            {product.sizeChart && (
              <details className="size-chart">
                <summary>{t('product.sizeChart')}</summary>
                <table>
                  <caption>{product.sizeChart.name}</caption>
                  <thead>
                    <tr>
                      {product.sizeChart.columns.map((column) => (
                        <th key={column} scope="col">
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {product.sizeChart.rows.map((row, index) => (
                      <tr key={index}>
                        {row.cells.map((cell, cellIndex) => (cellIndex === 0 ? <th key={cellIndex} scope="row">{cell}</th> : <td key={cellIndex}>{cell}</td>))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            )}
            <p className={`stock ${variant ? (variant.stock > 0 ? 'stock--in' : 'stock--out') : product.inStock ? 'stock--in' : 'stock--out'}`} data-testid="stock-state">
              {stockText}
            </p>
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
                onChange={(event) => setQuantity(Math.max(1, Math.min(MAX_CART_LINE_QUANTITY, Number(event.target.value) || 1)))}
                className="quantity-input"
              />
              {/* a submit button also after hydration: Enter in the quantity adds to the cart */}
              <button type="submit" name="intent" value="addToCart" className="button button--primary button--large" disabled={loading || variant?.stock === 0} data-testid="add-to-cart">
                {loading ? t('product.adding') : t('product.addToCart')}
              </button>
              <WishlistButton product={product} large />
            </div>
          </form>
          {variant && variant.stock === 0 && (
            <WatchAvailability variant={{ id: variant.id, label: [variant.size, variant.colour?.name].filter(Boolean).join(', ') }} />
          )}
          {variantError && (
            <p id="variant-error" className="field__error" role="alert">
              {variantError}
            </p>
          )}
        </div>
      </div>
      <div className="product-page__details">
        <section aria-labelledby="description">
          <h2 id="description">{t('product.description')}</h2>
          <Paragraphs text={product.description} />
        </section>
        {product.parameters.length > 0 && (
          <section aria-labelledby="parameters">
            <h2 id="parameters">{t('product.parameters')}</h2>
            <dl className="parameters">
              {product.parameters.map((parameter) => (
                <div key={parameter.name}>
                  <dt>{parameter.name}</dt>
                  <dd>{parameter.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </div>
      {product.similar.length > 0 && (
        <section className="section" aria-labelledby="similar">
          <h2 id="similar">{t('product.similar')}</h2>
          <ProductGrid products={product.similar} />
        </section>
      )}
    </div>
  );
}
