// A signed-in buyer's review of a product (/ucet/recenze/{slug}, /en/account/review/{slug}; issue 44 §3,
// decision 0075), linked from the product page's reviews and from each line of the account's order
// detail. The form shows for a buyer whose order with the product was delivered or picked up (the BFF
// decides, and decides again when the form is posted); it posts to this page, with or without JavaScript.
import { Link, useActionData } from 'react-router';
import { createI18n, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/review-write';
import { apolloFor, notFound } from '../apollo/load.ts';
import { requireCustomer } from '../apollo/guard.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { formTokenFor } from '../forms/FormToken.tsx';
import { ReviewForm } from '../features/reviews/ReviewForm.tsx';
import { submitReviewForm } from '../features/reviews/review-form.server.ts';

const ReviewWriteQuery = graphql(`
  query ReviewWrite($slug: String!) {
    product(slug: $slug) {
      id
      name
      slugs {
        language
        slug
      }
    }
  }
`);

const ReviewEligibilityQuery = graphql(`
  query ReviewEligibility($productId: ID!) {
    reviewEligibility(productId: $productId) {
      canReview
      review {
        rating
        text
        status
      }
    }
  }
`);

async function pageOf(args: Route.LoaderArgs | Route.ActionArgs) {
  await requireCustomer(args);
  const client = apolloFor(args);
  const { data } = await client.query({ query: ReviewWriteQuery, variables: { slug: args.params.slug ?? '' } });
  const product = data?.product;
  if (!product) throw notFound(args.request, 'product');
  const { data: standing } = await client.query({ query: ReviewEligibilityQuery, variables: { productId: product.id }, fetchPolicy: 'network-only' });
  return { product, eligibility: standing?.reviewEligibility ?? { canReview: false, review: null } };
}

export async function loader(args: Route.LoaderArgs) {
  const { product, eligibility } = await pageOf(args);
  const slug = (language: 'cs' | 'en') => product.slugs.find((s) => s.language === language)?.slug ?? '';
  return {
    language: languageOfRequest(args.request),
    product: { id: product.id, name: product.name, slug: slug(languageOfRequest(args.request)) },
    eligibility,
    formToken: formTokenFor(args),
    alternates: alternatesFor('reviewWrite', { slug: slug('cs') }, { slug: slug('en') }),
  };
}

export async function action(args: Route.ActionArgs) {
  // the posted product must be this page's: the form cannot name another
  const { product } = await pageOf(args);
  return submitReviewForm(args, null, product.id);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(createI18n(loaderData.language).t('reviews.writeTitle', { name: loaderData.product.name }), loaderData.language),
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
        noindex: true,
      })
    : [];

export default function ReviewWritePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const posted = useActionData<typeof action>()?.review ?? null;
  const { product, eligibility } = loaderData;
  const stored = eligibility.review;
  return (
    <div className="container page review-page" data-testid="review-write-page">
      <h1>{t('reviews.writeTitle', { name: product.name })}</h1>
      {eligibility.canReview ? (
        <>
          {stored && !posted && <p data-testid="review-status">{t(`reviews.status.${stored.status}`)}</p>}
          <ReviewForm idPrefix="review" state={posted ?? { productId: product.id, rating: stored?.rating ?? null, text: stored?.text ?? '' }} />
        </>
      ) : (
        <p role="alert" data-testid="review-not-allowed">
          {t('reviews.notAllowed')}
        </p>
      )}
      <p>
        <Link to={href('product', language, { slug: product.slug })}>{t('reviews.backToProduct')}</Link>
        {' · '}
        <Link to={href('reviewsPolicy', language)}>{t('reviews.howWeVerify')}</Link>
      </p>
    </div>
  );
}
