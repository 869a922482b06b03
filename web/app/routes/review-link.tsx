// The review request e-mail's link (/recenze/{token}, /en/review/{token}; issue 44 §3, decision 0075):
// the delivered order's products, each with the review form, for a guest order too. The token is the
// only key: every post carries it to writeReview, which checks it again. No tag runs here (a secret
// address, schema/routes.ts SECRET_URL_ROUTES).
import { Link, useActionData } from 'react-router';
import { createI18n, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/review-link';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { formTokenFor } from '../forms/FormToken.tsx';
import { ReviewForm } from '../features/reviews/ReviewForm.tsx';
import { submitReviewForm } from '../features/reviews/review-form.server.ts';

const ReviewLinkQuery = graphql(`
  query ReviewLinkPage($token: String!) {
    reviewLink(token: $token) {
      orderNumber
      products {
        productId
        name
        review {
          rating
          text
          status
        }
      }
    }
  }
`);

async function orderOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const token = args.params.token ?? '';
  const { data } = await apolloFor(args).query({ query: ReviewLinkQuery, variables: { token }, fetchPolicy: 'network-only' });
  if (!data?.reviewLink) throw notFound(args.request);
  return { token, order: data.reviewLink };
}

export async function loader(args: Route.LoaderArgs) {
  const { token, order } = await orderOf(args);
  return { language: languageOfRequest(args.request), token, order, formToken: formTokenFor(args), alternates: alternatesFor('reviewLink', { token }) };
}

export async function action(args: Route.ActionArgs) {
  const { token } = await orderOf(args);
  return submitReviewForm(args, token);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(createI18n(loaderData.language).t('reviews.linkTitle', { number: loaderData.order.orderNumber }), loaderData.language),
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
        noindex: true,
      })
    : [];

export default function ReviewLinkPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const posted = useActionData<typeof action>()?.review ?? null;
  const { order, token } = loaderData;
  return (
    <div className="container page review-page" data-testid="review-link-page">
      <h1>{t('reviews.linkTitle', { number: order.orderNumber })}</h1>
      <p>
        {t('reviews.linkIntro')} <Link to={href('reviewsPolicy', language)}>{t('reviews.howWeVerify')}</Link>
      </p>
      {order.products.map((product, index) => (
        <section key={product.productId} className="section" aria-labelledby={`review-product-${index}`}>
          <h2 id={`review-product-${index}`}>{product.name}</h2>
          {product.review && posted?.productId !== product.productId && <p>{t(`reviews.status.${product.review.status}`)}</p>}
          <ReviewForm
            idPrefix={`review-${index}`}
            token={token}
            state={posted?.productId === product.productId ? posted : { productId: product.productId, rating: product.review?.rating ?? null, text: product.review?.text ?? '' }}
          />
        </section>
      ))}
    </div>
  );
}
