// The matches on sale (/vstupenky, /en/tickets): each with its teams, competition, kick-off in
// Prague time, venue and the lowest price, linking to its seat picker.
import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/events';
import { apolloFor } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { priceOf, useFormatMoney } from '../components/ui/Money.tsx';
import { usePageQuery } from '../apollo/page-query.ts';
import { formatDateTime } from '../../../schema/rules/dates.ts';

const EventsPageQuery = graphql(`
  query EventsPage {
    events(first: 50) {
      edges {
        node {
          id
          slug
          name
          competition
          kickoff
          salesOpen
          venue {
            name
            city
          }
          categories {
            id
            price {
              ...PriceFields
            }
          }
        }
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await apolloFor(args).query({ query: EventsPageQuery });
  return { language: languageOfRequest(args.request), alternates: alternatesFor('events') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(resources[loaderData.language].common.tickets.title, loaderData.language),
        description: resources[loaderData.language].common.tickets.metaDescription,
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
      })
    : [];

export default function Events() {
  const { t } = useTranslation();
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const { data } = usePageQuery(EventsPageQuery);
  if (!data) return null;
  const events = data.events.edges.map((edge) => edge.node);
  return (
    <div className="container page">
      <h1>{t('tickets.title')}</h1>
      <p className="lead">{t('tickets.intro')}</p>
      {events.length === 0 ? <p>{t('tickets.none')}</p> : null}
      <ul className="event-list">
        {events.map((event) => {
          const prices = event.categories.map((category) => priceOf(category.price));
          const lowest = prices.reduce<(typeof prices)[number] | null>((low, price) => (low === null || price.withVat < low.withVat ? price : low), null);
          return (
            <li key={event.id} className="event-card">
              <p className="event-card__competition">{event.competition}</p>
              <h2 className="event-card__name">
                <Link to={href('event', language, { slug: event.slug })}>{event.name}</Link>
              </h2>
              <p className="event-card__when">
                <time dateTime={event.kickoff}>{formatDateTime(event.kickoff, language)}</time>, {event.venue.name}, {event.venue.city}
              </p>
              {lowest ? <p className="event-card__price">{t('tickets.pricesFrom', { price: formatMoney(lowest.withVat, lowest.currency) })}</p> : null}
              {event.salesOpen ? (
                <Link className="button button--primary" to={href('event', language, { slug: event.slug })} aria-label={`${t('tickets.choose')}: ${event.name}`}>
                  {t('tickets.choose')}
                </Link>
              ) : (
                <p className="muted">{t('tickets.salesClosed')}</p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
