// The model withdrawal form (Annex I(B) of Directive 2011/83/EU, Civil Code § 1820; docs/decisions/0061):
// /odstoupeni-od-smlouvy, /en/withdrawal-form, with its PDF (bff/src/http/withdrawal-form.ts). Linked
// from the terms (section 6), the order confirmation e-mail and the withdrawal function.
import { useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/withdrawal-model-form';
import { alternatesFor, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { modelFormText } from '../../../schema/rules/withdrawal.ts';
import { MODEL_FORM_PDF_PATHS } from '../../../schema/routes.ts';

// the period the form states is the shop's setting (WITHDRAWAL_PERIOD_DAYS), handed over by the BFF
export function loader(args: Route.LoaderArgs) {
  return { language: languageOfRequest(args.request), alternates: alternatesFor('withdrawalModelForm'), periodDays: args.context.withdrawalPeriodDays };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(modelFormText(loaderData.language, loaderData.periodDays).title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches })
    : [];

export default function WithdrawalModelFormPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { title, lines } = modelFormText(language, loaderData.periodDays);
  return (
    <div className="container page withdrawal-model-form" data-testid="withdrawal-model-form">
      <h1>{title}</h1>
      <p>{t('withdrawal.modelFormIntro')}</p>
      <p>
        <a href={MODEL_FORM_PDF_PATHS[language]} download data-testid="withdrawal-model-form-pdf">
          {t('withdrawal.modelFormPdf')}
        </a>
      </p>
      <section className="withdrawal-model-form__text" aria-label={title}>
        {lines.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </section>
    </div>
  );
}
