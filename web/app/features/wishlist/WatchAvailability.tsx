// 'Hlídat dostupnost' on a sold-out variant: an e-mail field (pre-filled for a signed-in customer),
// the self-hosted captcha, and one confirmation that reads the same whether the address watched the
// variant before or not.
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import { errorOf, fieldErrorMap } from '../../apollo/errors.ts';
import { Field, useForm } from '../../components/ui/form/index.ts';
import { useNotify } from '../../components/ui/Toasts.tsx';
import { useLanguage } from '../../language.ts';
import { email, max, required } from '../../../../schema/rules/index.ts';
import { Captcha } from '../captcha/Captcha.tsx';
import { useCaptcha } from '../captcha/useCaptcha.ts';
import { usePersonal } from '../personal/personal-query.ts';

const WatchAvailabilityMutation = graphql(`
  mutation WatchAvailability($variantId: ID!, $email: String!, $captcha: String) {
    watchAvailability(variantId: $variantId, email: $email, captcha: $captcha) {
      __typename
      ... on AvailabilityWatchConfirmation {
        email
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export function WatchAvailability({ variant }: { variant: { id: string; label: string } }) {
  // a signed-in customer's e-mail, from the personal query after hydration (0043)
  const known = usePersonal()?.me?.email ?? '';
  // the key fills the field once the customer's e-mail is known, and clears it for another variant
  return <WatchForm key={`${variant.id}:${known}`} variant={variant} initialEmail={known} />;
}

function WatchForm({ variant, initialEmail }: { variant: { id: string; label: string }; initialEmail: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { notify } = useNotify();
  const [watch, { loading }] = useMutation(WatchAvailabilityMutation);
  const form = useForm({ initialValues: { email: initialEmail }, schema: { email: [required, email, max(254)] }, locale: language });
  const captcha = useCaptcha('AVAILABILITY_WATCH');
  const [done, setDone] = useState<string | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const token = await captcha.take();
    if (!token) return;
    try {
      const result = await watch({ variables: { variantId: variant.id, email: form.values.email, captcha: token } });
      const outcome = result.data?.watchAvailability;
      if (outcome?.__typename === 'AvailabilityWatchConfirmation') {
        setDone(outcome.email);
      } else if (outcome?.__typename === 'ValidationError') {
        const { captcha: captchaError, ...fieldErrors } = fieldErrorMap(outcome);
        form.setServerErrors(fieldErrors);
        captcha.setServerError(captchaError);
      } else if (outcome) {
        form.setServerErrors({ email: errorOf(outcome).message });
      } else {
        notify('error', t('watch.failed'));
      }
    } catch {
      notify('error', t('watch.failed'));
    }
  };

  return (
    <section className="watch-form" aria-labelledby="watch-title" data-testid="watch-availability">
      <h2 id="watch-title">{t('watch.title')}</h2>
      {done ? (
        <p className="watch-form__done" role="status">
          {t('watch.done', { email: done })}
        </p>
      ) : (
        <form onSubmit={onSubmit} onFocus={captcha.prepare} noValidate>
          <p>{t('watch.intro', { variant: variant.label })}</p>
          <div className="watch-form__row">
            <Field label={t('watch.email')} type="email" autoComplete="email" maxLength={254} error={form.errors.email} {...form.fieldProps('email')} />
            <button type="submit" className="button button--primary" disabled={loading}>
              {loading ? t('watch.sending') : t('watch.submit')}
            </button>
          </div>
          <Captcha captcha={captcha} id="watch-captcha" />
        </form>
      )}
    </section>
  );
}
