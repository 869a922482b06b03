import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/home';
import { apolloFor } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { ProductGrid } from '../features/catalog/ProductCard.tsx';
import { jsonLd, organization, pageMeta, publicUrlOf, website, withShopName } from '../seo.ts';
import { usePageQuery } from '../apollo/page-query.ts';

const HomeQuery = graphql(`
  query Home {
    infoTiles {
      id
      title
      subtitle
      imageUrl
      width
      height
      link
    }
    newProducts: products(first: 8, filter: { isNew: true }, sort: NEWEST) {
      edges {
        node {
          ...ProductCardFields
        }
      }
    }
    saleProducts: products(first: 8, filter: { isSale: true }, sort: BEST_SELLING) {
      edges {
        node {
          ...ProductCardFields
        }
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await apolloFor(args).query({ query: HomeQuery });
  return { language: languageOfRequest(args.request), alternates: alternatesFor('home') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const language = loaderData?.language ?? 'cs';
  const texts = resources[language].common.meta;
  const base = publicUrlOf(matches);
  return [
    ...pageMeta({ title: withShopName(texts.homeTitle), description: texts.homeDescription, alternates: loaderData?.alternates, language, matches }),
    jsonLd(organization(base)),
    jsonLd(website(base, language, href('home', language), href('search', language))),
  ];
};

function Tile({ tile, first = false }: { tile: { title: string; subtitle: string; imageUrl: string; width: number; height: number; link?: string | null }; first?: boolean }) {
  const content = (
    <>
      {/* the first tile is the home page's largest paint: fetched first */}
      <img src={tile.imageUrl} alt="" width={tile.width} height={tile.height} loading="eager" fetchPriority={first ? 'high' : 'auto'} />
      <span className="tile__text">
        <strong>{tile.title}</strong>
        <span>{tile.subtitle}</span>
      </span>
    </>
  );
  if (!tile.link) return <div className="tile">{content}</div>;
  return tile.link.startsWith('/') ? (
    <Link to={tile.link} className="tile">
      {content}
    </Link>
  ) : (
    <a href={tile.link} className="tile" rel="noopener noreferrer">
      {content}
    </a>
  );
}

export default function Home() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = usePageQuery(HomeQuery);
  if (!data) return null;
  return (
    <div className="home">
      <section className="hero">
        <div className="container hero__inner">
          <h1>{t('home.heroTitle')}</h1>
          <p>{t('home.heroText')}</p>
          <Link className="button button--primary" to={`${href('search', language)}?sort=newest`}>
            {t('home.heroCta')}
          </Link>
        </div>
      </section>
      <ul className="tiles container" aria-label={t('tagline')}>
        {data.infoTiles.map((tile, index) => (
          <li key={tile.id}>
            <Tile tile={tile} first={index === 0} />
          </li>
        ))}
      </ul>
      <section className="container section" aria-labelledby="new-products">
        <h2 id="new-products">{t('home.newProducts')}</h2>
        {/* below the tiles: on a phone not in the first screen, so no head start over the stylesheet */}
        <ProductGrid products={data.newProducts.edges.map((edge) => edge.node)} />
      </section>
      <section className="container section" aria-labelledby="sale-products">
        <h2 id="sale-products">{t('home.saleProducts')}</h2>
        <ProductGrid products={data.saleProducts.edges.map((edge) => edge.node)} />
      </section>
    </div>
  );
}
