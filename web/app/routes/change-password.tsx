// Setting a new password from the e-mailed link (/zmena-hesla/{hash}, /en/change-password/{hash}):
// new password and its confirmation. Success signs the shopper in (every other session of the
// account ends) and leads to the thank-you page; a used, expired or wrong link gets the spec's
// 'Password could not be changed…' with a way to ask for a new link. Once read, the token is kept in the
// session and the address becomes /zmena-hesla (requirements L3, features/secret-links).
import { useNavigate } from 'react-router';
import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { Route } from './+types/change-password';
import { errorOf, fieldErrorMap } from '../apollo/errors.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { useNotify } from '../components/ui/Toasts.tsx';
import { PersonalQuery } from '../features/personal/personal-query.ts';
import { NewPasswordFields, useNewPasswordForm } from '../features/identity/NewPasswordFields.tsx';
import { useState } from 'react';
import { apolloFor } from '../apollo/load.ts';
import { keptSecret, useSecretOutOfAddressBar } from '../features/secret-links/link-secret.ts';

const ResetPasswordMutation = graphql(`
  mutation ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      __typename
      ... on Customer {
        id
        firstName
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export async function loader(args: Route.LoaderArgs) {
  const fromLink = args.params.hash ?? null;
  // at the address without the token, the one this browser's session kept (none: the reset fails as with a wrong link)
  const hash = fromLink ?? (await keptSecret(apolloFor(args), 'PASSWORD_RESET')) ?? '';
  // without JavaScript the address keeps its token, and so does the language switch
  const alternates = fromLink ? alternatesFor('changePassword', { hash: fromLink }) : alternatesFor('changePasswordKept');
  return { language: languageOfRequest(args.request), alternates, hash, fromLink };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.identity.reset.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function ChangePassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  useSecretOutOfAddressBar('PASSWORD_RESET', loaderData.fromLink, href('changePasswordKept', language));
  const navigate = useNavigate();
  const { notify } = useNotify();
  const [failed, setFailed] = useState<string | null>(null);
  const [reset, { loading }] = useMutation(ResetPasswordMutation, { refetchQueries: [PersonalQuery], awaitRefetchQueries: true });
  const form = useNewPasswordForm(language);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailed(null);
    if (!form.validateAll()) return;
    try {
      const result = await reset({ variables: { input: { token: loaderData.hash, password: form.values.password, passwordConfirmation: form.values.passwordConfirmation } } });
      const outcome = result.data?.resetPassword;
      if (outcome?.__typename === 'Customer') {
        notify('success', t('identity.reset.success'), { nextPage: true });
        await navigate(`${href('accountThankYou', language)}?after=passwordChanged`);
        return;
      }
      if (outcome?.__typename === 'ValidationError') {
        form.setServerErrors(fieldErrorMap(outcome));
        return;
      }
      const text = outcome ? errorOf(outcome).message : t('identity.genericError');
      setFailed(text);
      notify('error', text);
    } catch {
      notify('error', t('identity.genericError'));
    }
  };

  return (
    <div className="container page narrow">
      <h1>{t('identity.reset.title')}</h1>
      <p>{t('identity.reset.intro')}</p>
      {failed ? (
        <p className="field__error" role="alert" data-testid="password-change-failed">
          {failed} <Link to={href('forgottenPassword', language)}>{t('identity.reset.requestNew')}</Link>
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="form" data-testid="new-password-form">
        <NewPasswordFields form={form} />
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? t('identity.reset.submitting') : t('identity.reset.submit')}
        </button>
      </form>
    </div>
  );
}
