import { useTranslation } from '../../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import { errorOf, fieldErrorMap } from '../../apollo/errors.ts';
import { Field, useForm } from '../ui/form/index.ts';
import { useNotify } from '../ui/Toasts.tsx';
import { useLanguage } from '../../language.ts';
import { email, max, required } from '../../../../schema/rules/index.ts';
import { Captcha } from '../../features/captcha/Captcha.tsx';
import { useCaptcha } from '../../features/captcha/useCaptcha.ts';

const SubscribeMutation = graphql(`
  mutation SubscribeNewsletter($email: String!, $captcha: String) {
    subscribeNewsletter(email: $email, captcha: $captcha) {
      __typename
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export function NewsletterForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { notify } = useNotify();
  const [subscribe, { loading }] = useMutation(SubscribeMutation);
  const form = useForm({ initialValues: { email: '' }, schema: { email: [required, email, max(254)] }, locale: language });
  const captcha = useCaptcha('NEWSLETTER');

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const token = await captcha.take();
    if (!token) return;
    try {
      const result = await subscribe({ variables: { email: form.values.email, captcha: token } });
      const outcome = result.data?.subscribeNewsletter;
      if (outcome?.__typename === 'NewsletterSubscription') {
        notify('success', t('footer.newsletterDone'));
        form.reset();
      } else if (outcome?.__typename === 'ValidationError') {
        const { captcha: captchaError, ...fieldErrors } = fieldErrorMap(outcome);
        form.setServerErrors(fieldErrors);
        captcha.setServerError(captchaError);
      } else if (outcome) {
        form.setServerErrors({ email: errorOf(outcome).message });
      }
    } catch {
      notify('error', t('error.generic'));
    }
  };

  return (
    <form className="newsletter-form" onSubmit={onSubmit} onFocus={captcha.prepare} noValidate>
      <Field label={t('footer.newsletterEmail')} type="email" autoComplete="email" maxLength={254} error={form.errors.email} {...form.fieldProps('email')} />
      <button type="submit" disabled={loading}>
        {t('footer.newsletterSubmit')}
      </button>
      <Captcha captcha={captcha} id="newsletter-captcha" />
    </form>
  );
}
