// Password change in the account (/ucet/zmena-hesla, /en/account/change-password): the old
// password, the new one and its confirmation (spec section 3). Every other session of the account
// ends; this browser stays signed in with a new session id and lands on the thank-you page.
import { useNavigate } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { Route } from './+types/account-password';
import { requireCustomer } from '../apollo/guard.ts';
import { errorOf, fieldErrorMap } from '../apollo/errors.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { useNotify } from '../components/ui/Toasts.tsx';
import { AccountLayout } from '../features/account/AccountLayout.tsx';
import { NewPasswordFields, useNewPasswordForm } from '../features/identity/NewPasswordFields.tsx';

const ChangePasswordMutation = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      __typename
      ... on Customer {
        id
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

async function load(args: Route.LoaderArgs | Route.ClientLoaderArgs) {
  await requireCustomer(args);
  return { language: languageOfRequest(args.request), alternates: alternatesFor('accountPassword') };
}

export const loader = (args: Route.LoaderArgs) => load(args);
export const clientLoader = (args: Route.ClientLoaderArgs) => load(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.account.changePassword, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function AccountPassword() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const [change, { loading }] = useMutation(ChangePasswordMutation);
  const form = useNewPasswordForm(language, true);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    try {
      const result = await change({ variables: { input: form.values } });
      const outcome = result.data?.changePassword;
      if (outcome?.__typename === 'Customer') {
        notify('success', t('myAccount.thankYou.passwordChangedTitle'), { nextPage: true });
        await navigate(`${href('accountThankYou', language)}?after=passwordChanged`);
        return;
      }
      if (outcome?.__typename === 'ValidationError') {
        form.setServerErrors(fieldErrorMap(outcome));
        return;
      }
      notify('error', outcome ? errorOf(outcome).message : t('identity.genericError'));
    } catch {
      notify('error', t('identity.genericError'));
    }
  };

  return (
    <AccountLayout current="accountPassword">
      <h1>{t('account.changePassword')}</h1>
      <p>{t('identity.reset.accountIntro')}</p>
      <form onSubmit={onSubmit} noValidate className="form" data-testid="account-password-form">
        <NewPasswordFields form={form} withOldPassword />
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? t('identity.reset.submitting') : t('identity.reset.submit')}
        </button>
      </form>
    </AccountLayout>
  );
}
