// Forgotten password (/zapomenute-heslo, /en/forgotten-password): the e-mail, the captcha, and the
// same answer whether the e-mail has an account or not (the server's message, shown on the page and
// as a toast). The e-mail with the link goes out in the account's language.
import { useState } from 'react';
import { Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { Route } from './+types/forgotten-password';
import { errorOf, fieldErrorMap } from '../apollo/errors.ts';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { Field, useForm } from '../components/ui/form/index.ts';
import { useNotify } from '../components/ui/Toasts.tsx';
import { Captcha } from '../features/captcha/Captcha.tsx';
import { useCaptcha } from '../features/captcha/useCaptcha.ts';
import { EMAIL_MAX_LENGTH, forgottenPasswordFormSchema } from '../../../schema/rules/identity.ts';

const RequestPasswordResetMutation = graphql(`
  mutation RequestPasswordReset($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ... on PasswordResetRequested {
        message
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export function loader(args: Route.LoaderArgs) {
  return { language: languageOfRequest(args.request), alternates: alternatesFor('forgottenPassword') };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.identity.forgotten.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function ForgottenPassword() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { notify } = useNotify();
  const [sent, setSent] = useState<string | null>(null);
  const [request, { loading }] = useMutation(RequestPasswordResetMutation);
  const form = useForm({ initialValues: { email: '' }, schema: forgottenPasswordFormSchema, locale: language });
  const captcha = useCaptcha('PASSWORD_RESET');

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const token = await captcha.take();
    if (!token) return;
    try {
      const result = await request({ variables: { input: { email: form.values.email, captcha: token } } });
      const outcome = result.data?.requestPasswordReset;
      if (outcome?.__typename === 'PasswordResetRequested') {
        setSent(outcome.message);
        notify('success', outcome.message);
        return;
      }
      if (outcome?.__typename === 'ValidationError') {
        const { captcha: captchaError, ...fieldErrors } = fieldErrorMap(outcome);
        form.setServerErrors(fieldErrors);
        captcha.setServerError(captchaError);
        return;
      }
      notify('error', outcome ? errorOf(outcome).message : t('identity.genericError'));
    } catch {
      notify('error', t('identity.genericError'));
    }
  };

  return (
    <div className="container page narrow">
      <h1>{t('identity.forgotten.title')}</h1>
      {sent ? (
        <p role="status" data-testid="reset-requested">
          {sent}
        </p>
      ) : (
        <>
          <p>{t('identity.forgotten.intro')}</p>
          <form onSubmit={onSubmit} onFocus={captcha.prepare} noValidate className="form" data-testid="forgotten-password-form">
            <Field label={t('account.email')} type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} error={form.errors.email} {...form.fieldProps('email')} />
            <Captcha captcha={captcha} id="forgotten-password-captcha" />
            <button type="submit" className="button button--primary" disabled={loading}>
              {loading ? t('identity.forgotten.submitting') : t('identity.forgotten.submit')}
            </button>
          </form>
        </>
      )}
      <p>
        <Link to={href('login', language)}>{t('identity.forgotten.backToLogin')}</Link>
      </p>
    </div>
  );
}
