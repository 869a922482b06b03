// /voucher (/en/voucher): check a voucher code — its value, validity window (Europe/Prague) and
// conditions — with the e-mail an e-mail-bound voucher needs, and put it into the cart.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { graphql } from '~/gql';
import type { CheckVoucherQuery as CheckVoucherData } from '~/gql/graphql';
import type { Route } from './+types/voucher';
import { alternatesFor, href, languageOfRequest, useLanguage } from '../language.ts';
import { pageMeta, titleWithShop } from '../seo.ts';
import { useForm, Field } from '../components/ui/form/index.ts';
import { useFormatMoney } from '../components/ui/Money.tsx';
import { useNotify } from '../components/ui/Toasts.tsx';
import { fieldErrorMap } from '../apollo/errors.ts';
import { Captcha } from '../features/captcha/Captcha.tsx';
import { useCaptcha } from '../features/captcha/useCaptcha.ts';
import { ApplyVoucherMutation, useVoucherValue } from '../features/cart/CartVouchers.tsx';
import { email, max, required } from '../../../schema/rules/index.ts';
import { resources } from '../i18n/index.ts';
import '../features/checkout/checkout.css';

const CheckVoucherQuery = graphql(`
  query CheckVoucher($code: String!, $email: String, $captcha: String) {
    checkVoucher(code: $code, email: $email, captcha: $captcha) {
      __typename
      ... on VoucherCheck {
        code
        kind
        percent
        amount {
          amount
          currency
        }
        validFrom
        validUntil
        minimumOrder {
          amount
          currency
        }
        emailBound
        customerBound
        oncePerCustomer
        remainingUses
        canApply
        applyProblem
        applyMessage
      }
      ... on VoucherError {
        problem
      }
      ... on Error {
        ...ErrorFields
      }
    }
  }
`);

export function loader(args: Route.LoaderArgs) {
  return { language: languageOfRequest(args.request), alternates: alternatesFor('voucher') };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ title: titleWithShop(resources[loaderData.language].common.voucher.pageTitle, loaderData.language), alternates: loaderData.alternates, language: loaderData.language, matches, noindex: true })
    : [];

type Checked = Extract<CheckVoucherData['checkVoucher'], { __typename: 'VoucherCheck' }>;

