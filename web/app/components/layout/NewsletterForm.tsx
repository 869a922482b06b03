import { useTranslation } from 'react-i18next';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import { fieldErrorMap } from '../../apollo/errors.ts';
import { Field, useForm } from '../ui/form/index.ts';
import { useNotify } from '../ui/Toasts.tsx';
import { useLanguage } from '../../language.ts';
import { email, max, required } from '../../../../schema/rules/index.ts';

const SubscribeMutation = graphql(`
  mutation SubscribeNewsletter($email: String!) {
    subscribeNewsletter(email: $email) {
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

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    try {
      const result = await subscribe({ variables: { email: form.values.email } });
      const outcome = result.data?.subscribeNewsletter;
      if (outcome?.__typename === 'NewsletterSubscription') {
        notify('success', t('footer.newsletterDone'));
        form.reset();
      } else if (outcome?.__typename === 'ValidationError') {
        form.setServerErrors(fieldErrorMap(outcome));
      } else if (outcome && 'message' in outcome) {
        form.setServerErrors({ email: outcome.message });
      }
    } catch {
      notify('error', t('error.generic'));
    }
  };

  return (
    <form className="newsletter-form" onSubmit={onSubmit} noValidate>
      <Field label={t('footer.newsletterEmail')} type="email" autoComplete="email" maxLength={254} error={form.errors.email} {...form.fieldProps('email')} />
      <button type="submit" disabled={loading}>
        {t('footer.newsletterSubmit')}
      </button>
    </form>
  );
}
