import { redirect } from 'react-router';
import { graphql } from '~/gql';
import type { Route } from './+types/info';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest } from '../language.ts';
import { pageMeta, summary, titleWithShop } from '../seo.ts';
import { RichText } from '../components/ui/RichText.tsx';
import { usePageQuery } from '../apollo/page-query.ts';

const InfoPageQuery = graphql(`
  query InfoPage($databaseId: Int!) {
    infoPage(databaseId: $databaseId) {
      id
      title
      slug
      body
      slugs {
        language
        slug
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(args.request);
  const variables = { databaseId: id };
  const { data } = await apolloFor(args).query({ query: InfoPageQuery, variables });
  const page = data?.infoPage;
  if (!page) throw notFound(args.request);
  const language = languageOfRequest(args.request);
  // An old or mistyped slug still finds the page, at its one canonical address.
  if (page.slug !== args.params.slug) throw redirect(href('info', language, { id, slug: page.slug }), 301);
  const slug = (l: 'cs' | 'en') => page.slugs.find((s) => s.language === l)?.slug ?? page.slug;
  return {
    language,
    variables,
    title: page.title,
    description: summary(page.body.replace(/^## .*$/gm, '')),
    alternates: alternatesFor('info', { id, slug: slug('cs') }, { id, slug: slug('en') }),
  };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(loaderData.title, loaderData.language), description: loaderData.description, alternates: loaderData.alternates, language: loaderData.language, matches })
    : [];

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { data } = usePageQuery(InfoPageQuery, { variables: loaderData.variables });
  const page = data?.infoPage;
  if (!page) return null;
  return (
    <article className="container page prose">
      <h1>{page.title}</h1>
      <RichText text={page.body} />
    </article>
  );
}
