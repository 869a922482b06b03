import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/blog';
import { apolloFor } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { formatDate } from '../../../schema/rules/index.ts';
import { usePageQuery } from '../apollo/page-query.ts';

const BlogQuery = graphql(`
  query Blog {
    articles(first: 50) {
      id
      title
      slug
      perex
      imageUrl
      publishedAt
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await apolloFor(args).query({ query: BlogQuery });
  return { language: languageOfRequest(args.request), alternates: alternatesFor('blog') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(resources[loaderData.language].common.blog.title, loaderData.language),
        description: resources[loaderData.language].common.blog.description,
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
      })
    : [];

export default function Blog() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = usePageQuery(BlogQuery);
  if (!data) return null;
  return (
    <div className="container page">
      <h1>{t('blog.title')}</h1>
      {data.articles.length === 0 ? (
        <p className="empty-state">{t('blog.empty')}</p>
      ) : (
        <ul className="article-list">
          {data.articles.map((article) => (
            <li key={article.id}>
              <article className="article-card">
                {article.imageUrl && <img src={article.imageUrl} alt="" width={640} height={336} loading="lazy" />}
                <div>
                  <h2>
                    <Link to={href('article', language, { slug: article.slug })}>{article.title}</Link>
                  </h2>
                  <p className="muted">{t('blog.published', { date: formatDate(new Date(article.publishedAt), language) })}</p>
                  <p>{article.perex}</p>
                  <Link to={href('article', language, { slug: article.slug })} aria-hidden="true" tabIndex={-1}>
                    {t('blog.readMore')}
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