export default function VoucherPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useFormatMoney();
  const value = useVoucherValue();
  const { notify } = useNotify();
  const client = useApolloClient();
  const [needsEmail, setNeedsEmail] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [checking, setChecking] = useState(false);
  const [added, setAdded] = useState(false);
  // after a few checks from one address the server asks for a captcha: solved here, then checked again
  const captcha = useCaptcha('VOUCHER_CHECK');
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [apply, { loading: applying }] = useMutation(ApplyVoucherMutation);
  const form = useForm({
    initialValues: { code: '', email: '' },
    schema: { code: [required, max(64)], email: needsEmail ? [required, email, max(254)] : [email, max(254)] },
    locale: language,
  });
  const dateTime = new Intl.DateTimeFormat(language === 'cs' ? 'cs-CZ' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Prague' });

  const onCheck = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(null);
    setAdded(false);
    if (!form.validateAll()) return;
    setChecking(true);
    try {
      const run = async (token: string | null) => {
        const { data } = await client.query({
          query: CheckVoucherQuery,
          variables: { code: form.values.code.trim(), email: form.values.email.trim() || null, captcha: token },
          fetchPolicy: 'network-only',
        });
        return data?.checkVoucher;
      };
      let token = captchaNeeded ? await captcha.take() : null;
      if (captchaNeeded && !token) return;
      let outcome = await run(token);
      const asksCaptcha = outcome?.__typename === 'ValidationError' && outcome.fieldErrors.some((entry) => entry.field === 'captcha');
      if (asksCaptcha && !token) {
        setCaptchaNeeded(true);
        token = await captcha.take();
        if (!token) return;
        outcome = await run(token);
      }
      if (!outcome) throw new Error('no answer');
      if (outcome.__typename === 'VoucherCheck') {
        setChecked(outcome);
        return;
      }
      if (outcome.__typename === 'VoucherError' && (outcome.problem === 'EMAIL_REQUIRED' || outcome.problem === 'EMAIL_MISMATCH')) {
        setNeedsEmail(true);
        form.setServerErrors({ email: outcome.message });
        return;
      }
      if (outcome.__typename === 'ValidationError') {
        const { captcha: captchaError, ...fieldErrors } = fieldErrorMap(outcome);
        captcha.setServerError(captchaError);
        form.setServerErrors(fieldErrors);
        if (captchaError) return;
        if (outcome.fieldErrors.length === 0) form.setServerErrors({ code: outcome.message });
        return;
      }
      form.setServerErrors({ code: outcome.message });
    } catch {
      notify('error', t('voucher.checkFailed'));
    } finally {
      setChecking(false);
    }
  };

  const onApply = async () => {
    if (!checked) return;
    try {
      const result = await apply({ variables: { code: checked.code, email: form.values.email.trim() || null } });
      const outcome = result.data?.applyVoucher;
      if (outcome?.__typename === 'Cart') {
        setAdded(true);
        notify('success', t('voucher.applied'));
      } else notify('error', outcome && 'message' in outcome ? outcome.message : t('voucher.applyFailed'));
    } catch {
      notify('error', t('voucher.applyFailed'));
    }
  };

  return (
    <div className="container page narrow voucher-page">
      <h1>{t('voucher.pageTitle')}</h1>
      <p>{t('voucher.pageIntro')}</p>
      <form onSubmit={(event) => void onCheck(event)} noValidate className="form">
        <Field label={t('voucher.code')} autoComplete="off" error={form.errors.code} {...form.fieldProps('code')} />
        <Field label={needsEmail ? `${t('voucher.email')} *` : t('voucher.email')} type="email" autoComplete="email" hint={t('voucher.emailHint')} error={form.errors.email} {...form.fieldProps('email')} />
        {captchaNeeded ? <Captcha captcha={captcha} id="voucher-captcha" /> : null}
        <button type="submit" className="button button--primary" disabled={checking}>
          {t('voucher.check')}
        </button>
      </form>
      {checked && (
        <section className="voucher-check" aria-live="polite" data-testid="voucher-check">
          <h2>
            {checked.code}: {value(checked)}
          </h2>
          <dl className="totals__list">
            <div>
              <dt>{t('voucher.validFrom')}</dt>
              <dd>{checked.validFrom ? dateTime.format(new Date(checked.validFrom)) : t('voucher.noLimit')}</dd>
            </div>
            <div>
              <dt>{t('voucher.validUntil')}</dt>
              <dd>{checked.validUntil ? dateTime.format(new Date(checked.validUntil)) : t('voucher.noLimit')}</dd>
            </div>
          </dl>
          <ul className="voucher-check__conditions">
            {checked.minimumOrder && <li>{t('voucher.minimum', { amount: format(checked.minimumOrder.amount, checked.minimumOrder.currency) })}</li>}
            {checked.emailBound && <li>{t('voucher.emailBound')}</li>}
            {checked.customerBound && <li>{t('voucher.customerBound')}</li>}
            {checked.oncePerCustomer && <li>{t('voucher.oncePerCustomer')}</li>}
            {checked.remainingUses !== null && checked.remainingUses !== undefined && <li>{t('voucher.remainingUses', { count: checked.remainingUses })}</li>}
            {!checked.minimumOrder && !checked.emailBound && !checked.customerBound && !checked.oncePerCustomer && checked.remainingUses == null && <li>{t('voucher.noConditions')}</li>}
          </ul>
          {checked.canApply ? (
            added ? (
              <p>
                {t('voucher.inCart')} <Link to={href('cart', language)}>{t('voucher.toCart')}</Link>
              </p>
            ) : (
              <button type="button" className="button button--primary" onClick={() => void onApply()} disabled={applying} data-testid="voucher-apply">
                {t('voucher.putInCart')}
              </button>
            )
          ) : (
            <p className="field__error" role="alert">
              {checked.applyMessage}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
