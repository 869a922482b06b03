import { useState } from 'react';
import { useNavigate, useSearchParams, Link } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import { errorOf, fieldErrorMap } from '../apollo/errors.ts';
import { requireGuest } from '../apollo/guard.ts';
import type { Route } from './+types/login';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { useForm, Field } from '../components/ui/form/index.ts';
import { useNotify } from '../components/ui/Toasts.tsx';
import { PersonalQuery } from '../features/personal/personal-query.ts';
import { email, max, required } from '../../../schema/rules/index.ts';
import { safeLocalPath } from '../../../schema/routes.ts';
import { forgetWishlistHearts } from '../features/wishlist/forget-hearts.ts';
import { Captcha } from '../features/captcha/Captcha.tsx';
import { useCaptcha } from '../features/captcha/useCaptcha.ts';

const LoginMutation = graphql(`
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on Customer {
        id
        firstName
      }
      ... on Error {
        ...ErrorFields
      }
      ... on TooManyAttemptsError {
        captchaAccepted
      }
    }
  }
`);

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args);
  return { language: languageOfRequest(args.request), alternates: alternatesFor('login') };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.account.login, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

export default function Login() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { notify } = useNotify();
  const [login, { loading }] = useMutation(LoginMutation, {
    refetchQueries: [PersonalQuery],
    awaitRefetchQueries: true,
    // the guest's hearts are now the customer's (merged at login): read them again
    update: (cache, { data }) => {
      if (data?.login.__typename === 'Customer') forgetWishlistHearts(cache);
    },
  });
  const form = useForm({
    initialValues: { email: '', password: '' },
    schema: { email: [required, email, max(254)], password: [required, max(128)] },
    locale: language,
  });

  // an account locked by failed attempts (from anywhere) lets its owner in with a solved captcha
  const captcha = useCaptcha('LOGIN');
  const [locked, setLocked] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const token = locked ? await captcha.take() : null;
    if (locked && !token) return;
    try {
      const result = await login({ variables: { input: { email: form.values.email, password: form.values.password, captcha: token } } });
      const outcome = result.data?.login;
      if (outcome?.__typename === 'Customer') {
        notify('success', t('account.loginSuccess'), { nextPage: true });
        await navigate(safeLocalPath(params.get('next'), href('account', language)));
        return;
      }
      if (outcome?.__typename === 'TooManyAttemptsError' && outcome.captchaAccepted) {
        setLocked(true);
        notify('error', t('account.loginLocked'));
        return;
      }
      if (outcome?.__typename === 'ValidationError') {
        const { captcha: captchaError, ...fieldErrors } = fieldErrorMap(outcome);
        form.setServerErrors(fieldErrors);
        captcha.setServerError(captchaError);
      }
      notify('error', outcome ? errorOf(outcome).message : t('account.loginError'));
    } catch {
      notify('error', t('account.loginError'));
    }
  };

  return (
    <div className="container page narrow">
      <h1>{t('account.login')}</h1>
      <p>{t('account.loginIntro')}</p>
      <form onSubmit={onSubmit} onFocus={locked ? captcha.prepare : undefined} noValidate className="form">
        <Field label={t('account.email')} type="email" autoComplete="email" error={form.errors.email} {...form.fieldProps('email')} />
        <Field label={t('account.password')} type="password" autoComplete="current-password" error={form.errors.password} {...form.fieldProps('password')} />
        {locked ? (
          <>
            <p role="status" data-testid="login-locked">
              {t('account.loginLocked')}
            </p>
            <Captcha captcha={captcha} id="login-captcha" />
          </>
        ) : null}
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? t('account.loggingIn') : t('account.submitLogin')}
        </button>
      </form>
      <p>
        <Link to={href('forgottenPassword', language)}>{t('account.forgottenPassword')}</Link>
      </p>
      <p>
        {t('account.noAccount')} <Link to={href('registration', language)}>{t('account.register')}</Link>
      </p>
    </div>
  );
}
