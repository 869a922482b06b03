import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/article';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { absoluteUrl, breadcrumbList, jsonLd, pageMeta, publicUrlOf, titleWithShop } from '../seo.ts';
import { SUPPLIER } from '../../../schema/rules/supplier.ts';
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
    image: article.imageUrl,
    publishedAt: article.publishedAt,
    alternates: alternatesFor('article', { slug: slug('cs') }, { slug: slug('en') }),
  };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { language, alternates, title, description, image, publishedAt } = loaderData;
  const base = publicUrlOf(matches);
  const url = base + alternates[language];
  return [
    ...pageMeta({ title: titleWithShop(title, language), description, alternates, language, matches, image, type: 'article' }),
    breadcrumbList(base, language, [
      { name: resources[language].common.nav.blog, path: href('blog', language) },
      { name: title, path: alternates[language] },
    ]),
    jsonLd({
      '@type': 'BlogPosting',
      headline: title,
      description,
      ...(image ? { image: [absoluteUrl(base, image)] } : {}),
      datePublished: publishedAt,
      author: { '@type': 'Organization', name: SUPPLIER.shopName, url: `${base}/` },
      publisher: { '@id': `${base}/#organization`, '@type': 'Organization', name: SUPPLIER.shopName, logo: { '@type': 'ImageObject', url: `${base}/favicon.svg` } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      url,
      inLanguage: language,
    }),
  ];
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = usePageQuery(ArticleQuery, { variables: loaderData.variables });
  const article = data?.article;
  if (!article) return null;
  return (
    <article className="container page prose">
      <nav aria-label={t('nav.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to={href('home', language)}>{t('nav.home')}</Link>
          </li>
          <li>
            <Link to={href('blog', language)}>{t('nav.blog')}</Link>
          </li>
          <li aria-current="page">{article.title}</li>
        </ol>
      </nav>
      <h1>{article.title}</h1>
      <p className="muted">{t('blog.published', { date: formatDate(new Date(article.publishedAt), language) })}</p>
      {article.imageUrl && <img className="article-image" src={article.imageUrl} alt="" width={960} height={504} />}
      <p className="lead">{article.perex}</p>
      <RichText text={article.body} />
    </article>
  );
}
