// The product page (/produkt/{slug}, /en/product/{slug}): the trail, the gallery, the buy box, the
// description with parameters, the product safety information, the reviews (features/reviews) and similar products; its loader gives the meta data and JSON-LD, its
// action takes "Do košíku" posted without JavaScript (docs/decisions/0020). `?varianta={code}` (`?variant=`)
// opens it with that variant's colour and size chosen, in the server's render too (issue 44); the
// canonical address stays the product's, and an address of that shape other than a real variant's own is
// not stored by the response cache (Cache-Control: private), so a flood of made-up codes cannot fill it.
import { useState } from 'react';
import { data, Link, useActionData, type HeadersFunction } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { ProductPageQuery as ProductPageData } from '~/gql/graphql';
import type { Route } from './+types/product';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { absoluteUrl, breadcrumbList, pageMeta, publicUrlOf, summary, titleWithShop } from '../seo.ts';
import { priceOf } from '../components/ui/Money.tsx';
import { ProductGrid } from '../features/catalog/ProductCard.tsx';
import { ProductGallery } from '../features/catalog/ProductGallery.tsx';
import { BuyBox } from '../features/catalog/BuyBox.tsx';
import { ProductDescription } from '../features/catalog/ProductDescription.tsx';
import { ProductSafety } from '../features/catalog/ProductSafety.tsx';
import { distinctColours, distinctSizes, findVariant, pickerVariants } from '../features/catalog/VariantPicker.tsx';
import { AddToCartMutation } from '../features/cart/useAddToCart.ts';
import { errorOf } from '../apollo/errors.ts';
import { formTokenFor } from '../forms/FormToken.tsx';
import { backToPage, readPageForm, STALE_FORM_STATUS, translatorFor } from '../forms/page-form.server.ts';
import { usePageQuery } from '../apollo/page-query.ts';
import { getFragmentData } from '~/gql';
import { ProductReviews, ProductReviewsFieldsFragment, reviewsPageOf, reviewsVariables } from '../features/reviews/ProductReviews.tsx';
import { decimalAmount, MAX_CART_LINE_QUANTITY } from '../../../schema/rules/index.ts';
import { askedVariantCode, variantQuery } from '../../../schema/variant-link.ts';

