import { Link } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/article';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { RichText } from '../components/ui/RichText.tsx';
import { formatDate } from '../../../schema/rules/index.ts';
import { usePageQuery } from '../apollo/page-query.ts';

const ArticleQuery = graphql(`
  query Article($slug: String!) {
    article(slug: $slug) {
      id
      title
      slug
      perex
      body
      imageUrl
      publishedAt
      slugs {
        language
        slug
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const variables = { slug: args.params.slug };
  const { data } = await apolloFor(args).query({ query: ArticleQuery, variables });
  const article = data?.article;
  if (!article) throw notFound(args.request);
  const slug = (l: 'cs' | 'en') => article.slugs.find((s) => s.language === l)?.slug ?? article.slug;
  return {
    language: languageOfRequest(args.request),
    variables,
    title: article.title,
    description: article.perex,
    alternates: alternatesFor('article', { slug: slug('cs') }, { slug: slug('en') }),
  };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(loaderData.title, loaderData.language), description: loaderData.description, alternates: loaderData.alternates, language: loaderData.language, matches })
    : [];

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = usePageQuery(ArticleQuery, { variables: loaderData.variables });
  const article = data?.article;
  if (!article) return null;
  return (
    <article className="container page prose">
      <p>
        <Link to={href('blog', language)}>← {t('blog.back')}</Link>
      </p>
      <h1>{article.title}</h1>
      <p className="muted">{t('blog.published', { date: formatDate(new Date(article.publishedAt), language) })}</p>
      {article.imageUrl && <img className="article-image" src={article.imageUrl} alt="" width={960} height={540} />}
      <p className="lead">{article.perex}</p>
      <RichText text={article.body} />
    </article>
  );
}
