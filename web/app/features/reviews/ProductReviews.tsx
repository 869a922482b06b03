// The product page's reviews (issue 44 §3, decision 0075): the average and count, a histogram (a list
// of "5 hvězdiček: 3 recenze" rows, the bars only drawn for the eye), the published reviews newest
// first with "Ověřený nákup", paged by links (?recenze=2 / ?reviews=2) that work without JavaScript,
// the link to write one, and "Jak ověřujeme recenze" beside them, as the law asks.
import { Link } from 'react-router';
import { getFragmentData, graphql, type FragmentType } from '~/gql';
import { useTranslation } from '../../i18n/index.ts';
import { href, useLanguage } from '../../language.ts';
import { formatDate, type Locale } from '../../../../schema/rules/index.ts';
import { formatRating, REVIEWS_PAGE_SIZE } from '../../../../schema/rules/review.ts';
import { Stars } from './Stars.tsx';

export const ProductReviewsFieldsFragment = graphql(`
  fragment ProductReviewsFields on Product {
    id
    ratingSummary {
      count
      average
      histogram {
        rating
        count
      }
    }
    reviews(first: $reviewsFirst, offset: $reviewsOffset) {
      totalCount
      offset
      pageInfo {
        hasNextPage
        hasPreviousPage
      }
      edges {
        node {
          id
          rating
          text
          authorName
          verifiedPurchase
          updatedAt
        }
      }
    }
  }
`);

/** The page parameter of the reviews' pages, in each language. */
export const REVIEWS_PAGE_PARAM: Record<Locale, string> = { cs: 'recenze', en: 'reviews' };

/** The reviews' page asked for in the address (1 when absent or not a page number). */
export function reviewsPageOf(request: Request, language: Locale): number {
  const value = new URL(request.url).searchParams.get(REVIEWS_PAGE_PARAM[language]) ?? '';
  return /^[1-9]\d{0,3}$/.test(value) ? Number(value) : 1;
}

export function reviewsVariables(page: number) {
  return { reviewsFirst: REVIEWS_PAGE_SIZE, reviewsOffset: (page - 1) * REVIEWS_PAGE_SIZE };
}

export function ProductReviews(props: { product: FragmentType<typeof ProductReviewsFieldsFragment>; slug: string; page: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const product = getFragmentData(ProductReviewsFieldsFragment, props.product);
  const { ratingSummary: summary, reviews } = product;
  const pagePath = (page: number) => `${href('product', language, { slug: props.slug })}${page > 1 ? `?${REVIEWS_PAGE_PARAM[language]}=${page}` : ''}#reviews`;
  return (
    <section className="section product-reviews" aria-labelledby="reviews" data-testid="product-reviews">
      <h2 id="reviews">{t('reviews.title')}</h2>
      {summary.count > 0 && summary.average !== null ? (
        <div className="product-reviews__summary">
          <p className="product-reviews__average" data-testid="rating-average">
            <strong>{formatRating(summary.average, language)}</strong> / 5 <Stars rating={summary.average} count={summary.count} />
          </p>
          <table className="rating-histogram" data-testid="rating-histogram">
            <caption className="visually-hidden">{t('reviews.histogramCaption')}</caption>
            <tbody>
              {summary.histogram.map((bar) => (
                <tr key={bar.rating}>
                  <th scope="row">{t('reviews.stars', { count: bar.rating })}</th>
                  <td className="rating-histogram__bar" aria-hidden="true">
                    <span style={{ width: `${summary.count ? (bar.count / summary.count) * 100 : 0}%` }} />
                  </td>
                  <td>{t('reviews.count', { count: bar.count })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('reviews.none')}</p>
      )}
      <p className="product-reviews__links">
        <Link to={href('reviewWrite', language, { slug: props.slug })} rel="nofollow" data-testid="write-review">
          {t('reviews.write')}
        </Link>
        {' · '}
        <Link to={href('reviewsPolicy', language)}>{t('reviews.howWeVerify')}</Link>
      </p>
      {reviews.edges.length > 0 && (
        <ol className="review-list" data-testid="review-list">
          {reviews.edges.map(({ node }) => (
            <li key={node.id} className="review" data-testid="review">
              <p className="review__head">
                <Stars rating={node.rating} /> <strong>{node.authorName}</strong>
                {node.verifiedPurchase && <span className="review__verified">{t('reviews.verifiedPurchase')}</span>}
                <span className="review__date">{formatDate(node.updatedAt, language)}</span>
              </p>
              {node.text && <p className="review__text">{node.text}</p>}
            </li>
          ))}
        </ol>
      )}
      {(reviews.pageInfo.hasPreviousPage || reviews.pageInfo.hasNextPage) && (
        <nav aria-label={t('reviews.pages')} className="review-pages">
          {reviews.pageInfo.hasPreviousPage && <Link to={pagePath(props.page - 1)}>{t('reviews.newer')}</Link>}
          {reviews.pageInfo.hasNextPage && <Link to={pagePath(props.page + 1)}>{t('reviews.older')}</Link>}
        </nav>
      )}
    </section>
  );
}