const ProductPageQuery = graphql(`
  query ProductPage($slug: String!, $reviewsFirst: Int = 5, $reviewsOffset: Int = 0) {
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
      inStock
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
        jpegUrl
      }
      price {
        ...PriceFields
      }
      variants {
        id
        code
        ...VariantPickerFields
      }
      ...ProductGalleryFields
      ...BuyBoxFields
      ...ProductDescriptionFields
      ...ProductSafetyFields
      ...ProductReviewsFields
      similar {
        ...ProductCardFields
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const reviewsPage = reviewsPageOf(args.request, languageOfRequest(args.request));
  const variables = { slug: args.params.slug, ...reviewsVariables(reviewsPage) };
  const { data } = await apolloFor(args).query({ query: ProductPageQuery, variables });
  const product = data?.product;
  if (!product) throw notFound(args.request, 'product');
  const reviews = getFragmentData(ProductReviewsFieldsFragment, product);
  const slug = (language: 'cs' | 'en') => product.slugs.find((s) => s.language === language)?.slug ?? product.slug;
  const language = languageOfRequest(args.request);
  const search = new URL(args.request.url).searchParams;
  const asked = askedVariantCode(search);
  // an unknown code opens the product as without one
  const chosen = asked === null ? null : (product.variants.find((variant) => variant.code === asked)?.code ?? null);
  return {
    language,
    variables,
    chosenVariant: chosen,
    // the one address per real variant the response cache may keep: exactly the one variantHref gives
    storable: asked === null || (chosen !== null && search.toString() === variantQuery(chosen, language)),
    reviewsPage,
    formToken: formTokenFor(args),
    alternates: alternatesFor('product', { slug: slug('cs') }, { slug: slug('en') }),
    seo: {
      name: product.name,
      description: summary(product.shortDescription || product.description),
      // link previews and search engines take no SVG: the raster copy (decision 0074)
      image: product.images[0]?.jpegUrl ?? null,
      code: product.code,
      brand: product.manufacturer.name,
      price: priceOf(product.price),
      inStock: product.inStock,
      category: { name: product.category.name, path: href('category', languageOfRequest(args.request), { slug: product.category.slug }) },
      rating: reviews.ratingSummary.average !== null ? { average: reviews.ratingSummary.average, count: reviews.ratingSummary.count } : null,
      reviews: reviews.reviews.edges.map(({ node }) => ({ rating: node.rating, author: node.authorName, text: node.text, date: node.updatedAt })),
    },
  };
}

export async function loader(args: Route.LoaderArgs) {
  const page = await load(args);
  return page.storable ? page : data(page, { headers: { 'Cache-Control': 'private, no-store' } });
}

/** The parent's headers (its cookies) and the loader's Cache-Control. */
export const headers: HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const merged = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get('Cache-Control');
  if (cacheControl) merged.set('Cache-Control', cacheControl);
  return merged;
};
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

type AddActionData = { error: string; quantity: string };

/** "Do košíku" posted without JavaScript (docs/decisions/0020): the same mutation, then the cart page. */
export async function action(args: Route.ActionArgs) {
  const form = await readPageForm(args);
  const t = translatorFor(args.request);
  const client = apolloFor(args);
  const { data: page } = await client.query({ query: ProductPageQuery, variables: { slug: args.params.slug, ...reviewsVariables(1) } });
  const product = page?.product;
  if (!product) throw notFound(args.request, 'product');
  const typed = form.text('quantity', 10);
  if (form.staleToken) return data<AddActionData>({ error: t('noJs.staleForm'), quantity: typed }, { status: STALE_FORM_STATUS });
  const colour = form.text('colour', 64) || null;
  const size = form.text('size', 64) || null;
  const variants = pickerVariants(product.variants);
  const needsSize = distinctSizes(variants).length > 0;
  const variant = findVariant(variants, distinctColours(variants).length ? colour : null, needsSize ? size : null);
  if (!variant) return data<AddActionData>({ error: t('product.selectVariant'), quantity: typed }, { status: 400 });
  const quantity = form.int('quantity', 1, MAX_CART_LINE_QUANTITY);
  if (quantity === null) return data<AddActionData>({ error: t('noJs.quantityRange', { max: MAX_CART_LINE_QUANTITY }), quantity: typed }, { status: 400 });
  const result = await client.mutate({ mutation: AddToCartMutation, variables: { variantId: variant.id, quantity } });
  const outcome = result.data?.addToCart;
  if (outcome?.__typename === 'Cart') return backToPage(args.request, href('cart', languageOfRequest(args.request)));
  return data<AddActionData>({ error: outcome ? errorOf(outcome).message : t('cart.addFailed'), quantity: typed }, { status: 400 });
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
        // only published reviews of buyers (decision 0075)
        ...(seo.rating
          ? {
              aggregateRating: { '@type': 'AggregateRating', ratingValue: Math.round(seo.rating.average * 10) / 10, reviewCount: seo.rating.count, bestRating: 5, worstRating: 1 },
              review: seo.reviews.map((review) => ({
                '@type': 'Review',
                author: { '@type': 'Person', name: review.author },
                datePublished: review.date.slice(0, 10),
                reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
                ...(review.text ? { reviewBody: review.text } : {}),
              })),
            }
          : {}),
      },
    },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { data } = usePageQuery(ProductPageQuery, { variables: loaderData.variables });
  const product = data?.product;
  // The key resets the chosen variant when the shopper moves to another product (or another variant's link).
  const chosen = loaderData.chosenVariant;
  return product ? <ProductDetail key={`${product.id}:${chosen ?? ''}`} product={product} chosenVariant={chosen} reviewsPage={loaderData.reviewsPage} /> : null;
}

function ProductDetail({ product, chosenVariant, reviewsPage }: { product: NonNullable<ProductPageData['product']>; chosenVariant: string | null; reviewsPage: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const failed = useActionData<AddActionData>() ?? null;
  // the linked variant's colour and size are chosen; else a colour is preselected (the first one in stock); the gallery shows its picture
  const linkedId = product.variants.find((variant) => variant.code === chosenVariant)?.id;
  const linked = pickerVariants(product.variants).find((variant) => variant.id === linkedId);
  const [colour, setColour] = useState<string | null>(() => {
    if (linked) return linked.colour?.code ?? null;
    const variants = pickerVariants(product.variants);
    return (variants.find((variant) => variant.stock > 0) ?? variants[0])?.colour?.code ?? null;
  });
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
        <ProductGallery product={product} colour={colour} />
        <BuyBox product={product} colour={colour} onColour={setColour} initialSize={linked?.size ?? null} failed={failed} />
      </div>
      <ProductDescription product={product} />
      <ProductSafety product={product} />
      <ProductReviews product={product} slug={product.slug} page={reviewsPage} />
      {product.similar.length > 0 && (
        <section className="section" aria-labelledby="similar">
          <h2 id="similar">{t('product.similar')}</h2>
          <ProductGrid products={product.similar} />
        </section>
      )}
    </div>
  );
}
