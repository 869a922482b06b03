// A match's page (/vstupenky/{slug}, /en/tickets/{slug}): the teams, kick-off in Prague time, the
// venue, the sales window and the seat picker. Its loader gives the meta data and the JSON-LD
// SportsEvent (with an AggregateOffer of the categories' prices), like a product page's Product.
import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/event';
import { apolloFor, notFound } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { breadcrumbList, jsonLd, pageMeta, publicUrlOf, titleWithShop } from '../seo.ts';
import { priceOf } from '../components/ui/Money.tsx';
import { usePageQuery } from '../apollo/page-query.ts';
import { decimalAmount } from '../../../schema/rules/index.ts';
import { formatDateTime } from '../../../schema/rules/dates.ts';
import { SeatPicker } from '../features/tickets/SeatPicker.tsx';

const EventPageQuery = graphql(`
  query EventPage($slug: String!) {
    event(slug: $slug) {
      id
      slug
      name
      homeTeam
      awayTeam
      competition
      kickoff
      salesOpen
      salesEnd
      maxSeatsPerOrder
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
      ...SeatPickerFields
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  const language = languageOfRequest(args.request);
  const variables = { slug: args.params.slug };
  const { data } = await apolloFor(args).query({ query: EventPageQuery, variables, fetchPolicy: 'network-only' });
  const event = data?.event;
  if (!event) throw notFound(args.request);
  const prices = event.categories.map((category) => priceOf(category.price));
  return {
    language,
    variables,
    alternates: alternatesFor('event', { slug: event.slug }),
    seo: {
      name: event.name,
      homeTeam: event.homeTeam,
      awayTeam: event.awayTeam,
      competition: event.competition,
      kickoff: event.kickoff,
      venue: event.venue,
      salesOpen: event.salesOpen,
      description: `${event.competition}: ${event.name}, ${formatDateTime(event.kickoff, language)}, ${event.venue.name}, ${event.venue.city}. ${resources[language].common.tickets.intro}`,
      currency: prices[0]?.currency ?? 'CZK',
      lowPrice: prices.length ? Math.min(...prices.map((price) => price.withVat)) : 0,
      highPrice: prices.length ? Math.max(...prices.map((price) => price.withVat)) : 0,
    },
  };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { seo, language, alternates } = loaderData;
  const base = publicUrlOf(matches);
  const common = resources[language].common;
  return [
    ...pageMeta({ title: titleWithShop(`${seo.name} – ${common.tickets.title}`, language), description: seo.description, alternates, language, matches }),
    breadcrumbList(base, language, [
      { name: common.tickets.title, path: href('events', language) },
      { name: seo.name, path: alternates[language] },
    ]),
    jsonLd({
      '@type': 'SportsEvent',
      name: seo.name,
      description: seo.description,
      startDate: seo.kickoff,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      sport: 'https://en.wikipedia.org/wiki/Association_football',
      homeTeam: { '@type': 'SportsTeam', name: seo.homeTeam },
      awayTeam: { '@type': 'SportsTeam', name: seo.awayTeam },
      superEvent: { '@type': 'SportsEvent', name: seo.competition },
      location: { '@type': 'Place', name: seo.venue.name, address: { '@type': 'PostalAddress', addressLocality: seo.venue.city, addressCountry: 'CZ' } },
      offers: {
        '@type': 'AggregateOffer',
        url: base + alternates[language],
        priceCurrency: seo.currency,
        lowPrice: decimalAmount(seo.lowPrice),
        highPrice: decimalAmount(seo.highPrice),
        availability: seo.salesOpen ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      },
    }),
  ];
};

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = usePageQuery(EventPageQuery, { variables: loaderData.variables });
  const event = data?.event;
  if (!event) return null;
  return (
    <div className="container page event-page">
      <nav aria-label={t('nav.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to={href('home', language)}>{t('nav.home')}</Link>
          </li>
          <li>
            <Link to={href('events', language)}>{t('tickets.title')}</Link>
          </li>
          <li aria-current="page">{event.name}</li>
        </ol>
      </nav>
      <p className="event-page__competition">{event.competition}</p>
      <h1>{event.name}</h1>
      <dl className="event-page__facts">
        <div>
          <dt>{t('tickets.kickoff')}</dt>
          <dd>
            <time dateTime={event.kickoff}>{formatDateTime(event.kickoff, language)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('tickets.venue')}</dt>
          <dd>
            {event.venue.name}, {event.venue.city}
          </dd>
        </div>
      </dl>
      <p className="muted">
        {event.salesOpen ? t('tickets.salesEnd', { date: formatDateTime(event.salesEnd, language) }) : t('tickets.salesClosed')}
      </p>
      <SeatPicker event={event} />
    </div>
  );
}
