// Registration (/registrace, /en/registrace): the spec's fields with its validators (the same schema
// the BFF runs, schema/rules/identity.ts), consent required, the captcha solved in the background.
// 'E-mail already exists' offers another e-mail or the forgotten-password page. Success signs the
// shopper in (the header follows at once) and leads to the thank-you page after registration.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { resources, useTranslation } from '../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { Route } from './+types/registration';
import { errorOf, fieldErrorMap } from '../apollo/errors.ts';
import { alternatesFor, href, infoHref, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { Field, fieldErrorId, useForm } from '../components/ui/form/index.ts';
import { useNotify } from '../components/ui/Toasts.tsx';
import { PersonalQuery } from '../features/personal/personal-query.ts';
import { Captcha } from '../features/captcha/Captcha.tsx';
import { useCaptcha } from '../features/captcha/useCaptcha.ts';
import { forgetWishlistHearts } from '../features/wishlist/forget-hearts.ts';
import { registrationFormSchema, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../../schema/rules/identity.ts';

const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
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

// no guard: the spec gives registration none (section 6), so a signed-in customer sees the form too
export function loader(args: Route.LoaderArgs) {
  return { language: languageOfRequest(args.request), alternates: alternatesFor('registration') };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.identity.registration.title, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

const EMPTY = { email: '', phone: '', firstName: '', lastName: '', password: '', passwordConfirmation: '', newsletter: false, consent: false };

export default function Registration() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { notify } = useNotify();
  const [emailTaken, setEmailTaken] = useState(false);
  const [register, { loading }] = useMutation(RegisterMutation, {
    refetchQueries: [PersonalQuery],
    awaitRefetchQueries: true,
    // the guest's hearts are now the new customer's (merged at sign-in): read them again
    update: (cache, { data }) => {
      if (data?.register.__typename === 'Customer') forgetWishlistHearts(cache);
    },
  });
  const form = useForm({ initialValues: EMPTY, schema: registrationFormSchema, locale: language });
  const captcha = useCaptcha('REGISTRATION');
  const consent = form.checkboxProps('consent');

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setEmailTaken(false);
    if (!form.validateAll()) return;
    const token = await captcha.take();
    if (!token) return;
    try {
      const result = await register({ variables: { input: { ...form.values, phone: form.values.phone || null, captcha: token } } });
      const outcome = result.data?.register;
      if (outcome?.__typename === 'Customer') {
        notify('success', t('identity.registration.success'), { nextPage: true });
        await navigate(`${href('accountThankYou', language)}?after=registration`);
        return;
      }
      if (outcome?.__typename === 'EmailTakenError') {
        setEmailTaken(true);
        form.setServerErrors({ email: t('identity.registration.emailTaken') });
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
      <h1>{t('identity.registration.title')}</h1>
      <p>{t('identity.registration.intro')}</p>
      <form onSubmit={onSubmit} onFocus={captcha.prepare} noValidate className="form" data-testid="registration-form">
        <Field label={t('identity.registration.email')} type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} error={form.errors.email} {...form.fieldProps('email')} />
        {emailTaken ? (
          <p className="form__note" data-testid="email-taken">
            {t('identity.registration.emailTakenOther')} <Link to={href('forgottenPassword', language)}>{t('identity.registration.emailTakenReset')}</Link>.
          </p>
        ) : null}
        <Field label={t('identity.registration.firstName')} autoComplete="given-name" maxLength={NAME_MAX_LENGTH} error={form.errors.firstName} {...form.fieldProps('firstName')} />
        <Field label={t('identity.registration.lastName')} autoComplete="family-name" maxLength={NAME_MAX_LENGTH} error={form.errors.lastName} {...form.fieldProps('lastName')} />
        <Field label={t('identity.registration.phone')} type="tel" autoComplete="tel" maxLength={20} hint={t('identity.registration.phoneHint')} error={form.errors.phone} {...form.fieldProps('phone')} />
        <Field
          label={t('identity.registration.password')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          hint={t('identity.registration.passwordHint')}
          error={form.errors.password}
          {...form.fieldProps('password')}
        />
        <Field
          label={t('identity.registration.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          error={form.errors.passwordConfirmation}
          {...form.fieldProps('passwordConfirmation')}
        />
        <label className="checkbox">
          <input {...form.checkboxProps('newsletter')} />
          {t('identity.registration.newsletter')}
        </label>
        <div className={form.errors.consent ? 'checkbox-field field--invalid' : 'checkbox-field'}>
          <label className="checkbox">
            <input {...consent} data-testid="consent" />
            <span>
              {t('identity.registration.consentBefore')}
              <a href={infoHref('terms', language)} target="_blank" rel="noopener">
                {t('identity.registration.consentTerms')}
                <span className="visually-hidden">{t('identity.registration.newWindow')}</span>
              </a>
              {t('identity.registration.consentBetween')}
              {/* the consent to the processing of personal data reads the privacy page, not the terms */}
              <a href={infoHref('privacy', language)} target="_blank" rel="noopener">
                {t('identity.registration.consentPrivacy')}
                <span className="visually-hidden">{t('identity.registration.newWindow')}</span>
              </a>
              {t('identity.registration.consentAfter')}
            </span>
          </label>
          {form.errors.consent ? (
            <p id={fieldErrorId(consent.id)} className="field__error" role="alert">
              {form.errors.consent}
            </p>
          ) : null}
        </div>
        <Captcha captcha={captcha} id="registration-captcha" />
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? t('identity.registration.submitting') : t('identity.registration.submit')}
        </button>
      </form>
      <p>
        {t('identity.registration.haveAccount')} <Link to={href('login', language)}>{t('identity.registration.login')}</Link>
      </p>
    </div>
  );
}
