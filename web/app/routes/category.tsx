import { Link, redirect } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/category';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { ProductListing } from '../features/catalog/ProductListing.tsx';
import { listingVariables, parseListing } from '../features/catalog/listing-params.ts';
import { breadcrumbList, pageMeta, publicUrlOf, summary, titleWithShop } from '../seo.ts';
import { usePageQuery } from '../apollo/page-query.ts';

const CategoryPageQuery = graphql(`
  query CategoryPage($slug: String!, $first: Int!, $offset: Int, $filter: ProductFilter, $sort: ProductSort) {
    category(slug: $slug) {
      id
      name
      slug
      description
      slugs {
        language
        slug
      }
      parent {
        id
        name
        slug
      }
      children {
        id
        name
        slug
      }
    }
    products(first: $first, offset: $offset, filter: $filter, sort: $sort) {
      ...ProductListFields
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const url = new URL(args.request.url);
  const state = parseListing(url.searchParams);
  const base = listingVariables(state);
  const variables = { ...base, slug: args.params.slug, filter: { ...base.filter, categorySlug: args.params.slug } };
  const { data } = await apolloFor(args).query({ query: CategoryPageQuery, variables });
  if (!data?.category) throw notFound(args.request, 'category');
  // the other language's slug (e.g. /en/category/{czech slug}): 301 to this language's own, as info pages do
  if (data.category.slug !== args.params.slug) throw redirect(href('category', languageOfRequest(args.request), { slug: data.category.slug }) + url.search, 301);
  const slug = (language: 'cs' | 'en') => data.category!.slugs.find((s) => s.language === language)?.slug ?? args.params.slug;
  return {
    language: languageOfRequest(args.request),
    variables,
    state,
    title: data.category.name,
    description: summary(data.category.description),
    alternates: alternatesFor('category', { slug: slug('cs') }, { slug: slug('en') }),
    parent: data.category.parent ? { name: data.category.parent.name, path: href('category', languageOfRequest(args.request), { slug: data.category.parent.slug }) } : null,
  };
}

/** The demo catalog's fan-shop category (prisma/seed/data/categories.ts), whose page links the match tickets. */
const FAN_SHOP_SLUG = 'fan-shop';

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { language, alternates, parent, title } = loaderData;
  return [
    ...pageMeta({ title: titleWithShop(title, language), description: loaderData.description, alternates, language, matches }),
    // the trail shown above the listing
    breadcrumbList(publicUrlOf(matches), language, [...(parent ? [parent] : []), { name: title, path: alternates[language] }]),
  ];
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = usePageQuery(CategoryPageQuery, { variables: loaderData.variables });
  const category = data?.category;
  if (!category || !data) return null;
  return (
    <div className="container page">
      <nav aria-label={t('nav.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to={href('home', language)}>{t('nav.home')}</Link>
          </li>
          {category.parent && (
            <li>
              <Link to={href('category', language, { slug: category.parent.slug })}>{category.parent.name}</Link>
            </li>
          )}
          <li aria-current="page">{category.name}</li>
        </ol>
      </nav>
      <h1>{category.name}</h1>
      {category.description && <p className="lead">{category.description}</p>}
      {/* the fan shop (and its subcategories) leads to the match tickets too */}
      {(category.slug === FAN_SHOP_SLUG || category.parent?.slug === FAN_SHOP_SLUG) && (
        <p className="category-tickets">
          <Link className="button button--secondary" to={href('events', language)}>
            {t('tickets.fanShopLink')}
          </Link>
        </p>
      )}
      {category.children.length > 0 && (
        <nav aria-label={t('category.subcategories')} className="chips">
          <ul>
            {category.children.map((child) => (
              <li key={child.id}>
                <Link className="chip" to={href('category', language, { slug: child.slug })}>
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ProductListing list={data.products} state={loaderData.state} basePath={href('category', language, { slug: category.slug })} />
    </div>
  );
}
