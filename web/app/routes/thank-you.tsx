// The thank-you page after "Koupit a zaplatit" (/objednavka/dekujeme, /en/order/thank-you; issue 44
// section 2, docs/decisions/0076). Its address carries no secret: it shows the order this browser's
// session placed last (placeOrder remembers it there) and links its summary at the address without
// the hash (the session keeps that too). Here, and only here, the comparison sites' and Google's
// conversion scripts run: for a visitor who granted advertising consent, once per order (the server
// marks the order when it hands its data out), with this page's CSP extended for their hosts. Without
// JavaScript the page is the same, and no script runs.
import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/thank-you';
import { apolloFor } from '../apollo/load.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { consentChoiceOf, consentFromCookieHeader } from '../../../schema/rules/consent.ts';
import { useConversionScripts } from '../features/conversions/conversion-scripts.ts';

const ThankYouQuery = graphql(`
  query ThankYou {
    placedOrder {
      databaseId
      number
      email
    }
  }
`);

const ClaimConversionMutation = graphql(`
  mutation ClaimConversion {
    claimConversion {
      orderNumber
      currency
      totalGross
      items {
        itemId
        name
        unitGross
        quantity
      }
      heurekaKey
      zboziShopId
      googleSendTo
    }
  }
`);

export async function loader(args: Route.LoaderArgs) {
  const language = languageOfRequest(args.request);
  const client = apolloFor(args);
  const { data } = await client.query({ query: ThankYouQuery, fetchPolicy: 'network-only' });
  const order = data?.placedOrder ?? null;
  const consent = consentChoiceOf(consentFromCookieHeader(args.request.headers.get('cookie')));
  const allowScripts = args.context.allowConversionScripts;
  let measurement = null;
  // advertising consent, and the page's own render (its CSP is this response's): the order's data, once
  if (order && consent?.advertising && allowScripts) {
    measurement = (await client.mutate({ mutation: ClaimConversionMutation })).data?.claimConversion ?? null;
    if (measurement) allowScripts();
  }
  return { language, order, measurement, alternates: alternatesFor('thankYou') };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(resources[loaderData.language].common.thankYou.title, loaderData.language),
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
        noindex: true,
      })
    : [];

export default function ThankYouPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { order, measurement } = loaderData;
  useConversionScripts(measurement);
  if (!order) {
    return (
      <section data-testid="thank-you-none">
        <h1>{t('thankYou.noOrderTitle')}</h1>
        <p>{t('thankYou.noOrderText')}</p>
        <p>
          <Link className="button button--primary" to={href('home', language)}>
            {t('thankYou.toShop')}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section data-testid="thank-you">
      <h1>{t('thankYou.title')}</h1>
      <p>{t('thankYou.text', { number: order.number, email: order.email })}</p>
      <p className="account-actions">
        <Link className="button button--primary" to={href('orderSummaryKept', language, { id: order.databaseId })} data-testid="thank-you-summary">
          {t('thankYou.summary')}
        </Link>
        <Link className="button button--secondary" to={href('home', language)}>
          {t('thankYou.toShop')}
        </Link>
      </p>
    </section>
  );
}
