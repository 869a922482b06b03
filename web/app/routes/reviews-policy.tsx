// "Jak ověřujeme recenze" / "How we verify reviews" (issue 44 §3, decision 0075): the statement the
// Consumer Protection Act asks of a shop that shows reviews (whether and how they are verified), linked
// beside the reviews. Plain text of the i18n files; no query, no form.
import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/reviews-policy';
import { alternatesFor, infoHref, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  return { language: languageOfRequest(args.request), alternates: alternatesFor('reviewsPolicy') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(resources[loaderData.language].common.reviewsPolicy.title, loaderData.language),
        description: resources[loaderData.language].common.reviewsPolicy.intro,
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
      })
    : [];

export default function ReviewsPolicy() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <article className="container page prose" data-testid="reviews-policy">
      <h1>{t('reviewsPolicy.title')}</h1>
      <p>{t('reviewsPolicy.intro')}</p>
      <h2>{t('reviewsPolicy.whoTitle')}</h2>
      <p>{t('reviewsPolicy.who')}</p>
      <h2>{t('reviewsPolicy.checkTitle')}</h2>
      <p>{t('reviewsPolicy.check')}</p>
      <h2>{t('reviewsPolicy.showTitle')}</h2>
      <p>{t('reviewsPolicy.show')}</p>
      <p>
        <Link to={infoHref('contact', language)}>{t('reviewsPolicy.contact')}</Link>
      </p>
    </article>
  );
}
