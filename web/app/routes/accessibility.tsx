// The accessibility statement (Act 424/2023 Sb., the European Accessibility Act; issue 42 item 5,
// decision 0064): the standard, the conformance as the test suite measures it, the known limitations,
// how to report a barrier, the date of the last review and the supervising authority (ČOI). Plain
// text of the i18n files; no query, no form: it reads the same without JavaScript.
import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/accessibility';
import { alternatesFor, infoHref, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { formatDate } from '../../../schema/rules/index.ts';
import { SUPPLIER } from '../../../schema/rules/supplier.ts';

/** The day the statement was last reviewed against the test results it names: change it with them. */
export const ACCESSIBILITY_REVIEWED_ON = '2026-11-29';

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  return { language: languageOfRequest(args.request), alternates: alternatesFor('accessibility') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: titleWithShop(resources[loaderData.language].common.accessibility.title, loaderData.language),
        description: resources[loaderData.language].common.accessibility.description,
        alternates: loaderData.alternates,
        language: loaderData.language,
        matches,
      })
    : [];

export default function AccessibilityStatement() {
  const { t } = useTranslation();
  const language = useLanguage();
  const email = SUPPLIER.email;
  return (
    <article className="container page prose accessibility-statement">
      <h1>{t('accessibility.title')}</h1>
      <p>{t('accessibility.intro', { company: SUPPLIER.company, shop: SUPPLIER.shopName, web: SUPPLIER.web })}</p>

      <h2>{t('accessibility.standardTitle')}</h2>
      <p>{t('accessibility.standard')}</p>

      <h2>{t('accessibility.conformanceTitle')}</h2>
      <p>{t('accessibility.conformance')}</p>

      <h2>{t('accessibility.measuredTitle')}</h2>
      <p>{t('accessibility.measuredIntro')}</p>
      <ul>
        <li>{t('accessibility.measuredAxe')}</li>
        <li>{t('accessibility.measuredNoJs')}</li>
        <li>{t('accessibility.measuredLighthouse')}</li>
      </ul>
      <p>{t('accessibility.measuredLimits')}</p>

      <h2>{t('accessibility.limitsTitle')}</h2>
      <ul>
        <li>{t('accessibility.limitMap')}</li>
        <li>{t('accessibility.limitSeats')}</li>
        <li>{t('accessibility.limitPdf')}</li>
        <li>{t('accessibility.limitThirdParty')}</li>
      </ul>

      <h2 id="report-barrier">{t('accessibility.reportTitle')}</h2>
      <p>
        {t('accessibility.report', { email, phone: SUPPLIER.phone })}
      </p>
      <p>
        <a href={`mailto:${email}`}>{email}</a>
        {' · '}
        <a href={`tel:${SUPPLIER.phone.replace(/\s/g, '')}`}>{SUPPLIER.phone}</a>
        {' · '}
        <Link to={infoHref('contact', language)}>{t('accessibility.reportContact')}</Link>
      </p>

      <h2>{t('accessibility.reviewedTitle')}</h2>
      <p>
        {t('accessibility.reviewed', { date: formatDate(ACCESSIBILITY_REVIEWED_ON, language) })}
      </p>

      <h2>{t('accessibility.authorityTitle')}</h2>
      <p>{t('accessibility.authority')}</p>
      <p>
        <a href="https://www.coi.gov.cz/" rel="noopener noreferrer">
          {t('accessibility.authorityLink')}
        </a>
      </p>
    </article>
  );
}
