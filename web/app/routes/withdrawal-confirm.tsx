// The link that confirms a guest's withdrawal from the contract (/objednavka/potvrzeni-odstoupeni/{token},
// /en/order/confirm-withdrawal/{token}; docs/decisions/0061), sent to the order's e-mail and valid 24
// hours. Opening it changes nothing (mail programs and scanners open links on their own, as for the
// order's confirmation link, decision 0049); its button posts the form, which confirms the withdrawal.
// A second confirmation changes nothing and says when it was received. Works without JavaScript.
import { data, Form, useActionData } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { graphql } from '~/gql';
import type { Route } from './+types/withdrawal-confirm';
import { apolloFor } from '../apollo/load.ts';
import { errorOf } from '../apollo/errors.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { FormToken, formTokenFor } from '../forms/FormToken.tsx';
import { readPageForm, STALE_FORM_STATUS, translatorFor } from '../forms/page-form.server.ts';
import { Link } from 'react-router';
import { formatDateTime } from '../../../schema/rules/dates.ts';

const ConfirmWithdrawalMutation = graphql(`
  mutation ConfirmWithdrawal($token: String!) {
    confirmWithdrawal(token: $token) {
      __typename
      ... on Withdrawal {
        databaseId
        state
        receivedAt
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export async function loader(args: Route.LoaderArgs) {
  const token = args.params.token ?? '';
  // without JavaScript the address keeps its token, and so does the language switch
  return { language: languageOfRequest(args.request), alternates: alternatesFor('withdrawalConfirm', { token }, { token }), formToken: formTokenFor(args) };
}

export async function action(args: Route.ActionArgs) {
  const form = await readPageForm(args);
  const t = translatorFor(args.request);
  if (form.staleToken) return data({ message: t('noJs.staleForm'), receivedAt: null }, { status: STALE_FORM_STATUS });
  const answer = (await apolloFor(args).mutate({ mutation: ConfirmWithdrawalMutation, variables: { token: args.params.token ?? '' } })).data?.confirmWithdrawal;
  if (!answer) return data({ message: t('error.generic'), receivedAt: null }, { status: 500 });
  if (answer.__typename === 'Withdrawal') return data({ message: null, receivedAt: String(answer.receivedAt) });
  return data({ message: errorOf(answer).message, receivedAt: null }, { status: answer.__typename === 'WithdrawalOrderNotFoundError' ? 404 : 409 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.withdrawal.confirmTitle, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function WithdrawalConfirmPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const outcome = useActionData<typeof action>();
  return (
    <div className="container page" data-testid="withdrawal-confirm-page">
      <h1>{t('withdrawal.confirmTitle')}</h1>
      {outcome?.receivedAt ? (
        <p role="status" data-testid="withdrawal-confirmed">
          {t('withdrawal.confirmDone', { date: formatDateTime(outcome.receivedAt, language) })}
        </p>
      ) : (
        <>
          <p>{t('withdrawal.confirmText')}</p>
          {outcome?.message && (
            <p className="field__error" role="alert" data-testid="withdrawal-confirm-refused">
              {outcome.message}
            </p>
          )}
          <Form method="post" reloadDocument>
            <FormToken />
            <button type="submit" className="button button--primary button--large" data-testid="withdrawal-confirm-submit">
              {t('withdrawal.confirm')}
            </button>
          </Form>
        </>
      )}
      <p>
        <Link to={href('withdrawalModelForm', language)}>{t('withdrawal.modelForm')}</Link>
      </p>
    </div>
  );
}
